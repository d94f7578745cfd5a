/**
 * The roots editor's checks before anything is sent. The protocol says a root is a `file://`
 * URI; the world refuses anything else too, but the editor explains it where the learner types.
 */
export type RootProblem = 'empty' | 'not-file' | 'not-uri' | 'duplicate' | 'too-many';

/** The host block allows at most this many roots. */
export const MAX_ROOTS = 100;

export function rootProblem(uri: string, existing: readonly string[]): RootProblem | null {
	const value = uri.trim();
	if (!value) return 'empty';
	if (!value.startsWith('file://')) return 'not-file';
	try {
		new URL(value);
	} catch {
		return 'not-uri';
	}
	if (existing.includes(value)) return 'duplicate';
	if (existing.length >= MAX_ROOTS) return 'too-many';
	return null;
}

/** The draft with `uri` added, or the reason it cannot be. */
export function addRoot(
	draft: readonly string[],
	uri: string
): { ok: true; roots: string[] } | { ok: false; problem: RootProblem } {
	const problem = rootProblem(uri, draft);
	return problem ? { ok: false, problem } : { ok: true, roots: [...draft, uri.trim()] };
}

/** Whether the draft differs from what the host exposes now (Apply has something to send). */
export function rootsChanged(draft: readonly string[], current: readonly string[]): boolean {
	return draft.length !== current.length || draft.some((uri, i) => uri !== current[i]);
}
