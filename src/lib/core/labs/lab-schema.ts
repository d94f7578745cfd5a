import { z } from 'zod';
import { scenarioSchema } from '../scenario/schema';
import { PANELS } from '../embed/protocol';

/**
 * A goal is checked against the world's state after every change. Kept small and declarative so
 * a lab is data: adding a lab needs no code.
 */
export type Goal =
	| { all: Goal[] }
	| { any: Goal[] }
	| { sessionStarted: boolean }
	| { server: string; state?: string; process?: string; detailIncludes?: string }
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
	| { predicted: true };

export const goalSchema: z.ZodType<Goal> = z.lazy(() =>
	z.union([
		z.strictObject({ all: z.array(goalSchema).min(1) }),
		z.strictObject({ any: z.array(goalSchema).min(1) }),
		z.strictObject({ sessionStarted: z.boolean() }),
		z.strictObject({
			server: z.string(),
			state: z.string().optional(),
			process: z.string().optional(),
			detailIncludes: z.string().optional()
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
		z.strictObject({ predicted: z.literal(true) })
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
	z.strictObject({ do: z.literal('setScenario'), scenario: z.record(z.string(), z.unknown()) })
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
