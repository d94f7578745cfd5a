import type { Component } from 'svelte';
import type { CallRecord } from '$lib/core';
import type { toolSourceWords } from './words';

/**
 * ToolSource's parts of the shared panels (its call card in Model calls, its allowlist in the
 * harness controls), loaded only once a ToolSource world asks for them: every other world, and
 * the embed's start-up budget, do without them. Kept as state so the panels draw them as soon
 * as they arrive, and so a test can load them first and render synchronously.
 */
export const toolSourceParts = $state<{
	Call: Component<{ call: CallRecord }> | null;
	Allowlist: Component | null;
	words: typeof toolSourceWords | null;
}>({ Call: null, Allowlist: null, words: null });

let loading: Promise<void> | null = null;

export function loadToolSourceParts(): Promise<void> {
	loading ??= Promise.all([
		import('./ToolSourceCall.svelte'),
		import('./AllowlistView.svelte'),
		import('./words')
	]).then(([call, allowlist, words]) => {
		toolSourceParts.Call = call.default;
		toolSourceParts.Allowlist = allowlist.default;
		toolSourceParts.words = words.toolSourceWords;
	});
	return loading;
}
