/**
 * OpenHarness's input model (pydantic's lax validation, ≈2.5 KiB gzipped with its Python
 * helpers), its permission checker, and how it turns a result into the model's text (Python
 * reprs, the 16,000-character truncation) are needed only once a call reaches those stages, so
 * a page does not carry them at start: a world loads them with its first command (see World's
 * `#command`), before any call machine can check. Using them earlier is a bug, and says so.
 */
type InputModel = typeof import('./input-model');
type PermissionChecker = typeof import('./permission-check');
type Results = typeof import('./results');
type Truncation = typeof import('./truncation');

let loading: Promise<void> | null = null;
let loaded: {
	model: InputModel;
	checker: PermissionChecker;
	results: Results;
	truncation: Truncation;
} | null = null;

export function loadCallChecks(): Promise<void> {
	loading ??= Promise.all([
		import('./input-model'),
		import('./permission-check'),
		import('./results'),
		import('./truncation')
	]).then(([model, checker, results, truncation]) => {
		loaded = { model, checker, results, truncation };
	});
	return loading;
}

export const callChecksLoaded = (): boolean => loaded !== null;

function checks() {
	if (!loaded) throw new Error('The call checks were used before loadCallChecks() finished.');
	return loaded;
}

export const inputModel = (): InputModel => checks().model;
export const permissionChecker = (): PermissionChecker => checks().checker;
export const resultFormat = (): Results => checks().results;
export const truncation = (): Truncation => checks().truncation;
