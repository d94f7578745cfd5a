/**
 * OpenHarness's two built-in MCP resource tools, `list_mcp_resources` and `read_mcp_resource`.
 * `create_default_tool_registry(mcp_manager)` registers them whenever there is an MCP manager,
 * before the MCP tool adapters:
 *
 *     registry.register(ListMcpResourcesTool(mcp_manager))
 *     registry.register(ReadMcpResourceTool(mcp_manager))
 *     for tool_info in mcp_manager.list_tools():
 *         registry.register(McpToolAdapter(mcp_manager, tool_info))
 *
 * Where this comes from: public forks of HKUDS/OpenHarness — pierg/OpenHarness
 * (`tools/__init__.py`, `tools/read_mcp_resource_tool.py` at 35667ae, `mcp/client.py` at bf47505)
 * and, for `tools/list_mcp_resources_tool.py`, yogogml0035-cpu/OpenHarness@31021db. The shared
 * reference (harness-behaviors.md §1) does not list these tools. They are the model's only way to
 * a resource: OpenHarness puts no resource into the model's context by itself.
 *
 * An OpenHarness world loads this module on its own (every page need not carry it at start-up),
 * gives `resourceTools()` to its registry build and runs the two tools' own text here.
 *
 * Both are read-only (`is_read_only` → True), so the permission checker lets them through in
 * `plan` and `default` mode without asking. Their schemas are the pydantic models'
 * `model_json_schema()`, checked against pydantic 2.13.4 (a model's docstring is its
 * `description`).
 */
import type { ResourceInfo } from '../../machines/types';
import { compareNames, type RegisteredTool } from '../../registry/registry';
import { pyStripSpace } from '../../python/strip';
import { LIST_MCP_RESOURCES, READ_MCP_RESOURCE } from './strings';

/** `ListMcpResourcesTool`'s text when no status holds a resource. */
export const noMcpResources = '(no MCP resources)';

/** The two built-ins as OpenHarness registers them, first in its registry; fresh objects each time. */
export function resourceTools(): RegisteredTool[] {
	return [
		{
			name: LIST_MCP_RESOURCES,
			server: '',
			tool: LIST_MCP_RESOURCES,
			description: 'List MCP resources available from connected servers.',
			inputSchema: {
				description: 'No-op input model for MCP resource listing.',
				properties: {},
				// The model's class: it heads a validation error (the call machine reads it here).
				title: 'ListMcpResourcesToolInput',
				type: 'object'
			},
			readOnly: true,
			builtin: true
		},
		{
			name: READ_MCP_RESOURCE,
			server: '',
			tool: READ_MCP_RESOURCE,
			description: 'Read an MCP resource by server and URI.',
			inputSchema: {
				description: 'Arguments for reading an MCP resource.',
				properties: {
					server: { description: 'MCP server name', title: 'Server', type: 'string' },
					uri: { description: 'Resource URI', title: 'Uri', type: 'string' }
				},
				required: ['server', 'uri'],
				title: 'ReadMcpResourceToolInput',
				type: 'object'
			},
			readOnly: true,
			builtin: true
		}
	];
}

/** `McpResourceInfo`: a resource as a server's status recorded it at connect time. */
export interface McpResourceInfo extends ResourceInfo {
	server: string;
}

/** One server's status as the manager holds it: the resources `connect_all` recorded. */
export interface RecordedResources {
	server: string;
	resources: readonly ResourceInfo[];
}

/**
 * `McpClientManager.list_resources()`: the resources of every status, statuses in sorted name
 * order. A status keeps what it recorded until the server's next connection attempt replaces it,
 * so a server that died after connecting still lists its resources.
 */
export function listResources(statuses: readonly RecordedResources[]): McpResourceInfo[] {
	return [...statuses]
		.sort((a, b) => compareNames(a.server, b.server))
		.flatMap((s) => s.resources.map((r) => ({ server: s.server, ...r })));
}

/**
 * `ListMcpResourcesTool.execute`: one `f"{server_name}:{uri} {description}".strip()` line per
 * resource (no trailing space without a description), or `(no MCP resources)`.
 */
export function listResourcesOutput(resources: readonly McpResourceInfo[]): string {
	if (resources.length === 0) return noMcpResources;
	return resources.map((r) => pyStripSpace(`${r.server}:${r.uri} ${r.description}`)).join('\n');
}

/** A `resources/read` result, as `McpClientManager.read_resource` reads it. */
export interface ReadResourceContents {
	contents: ReadonlyArray<{ text?: unknown; blob?: unknown }>;
}

/**
 * `McpClientManager.read_resource`'s text: each item's `text`, or for a blob item its base64
 * `blob` string as it is, joined with newlines and stripped.
 */
export function readResourceOutput(result: ReadResourceContents): string {
	const parts = result.contents.map((item) =>
		typeof item.text === 'string' ? item.text : String(item.blob ?? '')
	);
	return pyStripSpace(parts.join('\n'));
}
