import { z } from 'zod';

/** One header resolved per run from a context selector (a13n's `MCPContextHeaderBinding`). */
const bindingSchema = z.strictObject({
	source: z.string(),
	required: z.boolean().default(true),
	/** The value is a credential: hidden wherever the lab shows it, whatever the header's name. */
	secret: z.boolean().optional()
});

/**
 * The scenario's `contextual` block: per server, the bound headers, `allowed_tools` and an
 * optional pydantic-ai `tool_prefix`; the identities a run may act for; the default run context;
 * the result boundary. In every page's start-up code: keep it small.
 */
export const contextualConfigSchema = z.strictObject({
	servers: z
		.record(
			z.string(),
			z.strictObject({
				headers: z.record(z.string(), bindingSchema).default({}),
				allowed_tools: z.array(z.string()).optional(),
				prefix: z.string().optional()
			})
		)
		.default({}),
	identities: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
	metadata: z.record(z.string(), z.unknown()).optional(),
	resultChars: z.number().int().min(100).max(1_000_000).optional()
});

export type ContextualConfig = z.output<typeof contextualConfigSchema>;
export type ContextualServer = ContextualConfig['servers'][string];
export type HeaderBinding = ContextualServer['headers'][string];
