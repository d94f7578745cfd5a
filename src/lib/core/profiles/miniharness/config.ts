import { z } from 'zod';

const policyWord = z.enum(['deny', 'ask', 'auto']);

/**
 * The scenario's `miniharness` block: what this profile needs beyond the servers. Part of the scenario
 * schema, so it is in every page's start-up code: keep it small (defaults live in the profile).
 */
export const miniHarnessConfigSchema = z.strictObject({
	/** The user the secure executor asks and caches approvals for. */
	user: z.string().min(1).max(100).optional(),
	/** Per-request timeout in simulated ms (MiniHarness: 30 s). */
	timeoutMs: z.number().int().min(1).max(3_600_000).optional(),
	/** How long a listed tool schema stays fresh, in simulated ms. */
	schemaTtlMs: z.number().int().min(0).max(86_400_000).optional(),
	/** Discovery order and routing: higher first; absent is 0. */
	priority: z.record(z.string(), z.number().int()).optional(),
	/** Executor policy per raw tool name; a tool without one is asked about. */
	policy: z.record(z.string(), policyWord).optional()
});

export type MiniHarnessConfig = z.output<typeof miniHarnessConfigSchema>;
export type PolicyWord = z.output<typeof policyWord>;
