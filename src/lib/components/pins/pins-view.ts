import type { Pin, PinsView } from '$lib/core/pins/pin-tracker';
import { HASH_PREFIX } from '$lib/core/pins/pin-tracker';
import type { RegisteredTool } from '$lib/core/registry/registry';

/** The pins in the order they were made. */
export const pinRows = (view: PinsView | null): Pin[] =>
	Object.values(view?.tools ?? {}).sort((a, b) => a.pinnedAt - b.pinnedAt);

/** A hash as a person compares it: its first characters. */
export const shortHash = (hash: string | null): string =>
	hash ? `${hash.slice(0, HASH_PREFIX)}…` : '';

/** The server tools the model was given (not the harness's built-ins). */
export const serverTools = (tools: readonly RegisteredTool[]): RegisteredTool[] =>
	tools.filter((t) => !t.builtin);
