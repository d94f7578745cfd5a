import { z } from 'zod';

/**
 * ToolSource's allowlist (harness-behaviors.md §4): the harness, not the server, says what a tool
 * does. A tool's MCP annotations (`readOnlyHint`…) are hints from the server and never grant
 * anything; only this list decides what the model sees and which calls need a person.
 */
export const toolEffects = ['read', 'write', 'network', 'destructive'] as const;
export type ToolEffect = (typeof toolEffects)[number];

/** Simulated ms a ToolSource call may wait for its answer before its outcome is `unknown`. */
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;
/** How many characters of a result the model gets as its bounded summary. */
export const DEFAULT_SUMMARY_CHARS = 2_000;

/**
 * Strict, as every other profile block: a misspelt key (`alow`) was dropped without a word and
 * the world ran with an empty allowlist, "Valid" shown. Refused at its path, the editor says
 * which key was meant.
 */
export const toolSourceSchema = z.strictObject({
	/** `mcp.<server>.<tool>` → what the tool does; a tool not listed is not shown to the model. */
	allow: z.record(z.string(), z.enum(toolEffects)).default({}),
	timeoutMs: z.number().int().min(1).max(3_600_000).default(DEFAULT_CALL_TIMEOUT_MS),
	summaryChars: z.number().int().min(100).max(100_000).default(DEFAULT_SUMMARY_CHARS)
});

export type ToolSourcePolicy = z.output<typeof toolSourceSchema>;

export const defaultPolicy = (): ToolSourcePolicy => toolSourceSchema.parse({});

/** Only a tool the allowlist calls read-only runs without asking; anything else waits for a person. */
export const needsApproval = (effect: ToolEffect): boolean => effect !== 'read';

/** The effect the allowlist gives this name, or null when the name is not on it. */
export function effectOf(policy: ToolSourcePolicy, name: string): ToolEffect | null {
	return Object.hasOwn(policy.allow, name) ? policy.allow[name] : null;
}
