import type { ServerView } from '$lib/core';

/**
 * The servers a new world's start-up left failed, by the profile's own word too (MiniHarness:
 * failed; contextual: refused): what the world editor's Apply and harness switch report.
 */
export function failedServers(
	servers: readonly ServerView[]
): Array<{ name: string; detail: string }> {
	return servers
		.filter((s) => s.status === 'failed' || s.state === 'failed' || s.state === 'refused')
		.map((s) => ({ name: s.name, detail: s.detail }));
}
