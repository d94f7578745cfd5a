import { z } from 'zod';
import { scenarioSchema } from '../scenario/schema';
import { protocolRequestActions } from '../world/actions';
import { PANELS } from '../embed/protocol';

/**
 * A goal is checked against the world's state after every change. Kept small and declarative so
 * a lab is data: adding a lab needs no code.
 */
export type Goal =
	| { all: Goal[] }
	| { any: Goal[] }
	| { sessionStarted: boolean }
	| {
			server: string;
			state?: string;
			process?: string;
			detailIncludes?: string;
			/** The protocol version the connection negotiated. */
			protocolVersion?: string;
	  }
	| {
			registry: {
				name?: string;
				nameIncludes?: string;
				server?: string;
				available?: boolean;
				count?: number;
			};
	  }
	| {
			call: {
				name?: string;
				nameIncludes?: string;
				server?: string;
				isError?: boolean;
				outputStartsWith?: string;
				outputIncludes?: string;
				/** The arguments sent break the server's own inputSchema (the harness let them through). */
				violatesServerSchema?: boolean;
				/**
				 * The call's state in the profile's words (ToolSource: `unknown`, `permission_denied`…,
				 * or a state it waits in, like `waiting_for_approval`). Absent: the call has ended.
				 */
				state?: string;
				/** OpenHarness: a stage of the call decided so (e.g. `permission` → `ask`). */
				stage?: string;
				outcome?: string;
			};
	  }
	/** The harness's current permission mode (OpenHarness). */
	| { permissionMode: string }
	/** ToolSource: whether the run is interrupted by an unreconciled call. */
	| { run: 'running' | 'interrupted' }
	/** The latest registry build had a name collision (one registration replaced another). */
	| { collision: true }
	| { command: string; server?: string }
	| { predicted: true }
	/** A server asked the host (sampling, elicitation, roots), or that request was settled so. */
	| {
			hostRequest: { kind?: 'sampling' | 'elicitation' | 'roots'; state?: string; server?: string };
	  }
	/** A learner's own request (resources, prompts, log level) was answered, or failed. */
	| {
			protocolResult: {
				method?: string;
				server?: string;
				ok?: boolean;
				errorIncludes?: string;
			};
	  }
	/** A message with this method crossed a wire (anywhere in this world's protocol log). */
	| { wire: { method: string; server?: string; dir?: 'to-server' | 'to-host' } };

export const goalSchema: z.ZodType<Goal> = z.lazy(() =>
	z.union([
		z.strictObject({ all: z.array(goalSchema).min(1) }),
		z.strictObject({ any: z.array(goalSchema).min(1) }),
		z.strictObject({ sessionStarted: z.boolean() }),
		z.strictObject({
			server: z.string(),
			state: z.string().optional(),
			process: z.string().optional(),
			detailIncludes: z.string().optional(),
			protocolVersion: z.string().optional()
		}),
		z.strictObject({
			registry: z.strictObject({
				name: z.string().optional(),
				nameIncludes: z.string().optional(),
				server: z.string().optional(),
				available: z.boolean().optional(),
				count: z.number().int().min(0).optional()
			})
		}),
		z.strictObject({
			call: z.strictObject({
				name: z.string().optional(),
				nameIncludes: z.string().optional(),
				server: z.string().optional(),
				isError: z.boolean().optional(),
				outputStartsWith: z.string().optional(),
				outputIncludes: z.string().optional(),
				violatesServerSchema: z.boolean().optional(),
				state: z.string().optional(),
				stage: z.string().optional(),
				outcome: z.string().optional()
			})
		}),
		z.strictObject({ permissionMode: z.string() }),
		z.strictObject({ run: z.enum(['running', 'interrupted']) }),
		z.strictObject({ collision: z.literal(true) }),
		z.strictObject({ command: z.string(), server: z.string().optional() }),
		z.strictObject({ predicted: z.literal(true) }),
		z.strictObject({
			hostRequest: z.strictObject({
				kind: z.enum(['sampling', 'elicitation', 'roots']).optional(),
				state: z.string().optional(),
				server: z.string().optional()
			})
		}),
		z.strictObject({
			protocolResult: z.strictObject({
				method: z.string().optional(),
				server: z.string().optional(),
				ok: z.boolean().optional(),
				errorIncludes: z.string().optional()
			})
		}),
		z.strictObject({
			wire: z.strictObject({
				method: z.string(),
				server: z.string().optional(),
				dir: z.enum(['to-server', 'to-host']).optional()
			})
		})
	])
) as z.ZodType<Goal>;

export const checkSchema = z.strictObject({ id: z.string().min(1), goal: goalSchema });

export const predictSchema = z.strictObject({
	options: z.array(z.string().min(1)).min(2),
	answer: z.string().min(1)
});

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
	/** Resources and prompts requests, as the world logs them (prompts/get from the prompt's form). */
	...protocolRequestActions
]);

export type LabAction = z.output<typeof actionSchema>;

export const stepSchema = z.strictObject({
	id: z.string().regex(/^[a-z0-9-]+$/),
	/** Checked in order: each one counts only after the ones before it are met ("then"). */
	checks: z.array(checkSchema).default([]),
	predict: predictSchema.optional(),
	solution: z.array(actionSchema).min(1)
});

export const labSchema = z.strictObject({
	id: z.string().regex(/^\d\d-[a-z0-9-]+$/),
	order: z.number().int(),
	scenario: scenarioSchema,
	/** The panels this lab shows, in the page's order; the standard set when absent. */
	panels: z.array(z.enum(PANELS)).min(1).optional(),
	steps: z.array(stepSchema).min(1)
});

export type Lab = z.output<typeof labSchema>;
export type LabStep = z.output<typeof stepSchema>;
export type LabCheck = z.output<typeof checkSchema>;
