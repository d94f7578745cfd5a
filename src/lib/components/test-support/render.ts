import type { Component } from 'svelte';
import { render } from 'svelte/server';
import { afterEach, expect } from 'vitest';
import { type ScenarioInput } from '$lib/core';
import { parseScenario } from '$lib/core/scenario/parse';
import { WorldState } from '$lib/state/world-state.svelte';
import WithWorld from './WithWorld.svelte';

/** A panel rendered on the server inside a page that provides this world. */
export function html(world: WorldState, panel: Component): string {
	return render(WithWorld, { props: { world, component: panel } }).body;
}

/** Rendered HTML as the text a reader gets: tags dropped, entities decoded, spaces folded. */
export function text(markup: string): string {
	return markup
		.replace(/<!--[\s\S]*?-->|<wbr\s*\/?>/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#39;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/&gt;/g, '>')
		.replace(/&lt;/g, '<')
		.replace(/&amp;/g, '&')
		.replace(/\s+/g, ' ');
}

/** For a test file: `session(input?)` gives a started page world, disposed after each test. */
export function startedStates(
	fallback: ScenarioInput
): (input?: ScenarioInput) => Promise<WorldState> {
	let state: WorldState | undefined;
	afterEach(() => state?.dispose());
	return async (input = fallback) => {
		const parsed = parseScenario(input);
		if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
		state = new WorldState(parsed.scenario);
		await state.run((w) => w.startSession());
		return state;
	};
}

/** The opening tag of the button with this accessible name (aria-label). */
export function buttonTag(markup: string, label: string): string {
	const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const found = markup.match(new RegExp(`<button[^>]*aria-label="${escaped}"[^>]*>`));
	expect(found, `a button named ${label}`).not.toBeNull();
	return found![0];
}
