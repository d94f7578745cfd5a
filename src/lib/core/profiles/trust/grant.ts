import { WorldCommandError } from '../../world/events';
import { badGrantNames, permissionDenied } from './strings';

/** What the active skill declares: exact namespaced tool names, and whether it may use the network. */
export interface Grant {
	tools: string[];
	network: boolean;
}

/** The default: nothing. A trusted, connected connector then exposes no tool. */
export const NO_GRANT: Grant = Object.freeze({ tools: [], network: false }) as Grant;

/** `network && name ∈ tools`: no wildcard, so a tool is reachable only when named. */
export const allows = (grant: Grant, tool: string) => grant.network && grant.tools.includes(tool);

/** The refusal for `tool`, or null when the grant allows it. */
export const denial = (grant: Grant, tool: string): string | null =>
	allows(grant, tool) ? null : permissionDenied(tool, grant.network);

/** A grant from a command's arguments, checked as the harness checks one. */
export function parseGrant(args: Record<string, unknown>): Grant {
	const { tools = [], network = false } = args;
	if (typeof network !== 'boolean')
		throw new WorldCommandError('MCP permission network must be true or false');
	if (!Array.isArray(tools) || typeof tools === 'string')
		throw new WorldCommandError('MCP permission tools must be a collection');
	const bad = tools.filter((t) => typeof t !== 'string' || !t.startsWith('mcp__'));
	if (bad.length) throw new WorldCommandError(badGrantNames(bad.map(String)));
	return { tools: [...new Set(tools as string[])], network };
}

/** The grant with `tool` added or taken out. */
export function withTool(grant: Grant, tool: string, on: boolean): Grant {
	const tools = grant.tools.filter((t) => t !== tool);
	return parseGrant({ tools: on ? [...tools, tool] : tools, network: grant.network });
}
