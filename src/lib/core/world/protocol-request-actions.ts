import { z } from 'zod';

// Apart from actions.ts: the lab's action schema (action-schema.ts) is loaded lazily in the
// browser, and importing actions.ts there would split the world's start-up code into more chunks.

/** The learner's own protocol requests (resources and prompts panels); lab actions reuse them. */
export const protocolRequestActions = [
	z.strictObject({
		do: z.enum(['listResources', 'listResourceTemplates', 'listPrompts']),
		server: z.string(),
		/** The page after the one a server answered with this `nextCursor`. */
		cursor: z.string().optional()
	}),
	z.strictObject({ do: z.literal('readResource'), server: z.string(), uri: z.string() }),
	z.strictObject({
		do: z.literal('getPrompt'),
		server: z.string(),
		name: z.string(),
		arguments: z.record(z.string(), z.string()).default({})
	})
] as const;
