import type { WorldState } from '$lib/state/world-state.svelte';

type DisplayMask = typeof import('./display-mask');

/** Shown for anything maskable while the masking code is still loading: hide rather than leak. */
const HIDDEN = '••••';

/**
 * A component's view through "Mask secrets": text as it is while the toggle is off; masked
 * while it is on. The masking code loads the first time it is needed, so pages that never
 * mask never fetch it.
 */
export class MaskView {
	#mask = $state.raw<DisplayMask | null>(null);

	constructor(private readonly world: WorldState) {}

	get on(): boolean {
		return this.world.maskSecrets;
	}

	text(text: string): string {
		return this.#through(text, 'maskDisplayText');
	}

	url(url: string): string {
		return this.#through(url, 'maskUrl');
	}

	#through(text: string, how: 'maskDisplayText' | 'maskUrl'): string {
		if (!this.world.maskSecrets || !text) return text;
		// Asked again while loading, import() gives the same module: no flag needed.
		if (!this.#mask) void import('./display-mask').then((module) => (this.#mask = module));
		return this.#mask?.[how](text) ?? HIDDEN;
	}
}
