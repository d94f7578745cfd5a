/**
 * OpenHarness's input model (pydantic's lax validation, ≈2.5 KiB gzipped with its Python
 * helpers) is needed only once a call reaches its validation stage, so a page does not carry
 * it at start: a world loads it with its first command (see World's `#command`), before any
 * call machine can validate. Using it earlier is a bug, and says so.
 */
type InputModel = typeof import('./input-model');

let loading: Promise<void> | null = null;
let loaded: InputModel | null = null;

export function loadInputModel(): Promise<void> {
	loading ??= import('./input-model').then((module) => {
		loaded = module;
	});
	return loading;
}

export const inputModelLoaded = (): boolean => loaded !== null;

export function inputModel(): InputModel {
	if (!loaded) throw new Error('The input model was used before loadInputModel() finished.');
	return loaded;
}
