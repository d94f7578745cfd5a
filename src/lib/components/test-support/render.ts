import type { Component } from 'svelte';
import { render } from 'svelte/server';
import type { WorldState } from '$lib/state/world-state.svelte';
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
