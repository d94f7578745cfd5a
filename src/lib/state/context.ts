import { getContext, setContext } from 'svelte';
import type { WorldState } from './world-state.svelte';

const WORLD = Symbol('world');

/** The page's world, shared with every panel below it. */
export function setWorldState(world: WorldState): WorldState {
	return setContext(WORLD, world);
}

export function getWorldState(): WorldState {
	const world = findWorldState();
	if (!world) throw new Error('getWorldState() called outside a page that set a world');
	return world;
}

/** The page's world, or undefined outside a world page (the embed builder, the home page). */
export function findWorldState(): WorldState | undefined {
	return getContext<WorldState | undefined>(WORLD);
}
