import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
	CallToolRequestSchema,
	ErrorCode,
	InitializeRequestSchema,
	ListToolsRequestSchema,
	McpError,
	type InitializeRequest,
	type InitializeResult,
	type ServerCapabilities
} from '@modelcontextprotocol/sdk/types.js';
import { LazyJsonSchemaValidator } from '../validation/lazy-validator';
import type { SimBlock, SimTool, SimToolBase } from '../scenario/schema';
import { simPrompts, simResources, simSteps } from './sim-features';

/**
 * A simulated server process: a real SDK `Server` built from a scenario's `sim` block.
 * The low-level `Server` (not `McpServer`) is used because scenarios carry raw JSON Schemas,
 * tools without any inputSchema and scripted JSON-RPC errors, which `McpServer` would reshape.
 */
export function createSimServer(name: string, sim: SimBlock, crash: () => void = () => {}): Server {
	const capabilities = serverCapabilities(sim);
	const server = new Server(sim.serverInfo ?? { name, version: '1.0.0' }, {
		capabilities,
		instructions: sim.instructions,
		jsonSchemaValidator: new LazyJsonSchemaValidator()
	});
	if (sim.protocolVersions) speakOnly(server, sim.protocolVersions);
	// Per server instance, as a process's memory is: a reconnect serves the scenario's list again.
	let tools: SimToolBase[] = sim.tools ?? [];
	if (capabilities.resources) simResources().registerResources(server, sim, capabilities.resources);
	if (capabilities.prompts) simPrompts().registerPrompts(server, sim.prompts ?? []);
	// Without the tools capability the SDK refuses these handlers: tools/list is Method not found.
	if (!capabilities.tools) return server;

	server.setRequestHandler(ListToolsRequestSchema, () => ({
		// Sent exactly as the scenario wrote it: a tool without inputSchema stays without one,
		// so the harness's own defaulting is what the learner sees.
		tools: tools.map(toolListing) as never
	}));

	server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
		const tool: SimTool | undefined = tools.find((t) => t.name === request.params.name);
		if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
		let lines: string[] = [];
		if (tool.steps?.length) {
			const outcome = await simSteps().runSteps(tool.steps, {
				server,
				tool: tool.name,
				signal: extra.signal,
				announcesToolChanges: capabilities.tools?.listChanged === true,
				changeTools: (add, remove) => {
					const gone = new Set([...remove, ...add.map((t) => t.name)]);
					tools = [...tools.filter((t) => !gone.has(t.name)), ...add];
				}
			});
			// A refused request is the tool's failure, told to the model as an error result.
			if (!outcome.ok)
				return {
					content: [{ type: 'text', text: `${tool.name}: ${outcome.text}` }],
					isError: true
				};
			lines = outcome.lines;
		}
		if (tool.error) throw new McpError(tool.error.code, tool.error.message);
		if (tool.crash) {
			// Dies mid-call: whatever the tool did is unknowable from the client's side.
			crash();
			return new Promise<never>(() => {});
		}
		const headers = extra.requestInfo?.headers;
		if (headers) lines = [...lines, heardHeaders(headers)];
		return (tool.result ?? defaultResult(tool.name, request.params.arguments, lines)) as never;
	});

	return server;
}

function toolListing(tool: SimTool): Record<string, unknown> {
	const listing: Record<string, unknown> = { name: tool.name };
	if (tool.title !== undefined) listing.title = tool.title;
	if (tool.description !== undefined) listing.description = tool.description;
	if (tool.inputSchema !== undefined) listing.inputSchema = tool.inputSchema;
	if (tool.outputSchema !== undefined) listing.outputSchema = tool.outputSchema;
	if (tool.annotations !== undefined) listing.annotations = tool.annotations;
	return listing;
}

/**
 * The answer of a tool whose scenario writes none (a plugin's tool answers the same way): what
 * it was called with and, one line each, what its steps got from the host.
 */
export function defaultResult(name: string, args: unknown, lines: readonly string[] = []) {
	const text = [`${name} called with ${JSON.stringify(args ?? {})}`, ...lines].join('\n');
	return { content: [{ type: 'text', text }] };
}

/**
 * The request's HTTP headers, as a simulated URL server tells them back (contextual profile), so
 * a run's identity can be seen arriving. Secrets in it are hidden on the host's side of the pipe.
 */
function heardHeaders(headers: Record<string, string | string[] | undefined>): string {
	const heard = Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}`);
	return `headers: ${heard.join('; ')}`;
}

/** A capability switch: omitted follows `used`; `true` declares `{}`; `false` declares nothing. */
function switchOf<T extends object>(value: boolean | T | undefined, used: boolean): T | undefined {
	if (value === undefined) return used ? ({} as T) : undefined;
	if (typeof value === 'boolean') return value ? ({} as T) : undefined;
	return value;
}

/**
 * What the server declares. Omitted switches keep the old behaviour: tools always; resources
 * when the block has resources, templates or a resources error; prompts when it has prompts;
 * logging when a tool logs; `tools.listChanged` when a tool changes the list.
 */
export function serverCapabilities(sim: SimBlock): ServerCapabilities {
	const c = sim.capabilities ?? {};
	const steps = (sim.tools ?? []).flatMap((t) => t.steps ?? []);
	const tools = switchOf(c.tools, true);
	const changes = steps.some((s) => s.do === 'changeTools');
	const resources = switchOf(
		c.resources,
		Boolean(sim.resources || sim.resourcesError || sim.resourceTemplates)
	);
	const prompts = switchOf(c.prompts, sim.prompts !== undefined);
	const logging = c.logging ?? steps.some((s) => s.do === 'log');
	return {
		...(tools ? { tools: c.tools === undefined && changes ? { listChanged: true } : tools } : {}),
		...(resources ? { resources } : {}),
		...(prompts ? { prompts } : {}),
		...(logging ? { logging: {} } : {})
	};
}

/**
 * A server that speaks only `versions`: it answers the client's version when it has it, else its
 * own preferred one (the spec's rule), which the client may then refuse. The SDK's initialize
 * handler still runs first, because it records the client's capabilities that the server's
 * createMessage / elicitInput check; it is private, hence the narrow cast.
 */
function speakOnly(server: Server, versions: readonly string[]): void {
	const sdk = server as unknown as {
		_oninitialize(request: InitializeRequest): Promise<InitializeResult>;
	};
	const initialize = sdk._oninitialize.bind(server);
	server.setRequestHandler(InitializeRequestSchema, async (request) => {
		const result = await initialize(request);
		const asked = request.params.protocolVersion;
		return { ...result, protocolVersion: versions.includes(asked) ? asked : versions[0] };
	});
}
