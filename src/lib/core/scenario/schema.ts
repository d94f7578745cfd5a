import { z } from 'zod';
import { hooksSchema } from '../profiles/openharness/hooks';
import { permissionsSchema } from '../profiles/openharness/permissions';
import { toolSourceSchema } from '../profiles/toolsource/policy';
import { contextualConfigSchema } from '../profiles/contextual/config';
import { miniHarnessConfigSchema } from '../profiles/miniharness/config';
import { trustConfigSchema } from '../profiles/trust/config';
import { mergeServers } from './plugins';
import { profileIds } from './profile-ids';
import {
	hostSchema,
	simCapabilitiesSchema,
	simPromptSchema,
	simResourceSchema,
	simResourceTemplateSchema,
	toolStepsSchema,
	uniqueItems
} from './protocol-schema';

/**
 * The scenario format of the embed contract (shared/design/embed-api.md): OpenHarness's
 * `mcp_servers` settings block verbatim, plus MCP Lab's `sim` block per server.
 * Unknown keys are kept (`looseObject`) because a real settings block may carry fields the
 * lab does not model; rejecting them would break "paste your settings as is". The `sim` block is
 * MCP Lab's own, so there an unknown key is a mistake (`errror`, `tool`), refused at its path:
 * dropped, it left a world that did something else than the author wrote, with "Valid" shown.
 */

/**
 * A JSON object keyed by names. `__proto__` cannot be a key of a JavaScript object the way it is
 * in a Python dict (JSON.parse keeps it, but copying it sets the prototype, so it would vanish
 * silently): such a name is reported at its path instead.
 */
function namedRecord<V extends z.ZodType>(key: z.ZodString, value: V) {
	// A check before the record, written as a preprocess so that the JSON Schema made for lab
	// authors (labs/lab.schema.json) describes the record rather than "anything".
	return z.preprocess(
		(input, ctx) => {
			if (input && typeof input === 'object' && Object.hasOwn(input, '__proto__'))
				ctx.addIssue({
					code: 'custom',
					path: ['__proto__'],
					message: 'The name __proto__ cannot be used here (JavaScript reserves it); rename it.'
				});
			return input;
		},
		z.record(key, value)
	);
}

const jsonObject = z.record(z.string(), z.unknown());

/**
 * A result's content part: one of MCP's kinds (its other fields are the SDK's to check, and the
 * client does at call time). An unknown kind is refused here, at its path, rather than as the
 * client's validator dump when the tool is called.
 */
export const contentPartSchema = z.looseObject({
	type: z.enum(['text', 'image', 'audio', 'resource_link', 'resource'])
});

export const simResultSchema = z.looseObject({
	content: z.array(contentPartSchema).optional(),
	structuredContent: jsonObject.optional(),
	isError: z.boolean().optional()
});

export const simErrorSchema = z.strictObject({
	code: z.number().int(),
	message: z.string()
});

/** A tool as a scenario writes it, without `steps` (what `changeTools.add` takes). */
export const simToolBaseSchema = z.strictObject({
	name: z.string(),
	title: z.string().optional(),
	description: z.string().optional(),
	/** Raw JSON Schema, sent as is; omit it to send a tool with no inputSchema at all. */
	inputSchema: jsonObject.optional(),
	/**
	 * The tool's output JSON Schema, listed as is in tools/list. OpenHarness's Python session
	 * checks results against it (profiles/openharness/output-check.ts). The TypeScript SDK client
	 * does not: the world lists tools with its own lenient request (a lab tool may have no
	 * inputSchema), so that client's output-schema cache stays empty.
	 */
	outputSchema: jsonObject.optional(),
	annotations: jsonObject.optional(),
	/** What tools/call answers; a default text result when neither this nor `error` is set. */
	result: simResultSchema.optional(),
	/** Answer tools/call with this JSON-RPC error instead of a result. */
	error: simErrorSchema.optional(),
	/** Extra simulated milliseconds before this tool's answers arrive. */
	latencyMs: z.number().int().min(0).max(3_600_000).optional(),
	/** The process crashes while handling this call: the request is read, no answer ever comes. */
	crash: z.boolean().optional()
});

export const simToolSchema = simToolBaseSchema.extend({
	/** What the handler does first (asks the host, logs, changes the tool list), then it answers. */
	steps: toolStepsSchema(simToolBaseSchema).optional()
});

export { simResourceSchema };

export const simSchema = z.strictObject({
	tools: uniqueItems(simToolSchema, 'tools').optional(),
	/** Absent: the server declares no resources capability and answers Method not found. */
	resources: uniqueItems(simResourceSchema, 'resources').optional(),
	/** Declare resources but answer resources/list with this JSON-RPC error. */
	resourcesError: simErrorSchema.optional(),
	resourceTemplates: uniqueItems(simResourceTemplateSchema, 'resourceTemplates').optional(),
	prompts: uniqueItems(simPromptSchema, 'prompts').optional(),
	/** Switch capabilities off (Method not found) or declare `listChanged` / `subscribe`. */
	capabilities: simCapabilitiesSchema.optional(),
	/**
	 * The protocol versions this server speaks, preferred first: it answers the client's version
	 * when listed, else its first one (which the client may not support: the connection fails).
	 */
	protocolVersions: z.array(z.string().min(1)).min(1).optional(),
	instructions: z.string().optional(),
	serverInfo: z.strictObject({ name: z.string(), version: z.string() }).optional(),
	/** Simulated milliseconds every answer of this server takes to arrive. */
	latencyMs: z.number().int().min(0).max(3_600_000).optional()
});

const stringMap = namedRecord(z.string(), z.string());

export const stdioServerSchema = z.looseObject({
	type: z.literal('stdio'),
	command: z.string(),
	args: z.array(z.string()).default([]),
	env: stringMap.optional(),
	cwd: z.string().optional(),
	sim: simSchema.optional()
});

export const httpServerSchema = z
	.looseObject({
		type: z.literal('http'),
		url: z.string(),
		headers: stringMap.default({}),
		live: z.boolean().optional(),
		sim: simSchema.optional()
	})
	.superRefine((server, ctx) => {
		// A live server is connected for real: an address the browser cannot fetch is said here,
		// at its path, not as the browser's "Failed to construct 'URL'" when connecting. Nor one
		// with a password: the browser refuses it, quoting it whole (so the URL is never quoted).
		const url = server.live && URL.parse(server.url);
		if (url === null || (url && (!/^https?:$/.test(url.protocol) || url.username || url.password)))
			ctx.addIssue({
				code: 'custom',
				path: ['url'],
				message:
					"A live server's url is an http(s) address with no user name or password, e.g. http://127.0.0.1:8787/notes/mcp."
			});
	});

export const wsServerSchema = z.looseObject({
	type: z.literal('ws'),
	url: z.string(),
	headers: stringMap.default({}),
	sim: simSchema.optional()
});

/** OpenHarness's stdio config has `type: "stdio"` as its default, so a block without `type` is stdio. */
const withDefaultType = (value: unknown) =>
	value && typeof value === 'object' && !Array.isArray(value) && !('type' in value)
		? { type: 'stdio', ...value }
		: value;

export const serverConfigSchema = z.preprocess(
	withDefaultType,
	z.discriminatedUnion('type', [stdioServerSchema, httpServerSchema, wsServerSchema])
);

export { profileIds };
export const profileIdSchema = z.enum(profileIds);

/** How many tools one plugin may give: enough for any lesson, bounded for a pasted scenario. */
export const PLUGIN_TOOLS_MAX = 100;

/**
 * A tool of an OpenHarness plugin (a `BaseTool` the harness runs itself): registered after the
 * MCP tools under its own name, so it replaces an MCP tool or built-in of that name. Calling it
 * sends nothing over MCP: it answers `result` (or the simulated servers' default text).
 * The lab's own format, so strict as a `sim` tool is.
 */
export const pluginToolSchema = z.strictObject({
	name: z.string().min(1),
	...simToolBaseSchema.pick({ description: true, inputSchema: true, result: true }).shape
});

/**
 * An OpenHarness plugin: when enabled, its servers join the world as `<plugin>:<name>` and its
 * `tools` are registered after the MCP tools (other profiles ignore `tools`).
 */
export const pluginSchema = z.looseObject({
	enabled: z.boolean().default(true),
	mcp_servers: namedRecord(z.string().min(1), serverConfigSchema).default({}),
	tools: z.array(pluginToolSchema).max(PLUGIN_TOOLS_MAX).optional()
});

const scenarioObject = z.looseObject({
	profile: profileIdSchema.default('openharness'),
	mcp_servers: namedRecord(z.string().min(1), serverConfigSchema).default({}),
	plugins: namedRecord(z.string().min(1), pluginSchema).optional(),
	/** OpenHarness's permission settings; absent, the lab runs full_auto (see world.ts). */
	permissions: permissionsSchema.optional(),
	/** Simulated pre_tool_use / post_tool_use hooks (glob matchers on the tool name). */
	hooks: hooksSchema.optional(),
	/** The ToolSource profile's allowlist and limits (ignored by other profiles). */
	toolsource: toolSourceSchema.optional(),
	/** Each extension profile's own block (ignored by other profiles); see profiles/<id>/config.ts. */
	trust: trustConfigSchema.optional(),
	miniharness: miniHarnessConfigSchema.optional(),
	contextual: contextualConfigSchema.optional(),
	/** The harness as an MCP host: client capabilities and answers (absent: it declares none). */
	host: hostSchema.optional(),
	/** Lab 09's definition pinning (an MCP Lab illustration, in no harness): see core/pins. */
	pins: z.boolean().optional()
});

export const scenarioSchema = scenarioObject.superRefine(namedServersExist);

/**
 * The contextual block's settings and MiniHarness's priorities are looked up by the name of a
 * server of the world (OpenHarness's merge: a settings server, or an enabled plugin's as
 * `<plugin>:<name>`), so one under any other name is never read: contextual headers were never
 * sent, a priority never applied, and no panel said so, under "Valid". Refused at their path,
 * with the names the world has.
 */
function namedServersExist(scenario: z.output<typeof scenarioObject>, ctx: z.RefinementCtx): void {
	const named = [
		...Object.keys(scenario.contextual?.servers ?? {}).map((name) => [
			'contextual',
			'servers',
			name
		]),
		...Object.keys(scenario.miniharness?.priority ?? {}).map((name) => [
			'miniharness',
			'priority',
			name
		])
	];
	if (!named.length) return;
	const servers = mergeServers(scenario).servers.map((s) => s.name);
	for (const path of named) {
		const name = path[2];
		if (!servers.includes(name))
			ctx.addIssue({
				code: 'custom',
				path,
				message: servers.length
					? `This world has no server named ${JSON.stringify(name)}, so these settings would never be used. Its servers: ${servers.map((n) => JSON.stringify(n)).join(', ')}.`
					: `This world has no server named ${JSON.stringify(name)}, so these settings would never be used. It has no servers.`
			});
	}
}

export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;
export type ServerConfig = z.output<typeof serverConfigSchema>;
export type SimBlock = z.output<typeof simSchema>;
export type SimTool = z.output<typeof simToolSchema>;
export type SimToolBase = z.output<typeof simToolBaseSchema>;
export type PluginTool = z.output<typeof pluginToolSchema>;
export type SimStep = NonNullable<SimTool['steps']>[number];
export type SimResource = z.output<typeof simResourceSchema>;
export type ProfileId = z.output<typeof profileIdSchema>;
