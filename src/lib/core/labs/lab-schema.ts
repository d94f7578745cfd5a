import { z } from 'zod';
import { scenarioSchema } from '../scenario/schema';
import { PANELS } from '../embed/protocol';
import { actionSchema, cueProblems, cueSchema } from './action-schema';
import { CUES_SECTION } from './lab-text';
import { HIDEABLE_PANELS } from './panel-targets';
import { closestWord } from '../text/closest-word';
import {
	ALL_SERVER_STATES,
	CALL_STAGES,
	CALL_STATES,
	COMMAND_NAMES,
	COMMAND_OF_ACTION,
	HOST_REQUEST_STATES,
	PROCESS_STATES,
	STAGE_OUTCOMES,
	callStageOf
} from './goal-words';
import { STATE_OF } from '../world/calls';
import { permissionModes } from '../profiles/openharness/permissions';
import type { HttpGoal, LiveGoal } from './live-goals';
import type { LiveProblemKind } from '../live/live-errors';

export { actionSchema, cueProblems, cueSchema, type LabAction, type LabCue } from './action-schema';

/**
 * A goal is checked against the world's state after every change. Kept small and declarative so
 * a lab is data: adding a lab needs no code.
 */
export type Goal =
	| { all: Goal[] }
	| { any: Goal[] }
	/** Met while the goal inside is not: a hint's "without", paired in `all` with a thing done. */
	| { not: Goal }
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
				/** Each of these arguments reached the server with this value (others may too). */
				sent?: Record<string, unknown>;
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
	/** A ToolSource call of unknown outcome was reconciled with this verdict. */
	| { reconciled: 'applied' | 'not_applied' }
	| { predicted: true }
	/** A server asked the host (sampling, elicitation, roots), or that request was settled so. */
	| {
			hostRequest: {
				kind?: 'sampling' | 'elicitation' | 'roots';
				state?: string;
				server?: string;
				/** Sampling: approved with the reply changed (true) or as the model wrote it (false). */
				edited?: boolean;
			};
	  }
	/** A learner's own request (resources, prompts, log level) was answered, or failed. */
	| {
			protocolResult: {
				method?: string;
				server?: string;
				ok?: boolean;
				errorIncludes?: string;
				/** resources/read: this URI, exactly. */
				uri?: string;
			};
	  }
	/** A message with this method crossed a wire (anywhere in this world's protocol log). */
	| { wire: { method: string; server?: string; dir?: 'to-server' | 'to-host' } }
	/** A live server's connection: connected, or the problem it met (live-goals.ts). */
	| { live: LiveGoal }
	/** An HTTP exchange of a live connection crossed the wire. */
	| { http: HttpGoal }
	/** A value in the profile's own state (profile-goals.ts): trust's pool, MiniHarness's cache… */
	| { profile: ProfileGoal }
	/** Lab 09's pinned tool definitions (core/pins), checked like a profile goal. */
	| { pins: ProfileGoal };

export interface ProfileGoal {
	/** A dotted path into the profile's view, e.g. `connectors.github.state` or `pool`. */
	path: string;
	/** The value there equals this (compared as JSON). */
	equals?: unknown;
	/** A string there contains this, or an array there has an element equal to it. */
	includes?: unknown;
	/** An array (or object's keys) there has exactly this many entries. */
	count?: number;
	/** An array's element (or an object's value) has these fields, each equal (compared as JSON). */
	some?: Record<string, unknown>;
}

/** Every kind of live problem a goal may name (live-errors.ts). */
export const LIVE_PROBLEM_KINDS = [
	'refused',
	'cors',
	'cors-session-id',
	'unauthorized',
	'session-expired',
	'not-mcp',
	'invalid-answer',
	'server-error',
	'redirect',
	'closed',
	'timeout',
	'local-network-policy',
	'local-network-denied',
	'other'
] as const satisfies readonly LiveProblemKind[];
// A kind added to LiveProblemKind and not here fails the type check.
const everyKind: [Exclude<LiveProblemKind, (typeof LIVE_PROBLEM_KINDS)[number]>] extends [never]
	? true
	: never = true;
void everyKind;

/** A dotted path into a view and what must hold there (profile-goals.ts). */
const pathGoalSchema = z.strictObject({
	path: z.string().min(1),
	equals: z.unknown().optional(),
	includes: z.unknown().optional(),
	count: z.number().int().min(0).optional(),
	some: z.record(z.string(), z.unknown()).optional()
});

/** A stage as the UI shows it (`pre_tool_use`) or as the call machine names it (`preToolUse`). */
const stageSchema = z
	.string()
	.meta({ enum: CALL_STAGES.flatMap((stage) => [STATE_OF[stage], stage]) })
	.transform((word, ctx) => {
		const stage = callStageOf(word);
		if (stage) return stage;
		ctx.addIssue({
			code: 'custom',
			message: `Unknown stage "${word}": one of ${CALL_STAGES.map((s) => STATE_OF[s]).join(', ')}.`
		});
		return z.NEVER;
	});

/**
 * A word of a closed list that is not an enum in the goal's type: the JSON Schema offers the list,
 * and a misspelt word fails the build (it would make a goal no world ever meets).
 */
const wordSchema = (what: string, words: readonly string[], explain?: (word: string) => string) =>
	z
		.string()
		.meta({ enum: [...words] })
		.superRefine((word, ctx) => {
			if (words.includes(word)) return;
			const meant = explain?.(word) ?? closestWord(word, words);
			ctx.addIssue({
				code: 'custom',
				message: `Unknown ${what} "${word}"${meant ? ` (did you mean "${meant}"?)` : ''}: one of ${words.join(', ')}.`
			});
		});

/** A command as the world logs it: `call` is logged as `callTool`, and so on (COMMAND_OF_ACTION). */
const commandSchema = wordSchema('command', COMMAND_NAMES, (word) => COMMAND_OF_ACTION[word]);

const callGoalSchema = z
	.strictObject({
		name: z.string().optional(),
		nameIncludes: z.string().optional(),
		server: z.string().optional(),
		isError: z.boolean().optional(),
		outputStartsWith: z.string().optional(),
		outputIncludes: z.string().optional(),
		violatesServerSchema: z.boolean().optional(),
		sent: z.record(z.string(), z.unknown()).optional(),
		state: z.enum(CALL_STATES).optional(),
		stage: stageSchema.optional(),
		outcome: z.string().optional()
	})
	.superRefine((call, ctx) => {
		if (call.outcome === undefined) return;
		if (call.stage === undefined)
			ctx.addIssue({ code: 'custom', path: ['outcome'], message: 'An outcome needs its stage.' });
		else if (!(STAGE_OUTCOMES[call.stage] as readonly string[]).includes(call.outcome))
			ctx.addIssue({
				code: 'custom',
				path: ['outcome'],
				message: `Stage ${STATE_OF[call.stage]} has no outcome "${call.outcome}": one of ${STAGE_OUTCOMES[call.stage].join(', ')}.`
			});
	});

/**
 * Each kind of goal, by the key that names it. A goal is read by its key (`command` before
 * `server`, which a command goal may also carry), so a mistake is reported in that kind's terms.
 */
const GOAL_KINDS = {
	all: () => z.strictObject({ all: z.array(goalSchema).min(1) }),
	any: () => z.strictObject({ any: z.array(goalSchema).min(1) }),
	not: () => z.strictObject({ not: goalSchema }),
	sessionStarted: () => z.strictObject({ sessionStarted: z.boolean() }),
	command: () => z.strictObject({ command: commandSchema, server: z.string().optional() }),
	server: () =>
		z.strictObject({
			server: z.string(),
			state: wordSchema('server state', ALL_SERVER_STATES).optional(),
			process: z.enum(PROCESS_STATES).optional(),
			detailIncludes: z.string().optional(),
			protocolVersion: z.string().optional()
		}),
	registry: () =>
		z.strictObject({
			registry: z.strictObject({
				name: z.string().optional(),
				nameIncludes: z.string().optional(),
				server: z.string().optional(),
				available: z.boolean().optional(),
				count: z.number().int().min(0).optional()
			})
		}),
	call: () => z.strictObject({ call: callGoalSchema }),
	permissionMode: () => z.strictObject({ permissionMode: z.enum(permissionModes) }),
	run: () => z.strictObject({ run: z.enum(['running', 'interrupted']) }),
	collision: () => z.strictObject({ collision: z.literal(true) }),
	reconciled: () => z.strictObject({ reconciled: z.enum(['applied', 'not_applied']) }),
	predicted: () => z.strictObject({ predicted: z.literal(true) }),
	hostRequest: () =>
		z.strictObject({
			hostRequest: z.strictObject({
				kind: z.enum(['sampling', 'elicitation', 'roots']).optional(),
				state: z.enum(HOST_REQUEST_STATES).optional(),
				server: z.string().optional(),
				edited: z.boolean().optional()
			})
		}),
	protocolResult: () =>
		z.strictObject({
			protocolResult: z.strictObject({
				method: z.string().optional(),
				server: z.string().optional(),
				ok: z.boolean().optional(),
				errorIncludes: z.string().optional(),
				uri: z.string().optional()
			})
		}),
	wire: () =>
		z.strictObject({
			wire: z.strictObject({
				method: z.string(),
				server: z.string().optional(),
				dir: z.enum(['to-server', 'to-host']).optional()
			})
		}),
	live: () =>
		z.strictObject({
			live: z.strictObject({
				server: z.string(),
				connected: z.boolean().optional(),
				problem: z.enum(LIVE_PROBLEM_KINDS).optional(),
				status: z.number().int().optional(),
				resourceMetadata: z.boolean().optional()
			})
		}),
	profile: () => z.strictObject({ profile: pathGoalSchema }),
	pins: () => z.strictObject({ pins: pathGoalSchema }),
	http: () =>
		z.strictObject({
			http: z.strictObject({
				server: z.string().optional(),
				method: z.enum(['GET', 'POST', 'DELETE']).optional(),
				rpc: z.string().optional(),
				status: z.number().int().optional()
			})
		})
} satisfies Record<string, () => z.ZodType>;

type GoalKind = keyof typeof GOAL_KINDS;
export const goalKinds = Object.keys(GOAL_KINDS) as GoalKind[];
const goalBranches = new Map<GoalKind, z.ZodType>();
const branchOf = (kind: GoalKind) => {
	if (!goalBranches.has(kind)) goalBranches.set(kind, GOAL_KINDS[kind]());
	return goalBranches.get(kind)!;
};

/**
 * A goal is read by its kind first, so a mistake is reported in that kind's terms; the union
 * after it (which then always accepts) is what the JSON Schema for lab authors describes.
 */
export const goalSchema: z.ZodType<Goal> = z.lazy(() =>
	z.preprocess(
		(value, ctx) => {
			const keys =
				value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
			const kind = goalKinds.find((k) => keys.includes(k));
			if (!kind) {
				const near = keys
					.map((key) => [key, closestWord(key, goalKinds)] as const)
					.find(([, k]) => k);
				ctx.addIssue({
					code: 'custom',
					message: near
						? `Unknown goal kind "${near[0]}" (did you mean "${near[1]}"?).`
						: `A goal is an object with one of: ${goalKinds.join(', ')}.`
				});
				return value;
			}
			const parsed = branchOf(kind).safeParse(value);
			if (!parsed.success)
				for (const issue of parsed.error.issues)
					ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
			return value;
		},
		z.union(goalKinds.map(branchOf) as [z.ZodType, z.ZodType, ...z.ZodType[]])
	)
) as z.ZodType<Goal>;

/** A check's, a hint's or an option's id: what the narration can write in its `{…}`. */
const narratedId = () => z.string().regex(/^[a-z0-9-]+$/);

export const checkSchema = z.strictObject({ id: narratedId(), goal: goalSchema });

/**
 * A known wrong turn in a step: while the step is not done, and its goal is met by what was
 * done in the step (or by how the world stands), the narration shows the hint's words.
 */
export const hintSchema = z.strictObject({
	id: narratedId(),
	goal: goalSchema
});

export const predictSchema = z.strictObject({
	options: z.array(narratedId()).min(2),
	answer: z.string().min(1)
});

export const stepSchema = z.strictObject({
	id: z.string().regex(/^[a-z0-9-]+$/),
	/** Checked in order: each one counts only after the ones before it are met ("then"). */
	checks: z.array(checkSchema).default([]),
	predict: predictSchema.optional(),
	/**
	 * Panels that would show the answer to `predict`: covered until the learner locks in an answer
	 * (or asks to see them anyway), so the prediction is a prediction, not a reading.
	 */
	hideUntilAnswered: z.array(z.enum(HIDEABLE_PANELS)).min(1).optional(),
	/**
	 * Panels covered for the whole step, answered or not, because the next step's question has
	 * its answer in them (each is in that step's `hideUntilAnswered`): uncovered when it is.
	 */
	hideForNextQuestion: z.array(z.enum(HIDEABLE_PANELS)).min(1).optional(),
	/** Wrong turns learners take here, each with a hint (`- [!] {hint-id} …` in the narration). */
	hints: z.array(hintSchema).min(1).max(8).optional(),
	solution: z.array(actionSchema).min(1)
});

export const labSchema = z
	.strictObject({
		/** Where the lab's JSON Schema is, for editors (labs/lab.schema.json); not read here. */
		$schema: z.string().optional(),
		id: z.string().regex(/^\d\d-[a-z0-9-]+$/),
		order: z.number().int(),
		scenario: scenarioSchema,
		/** The panels this lab shows, in the page's order; the standard set when absent. */
		panels: z.array(z.enum(PANELS)).min(1).optional(),
		steps: z.array(stepSchema).min(1),
		/**
		 * Whether the page starts the session when it opens (and on reset). False lets a lab begin
		 * before start-up: lab 06 calls a tool before MiniHarness's `initialize`.
		 */
		startSession: z.boolean().default(true),
		/** The instructor's cue list (presenter mode); a lab without one is presented step by step. */
		cues: z.array(cueSchema).min(1).max(500).optional()
	})
	.superRefine((lab, ctx) => {
		const steps = lab.steps.map((s) => s.id);
		const issue = (path: PropertyKey[], message: string) =>
			ctx.addIssue({ code: 'custom', path, message });
		const predictProblem = (step: LabStep, option: string, path: PropertyKey[]) => {
			if (!step.predict) issue(path, `Step ${step.id} asks no question (predict) to answer.`);
			else if (!step.predict.options.includes(option))
				issue(
					[...path, 'option'],
					`Step ${step.id} has no option ${option}: one of ${step.predict.options.join(', ')}.`
				);
		};
		steps.forEach((id, i) => {
			if (id === CUES_SECTION)
				issue(
					['steps', i, 'id'],
					`"${CUES_SECTION}" names the cues' narration; a step needs another id.`
				);
			if (steps.indexOf(id) !== i)
				issue(['steps', i, 'id'], `Step ${id} is already step ${steps.indexOf(id) + 1}.`);
		});
		lab.steps.forEach((step, i) => {
			const checks = step.checks.map((c) => c.id);
			checks.forEach((id, j) => {
				if (checks.indexOf(id) !== j)
					issue(['steps', i, 'checks', j, 'id'], `This step already has a check ${id}.`);
			});
			const hints = (step.hints ?? []).map((h) => h.id);
			hints.forEach((id, j) => {
				if (hints.indexOf(id) !== j)
					issue(['steps', i, 'hints', j, 'id'], `This step already has a hint ${id}.`);
			});
			const options = step.predict?.options ?? [];
			options.forEach((id, j) => {
				if (options.indexOf(id) !== j)
					issue(['steps', i, 'predict', 'options', j], `The option ${id} is already listed.`);
			});
			if (step.predict && !options.includes(step.predict.answer))
				issue(
					['steps', i, 'predict', 'answer'],
					`The answer ${step.predict.answer} is not one of the options (${options.join(', ')}).`
				);
			// The unit tests accept any answer (predicted: true); the page has no such option to pick.
			step.solution.forEach((action, j) => {
				if (action.do === 'predict')
					predictProblem(step, action.option, ['steps', i, 'solution', j]);
			});
		});
		(lab.cues ?? []).forEach((cue, i) => {
			const step = lab.steps.find((s) => s.id === cue.step);
			if (step)
				cue.actions.forEach((action, j) => {
					if (action.do === 'predict')
						predictProblem(step, action.option, ['cues', i, 'actions', j]);
				});
		});
		for (const problem of cueProblems(lab.cues ?? [], steps))
			ctx.addIssue({ code: 'custom', path: ['cues', ...problem.path], message: problem.message });
	});

export type Lab = z.output<typeof labSchema>;
export type LabStep = z.output<typeof stepSchema>;
export type LabCheck = z.output<typeof checkSchema>;
export type LabHint = z.output<typeof hintSchema>;
