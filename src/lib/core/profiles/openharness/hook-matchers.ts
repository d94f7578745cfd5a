/**
 * The lab's note on OpenHarness hook matchers (not the harness's: OpenHarness says nothing). A
 * matcher is an fnmatch glob on the name the model calls, and the call stops at lookup for any
 * name the registry does not hold. So a matcher that matches no registry name runs a
 * `post_tool_use` hook never (it runs only after a tool ran) and a `pre_tool_use` hook only for a
 * name lookup then refuses. The usual cause is a tool's server name (`read_*` where the registry
 * holds `mcp__fs__read_file`).
 */
import { fnmatch, type HookEventName, type HookSettings } from './hooks';

export interface UnmatchedHookMatcher {
	event: HookEventName;
	/** The hook's place in its event's list, as in `hooks.pre_tool_use[0]`. */
	index: number;
	matcher: string;
	/** Registry names of MCP tools whose server name the matcher matches: what it likely meant. */
	registeredAs: string[];
}

interface NamedTool {
	name: string;
	tool: string;
	builtin?: true;
}

/** In execution order (pre, then post); an empty matcher matches every call, so it is never named. */
export function unmatchedHookMatchers(
	hooks: HookSettings | undefined,
	registry: readonly NamedTool[]
): UnmatchedHookMatcher[] {
	const unmatched: UnmatchedHookMatcher[] = [];
	for (const event of ['pre_tool_use', 'post_tool_use'] as const)
		(hooks?.[event] ?? []).forEach(({ matcher }, index) => {
			if (!matcher || registry.some((e) => fnmatch(e.name, matcher))) return;
			unmatched.push({
				event,
				index,
				matcher,
				registeredAs: registry
					.filter((e) => !e.builtin && fnmatch(e.tool, matcher))
					.map((e) => e.name)
			});
		});
	return unmatched;
}
