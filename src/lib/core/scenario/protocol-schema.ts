import { z } from 'zod';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { DEFAULT_MODEL_REPLY, logLevels, normaliseRoots } from './host-defaults';

/**
 * The protocol side of a `sim` block (resources, templates, prompts, capabilities, versions, the
 * steps a tool's handler takes towards the host) and the scenario's `host` block. Kept apart from
 * schema.ts so that file stays about OpenHarness's settings; schema.ts composes these.
 */

const jsonObject = z.record(z.string(), z.unknown());

export { logLevels };
export const logLevelSchema = z.enum(logLevels);

/** A blob is base64 on the wire; checked here so a bad one is named at its path, not at read time. */
const base64 = z
	.string()
	.regex(
		/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
		'A blob is base64 (RFC 4648, padded), e.g. "iVBORw0KGgo=".'
	);

/** One body of a resource: text, or binary as base64 — a resource is one or the other. */
const body = {
	mimeType: z.string().optional(),
	text: z.string().optional(),
	blob: base64.optional()
};

const textOrBlob = (value: { text?: string; blob?: string }, ctx: z.RefinementCtx) => {
	if (value.text !== undefined && value.blob !== undefined)
		ctx.addIssue({
			code: 'custom',
			path: ['blob'],
			message: 'A resource has either text or blob (base64), not both.'
		});
};

/**
 * What a server's lists are keyed by: the SDK's McpServer keeps tools, prompts and resource
 * templates by name and resources by URI, and refuses a second registration of a key ("Tool t is
 * already registered"). The lab's simulated server lists whatever the scenario says, so two items
 * with one key would show a server no real one can be, and each profile would pick a different
 * one of them: such a list is refused at the second item's key.
 */
const KEYED = {
	tools: ['name', 'tools'],
	prompts: ['name', 'prompts'],
	resources: ['uri', 'resources'],
	resourceTemplates: ['name', 'resource templates']
} as const;

export function uniqueItems<T extends z.ZodType>(
	item: T,
	list: keyof typeof KEYED,
	/** How the list is named in the sentence (`add` for `changeTools.add`); the list's key by default. */
	label: string = list
) {
	const [key, noun] = KEYED[list];
	const field = key === 'uri' ? 'URI' : 'name';
	return z.array(item).superRefine((items, ctx) => {
		const first = new Map<unknown, number>();
		items.forEach((value, index) => {
			const id = (value as Record<string, unknown> | null)?.[key];
			if (typeof id !== 'string') return;
			const earlier = first.get(id);
			if (earlier === undefined) first.set(id, index);
			else
				ctx.addIssue({
					code: 'custom',
					path: [index, key],
					message: `The ${field} ${JSON.stringify(id)} is already used by ${label}[${earlier}]: a server cannot list two ${noun} with the same ${field} (the MCP SDK refuses to register the second).`
				});
		});
	});
}

/** A static resource; without text or blob it reads as empty text (as before blobs existed). */
export const simResourceSchema = z
	.strictObject({ uri: z.string(), name: z.string(), description: z.string().optional(), ...body })
	.superRefine(textOrBlob);

const templateContentSchema = z.strictObject({ uri: z.string(), ...body }).superRefine(textOrBlob);

/**
 * A resource template (RFC 6570). A read resolves to the matching `contents` entry by exact URI;
 * otherwise, if the URI matches the template and `text` is set, to that text with each
 * `{variable}` replaced by the URI's value. Anything else is "Resource … not found".
 */
export const simResourceTemplateSchema = z.strictObject({
	uriTemplate: z.string().superRefine((template, ctx) => {
		try {
			new UriTemplate(template);
		} catch (error) {
			ctx.addIssue({
				code: 'custom',
				message: `Not a URI template: ${error instanceof Error ? error.message : String(error)}`
			});
		}
	}),
	name: z.string(),
	description: z.string().optional(),
	mimeType: z.string().optional(),
	contents: z.array(templateContentSchema).optional(),
	text: z.string().optional()
});

export const simPromptSchema = z.strictObject({
	name: z.string(),
	title: z.string().optional(),
	description: z.string().optional(),
	arguments: z
		.array(
			z.strictObject({
				name: z.string().min(1),
				description: z.string().optional(),
				required: z.boolean().optional()
			})
		)
		.optional(),
	/** prompts/get answers these, with `{argument}` replaced by the value the host sent. */
	messages: z
		.array(z.strictObject({ role: z.enum(['user', 'assistant']), text: z.string() }))
		.default([])
});

/** `false`: the server does not declare it (its methods get Method not found); `true`: `{}`. */
const flagOr = <T extends z.ZodRawShape>(shape: T) =>
	z.union([z.boolean(), z.strictObject(shape)]).optional();

/** Omitted switches follow the sim block: tools always; resources/prompts/logging when used. */
export const simCapabilitiesSchema = z.strictObject({
	tools: flagOr({ listChanged: z.boolean().optional() }),
	resources: flagOr({ subscribe: z.boolean().optional(), listChanged: z.boolean().optional() }),
	prompts: flagOr({ listChanged: z.boolean().optional() }),
	logging: z.boolean().optional()
});

/**
 * What a tool's handler does before it answers, in order: ask the host to sample, to elicit
 * (a form or a URL), for its roots; log; or change its tool list. Parameterised by the tool
 * schema so `changeTools.add` takes tools without steps of their own (no recursion).
 */
export function toolStepsSchema<T extends z.ZodType>(tool: T) {
	return z.array(
		z.discriminatedUnion('do', [
			z.strictObject({
				do: z.literal('sample'),
				prompt: z.string(),
				systemPrompt: z.string().optional(),
				maxTokens: z.number().int().min(1).max(1_000_000).default(256)
			}),
			z.strictObject({
				do: z.literal('elicit'),
				message: z.string(),
				requestedSchema: z.looseObject({
					type: z.literal('object'),
					properties: z.record(z.string(), jsonObject),
					required: z.array(z.string()).optional()
				})
			}),
			z.strictObject({
				do: z.literal('elicitUrl'),
				message: z.string(),
				url: z.url(),
				elicitationId: z.string().optional()
			}),
			z.strictObject({ do: z.literal('listRoots') }),
			z.strictObject({
				do: z.literal('log'),
				level: logLevelSchema,
				/** Any JSON; the spec's `data` (a message string or an object). */
				data: z.unknown().optional(),
				logger: z.string().optional()
			}),
			z.strictObject({
				do: z.literal('changeTools'),
				add: uniqueItems(tool, 'tools', 'add').optional(),
				remove: z.array(z.string()).optional()
			})
		])
	);
}

/** A root the host exposes; the protocol requires `file://` URIs. */
const rootSchema = z.union([
	z.string(),
	z.strictObject({ uri: z.string(), name: z.string().optional() })
]);
const fileUri = (root: z.output<typeof rootSchema>, ctx: z.RefinementCtx) => {
	const uri = typeof root === 'string' ? root : root.uri;
	if (!uri.startsWith('file://'))
		ctx.addIssue({ code: 'custom', message: `A root is a file:// URI, not "${uri}".` });
};

/**
 * The harness as an MCP host: which client capabilities it declares. Absent, it declares none
 * (OpenHarness's own client), so servers asking for sampling, elicitation or roots are refused.
 */
export const hostSchema = z.strictObject({
	sampling: z.boolean().optional(),
	/** `true`: form and URL mode. */
	elicitation: z
		.union([
			z.boolean(),
			z.strictObject({ form: z.boolean().optional(), url: z.boolean().optional() })
		])
		.optional(),
	/** Present (even empty): the host declares `roots: { listChanged: true }` and answers with these. */
	roots: z.array(rootSchema.superRefine(fileUri)).max(100).optional(),
	/** The scripted model's reply to an approved sampling request. */
	modelReply: z.string().optional()
});

export type SimPrompt = z.output<typeof simPromptSchema>;
export type SimResourceTemplate = z.output<typeof simResourceTemplateSchema>;
export type SimCapabilities = z.output<typeof simCapabilitiesSchema>;
export type HostSettings = z.output<typeof hostSchema>;

export { DEFAULT_MODEL_REPLY, normaliseRoots };
