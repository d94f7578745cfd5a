/**
 * OpenHarness's input model (pydantic's lax validation, ≈2.5 KiB gzipped with its Python
 * helpers) and its permission checker are needed only once a call reaches its validation and
 * permission stages, so a page does not carry them at start: a world loads them with its first
 * command (see World's `#command`), before any call machine can check. Using them earlier is a
 * bug, and says so.
 */
type InputModel = typeof import('./input-model');
type PermissionChecker = typeof import('./permission-check');

let loading: Promise<void> | null = null;
let loaded: { model: InputModel; checker: PermissionChecker } | null = null;

export function loadCallChecks(): Promise<void> {
	loading ??= Promise.all([import('./input-model'), import('./permission-check')]).then(
		([model, checker]) => {
			loaded = { model, checker };
		}
	);
	return loading;
}

export const callChecksLoaded = (): boolean => loaded !== null;

function checks() {
	if (!loaded) throw new Error('The call checks were used before loadCallChecks() finished.');
	return loaded;
}

export const inputModel = (): InputModel => checks().model;
export const permissionChecker = (): PermissionChecker => checks().checker;
