import { adaptedName } from '../profiles/openharness/naming';
import type { ToolRef } from './types';
import { compareNames } from '../registry/registry';

/**
 * OpenHarness (`McpToolAdapter`): `mcp__{seg(server)}__{seg(tool)}`; the profile's own function,
 * so the lab's registry and this view can never disagree.
 */
export function adaptOpenHarness(server: string, tool: string): string {
	return adaptedName(server, tool);
}

/**
 * The registry is a map filled server by server in sorted order (Python's sorted(): by code
 * point), each server's tools in listing order; so of two tools with one name, the one registered
 * later replaces the other.
 */
export function openHarnessRegistrationOrder(tools: readonly ToolRef[]): number[] {
	return tools
		.map((_, index) => index)
		.sort((a, b) => compareNames(tools[a].server, tools[b].server) || a - b);
}
