import type { World } from '$lib/core/world/world';

/**
 * Bearer tokens typed for live servers: in this map only, never in a scenario, link, export or
 * log. Each is bound to the URL it was typed for: a world that reuses the name for another URL
 * (a pasted scenario, an embedding page's setScenario) must not receive it. Loaded with the
 * first token (WorldState), so pages that never hold one do not carry it.
 */
export class LiveTokens {
	// Not reactive on purpose: WorldState's `liveTokens` (the names) is.
	readonly #held = new Map<string, { token: string; url: string }>();

	/** Keeps `token` for the world's live server `name` at its URL now; null or blank forgets. */
	set(world: World, name: string, token: string | null | undefined, url = urlOf(world, name)) {
		// The page writes `Bearer ` itself: a token copied with it (from an Authorization header
		// line) would go out as `Bearer Bearer …` and be refused with no word why.
		const value = token?.trim().replace(/^bearer\s+/i, '');
		if (value && url !== undefined) this.#held.set(name, { token: value, url });
		else this.#held.delete(name);
		return this.names;
	}

	/** The token for a fetch of `url` by the server `name`, only if it was typed for that URL. */
	for(name: string, url: string): string | undefined {
		const held = this.#held.get(name);
		return held?.url === url ? held.token : undefined;
	}

	/** Forgets those whose server left `world` or moved to another URL; the names still held. */
	keep(world: World): string[] {
		for (const [name, held] of this.#held)
			if (urlOf(world, name) !== held.url) this.#held.delete(name);
		return this.names;
	}

	get names(): string[] {
		return [...this.#held.keys()];
	}
}

/** The URL of the world's live server of that name (a plugin's included), if it has one. */
function urlOf(world: World, name: string): string | undefined {
	return world.servers().find((s) => s.name === name)?.live?.url;
}
