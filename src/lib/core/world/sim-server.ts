import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
	CallToolRequestSchema,
	ErrorCode,
	ListResourcesRequestSchema,
	ListToolsRequestSchema,
	McpError,
	ReadResourceRequestSchema
} from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import type { SimBlock, SimTool } from '../scenario/schema';

/**
 * A simulated server process: a real SDK `Server` built from a scenario's `sim` block.
 * The low-level `Server` (not `McpServer`) is used because scenarios carry raw JSON Schemas,
 * tools without any inputSchema and scripted JSON-RPC errors, which `McpServer` would reshape.
 */
export function createSimServer(name: string, sim: SimBlock, crash: () => void = () => {}): Server {
	const resources = sim.resources ?? (sim.resourcesError ? [] : undefined);
	const server = new Server(sim.serverInfo ?? { name, version: '1.0.0' }, {
		capabilities: { tools: {}, ...(resources ? { resources: {} } : {}) },
		instructions: sim.instructions,
		jsonSchemaValidator: new CfWorkerJsonSchemaValidator()
	});
	const tools = sim.tools ?? [];

	server.setRequestHandler(ListToolsRequestSchema, () => ({
		// Sent exactly as the scenario wrote it: a tool without inputSchema stays without one,
		// so the harness's own defaulting is what the learner sees.
		tools: tools.map(toolListing) as never
	}));

	server.setRequestHandler(CallToolRequestSchema, (request) => {
		const tool = tools.find((t) => t.name === request.params.name);
		if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
		if (tool.error) throw new McpError(tool.error.code, tool.error.message);
		if (tool.crash) {
			// Dies mid-call: whatever the tool did is unknowable from the client's side.
			crash();
			return new Promise<never>(() => {});
		}
		return (tool.result ?? defaultResult(tool, request.params.arguments)) as never;
	});

	// Without a resources block the server declares no resources capability and registers no
	// handler, so resources/list gets the protocol's own -32601 Method not found.
	if (resources) {
		server.setRequestHandler(ListResourcesRequestSchema, () => {
			if (sim.resourcesError)
				throw new McpError(sim.resourcesError.code, sim.resourcesError.message);
			return {
				resources: resources.map(({ uri, name, description, mimeType }) => ({
					uri,
					name,
					description,
					mimeType
				}))
			};
		});
		server.setRequestHandler(ReadResourceRequestSchema, (request) => {
			const resource = resources.find((r) => r.uri === request.params.uri);
			if (!resource)
				throw new McpError(ErrorCode.InvalidParams, `Resource ${request.params.uri} not found`);
			return {
				contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.text ?? '' }]
			};
		});
	}
	return server;
}

function toolListing(tool: SimTool): Record<string, unknown> {
	const listing: Record<string, unknown> = { name: tool.name };
	if (tool.title !== undefined) listing.title = tool.title;
	if (tool.description !== undefined) listing.description = tool.description;
	if (tool.inputSchema !== undefined) listing.inputSchema = tool.inputSchema;
	if (tool.annotations !== undefined) listing.annotations = tool.annotations;
	return listing;
}

function defaultResult(tool: SimTool, args: unknown) {
	return {
		content: [{ type: 'text', text: `${tool.name} called with ${JSON.stringify(args ?? {})}` }]
	};
}
