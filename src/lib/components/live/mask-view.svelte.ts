import type { WorldState } from '$lib/state/world-state.svelte';

type DisplayMask = typeof import('./display-mask');

/** Shown for anything maskable while the masking code is still loading: hide rather than leak. */
const HIDDEN = '••••';

/**
 * The masking code, once loaded: shared by every view, so a row drawn after the first load (a new
 * call, the next message) is masked at once instead of showing •••• for a moment.
 */
let loaded = $state.raw<DisplayMask | null>(null);
let loading: Promise<DisplayMask> | null = null;

/** Loads the masking code (once); views re-render with it when it arrives. */
export function loadDisplayMask(): Promise<DisplayMask> {
	loading ??= import('./display-mask').then((module) => (loaded = module));
	return loading;
}

/**
 * A component's view through "Mask secrets": text as it is while the toggle is off; masked
 * while it is on. The masking code loads the first time it is needed, so pages that never
 * mask never fetch it.
 */
export class MaskView {
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
		if (!loaded) void loadDisplayMask();
		return loaded?.[how](text) ?? HIDDEN;
	}
}
