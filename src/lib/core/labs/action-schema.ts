import { z } from 'zod';
import { protocolRequestActions } from '../world/protocol-request-actions';

// Apart from the lab schema (lab-schema.ts re-exports these): a cue file is checked with the
// same action schema in the browser, where the scenario schema need not come along.

/**
 * One learner action of a step's solution. Every lab carries its solution, so tests can play
 * each lab to its goals (in the core and through the UI) and a lab that cannot be finished fails.
 */
export const actionSchema = z.discriminatedUnion('do', [
	z.strictObject({ do: z.enum(['kill', 'restart', 'hang']), server: z.string() }),
	z.strictObject({ do: z.enum(['startSession', 'closeSession', 'connectAll', 'reconnectAll']) }),
	z.strictObject({
		do: z.literal('call'),
		tool: z.string(),
		arguments: z.record(z.string(), z.unknown()).default({})
	}),
	z.strictObject({ do: z.literal('predict'), option: z.string() }),
	/** The harness's permission mode for the calls that follow. */
	z.strictObject({
		do: z.literal('setPermissionMode'),
		mode: z.enum(['default', 'plan', 'full_auto'])
	}),
	/** The learner answers the permission question of the newest call waiting for one. */
	z.strictObject({ do: z.literal('answer'), approve: z.boolean() }),
	/** ToolSource: cancel the newest call still in flight. */
	z.strictObject({ do: z.literal('cancel') }),
	/** ToolSource: settle the oldest unreconciled call. */
	z.strictObject({ do: z.literal('reconcile'), verdict: z.enum(['applied', 'not_applied']) }),
	z.strictObject({ do: z.literal('restartHarness') }),
	/** The learner edits the world (the editor's Apply): the whole new scenario. */
	z.strictObject({ do: z.literal('setScenario'), scenario: z.record(z.string(), z.unknown()) }),
	/**
	 * The learner walks `count` messages on in one server's "message by message" view. Only the
	 * page moves: the world does not change, so no goal can see it.
	 */
	z.strictObject({
		do: z.literal('wireStep'),
		server: z.string(),
		count: z.number().int().min(1).max(50)
	}),
	/** The learner answers the newest pending sampling request (`text`: the edited reply). */
	z.strictObject({
		do: z.literal('answerSampling'),
		action: z.enum(['approve', 'reject']),
		text: z.string().optional()
	}),
	/** The learner answers the newest pending elicitation; `content` is what the form sends. */
	z.strictObject({
		do: z.literal('answerElicitation'),
		action: z.enum(['accept', 'decline', 'cancel']),
		content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional()
	}),
	/** The host's roots become exactly these (the roots editor's Apply). */
	z.strictObject({ do: z.literal('setRoots'), roots: z.array(z.string()) }),
	/** A command of the lab's harness profile (trust a connector, edit a grant, start a run…). */
	z.strictObject({
		do: z.literal('profile'),
		command: z.string(),
		args: z.record(z.string(), z.unknown()).default({})
	}),
	/** Resources and prompts requests, as the world logs them (prompts/get from the prompt's form). */
	...protocolRequestActions
]);

export type LabAction = z.output<typeof actionSchema>;

/**
 * One cue of an instructor's scripted demo: the actions it performs on the world (the same
 * objects as a step's solution), the lab step it belongs to, and whether "play to the next
 * pause" stops after it. Its narration is in the lab's markdown, under `## … {#cues}`.
 */
export const cueSchema = z.strictObject({
	id: z.string().regex(/^[a-z0-9-]+$/),
	step: z.string().optional(),
	actions: z.array(actionSchema).max(50).default([]),
	pause: z.boolean().default(false)
});

export type LabCue = z.output<typeof cueSchema>;

/** What makes a cue list unplayable in a lab with these steps; paths are inside the list. */
export function cueProblems(
	cues: ReadonlyArray<{ id: string; step?: string }>,
	steps: readonly string[]
): Array<{ path: [number, string]; message: string }> {
	const problems: Array<{ path: [number, string]; message: string }> = [];
	const seen = new Set<string>();
	cues.forEach((cue, i) => {
		if (seen.has(cue.id)) problems.push({ path: [i, 'id'], message: `Duplicate cue ${cue.id}.` });
		seen.add(cue.id);
		if (cue.step !== undefined && !steps.includes(cue.step))
			problems.push({ path: [i, 'step'], message: `There is no step ${cue.step} in this lab.` });
	});
	return problems;
}
