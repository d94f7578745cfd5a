/** Display helpers for the input-model panel: pure, so the panel stays markup. */
import type { LostKeyword, PyType } from '$lib/core/profiles/openharness/input-model';
import { clippedJson } from '$lib/core/text/bound';

/** How a lost keyword matters: the model may now send anything of the field's type, or is not told. */
export type LostEffect =
	{ kind: 'constraint'; type: PyType } | { kind: 'annotation' } | { kind: 'schema' };

export function lostEffect(lost: LostKeyword, typeOf: (field: string) => PyType): LostEffect {
	if (lost.field === null) return { kind: 'schema' };
	if (lost.kind === 'annotation') return { kind: 'annotation' };
	return { kind: 'constraint', type: typeOf(lost.field) };
}

/** A lost keyword's value on one line, bounded (server content). */
export function compactValue(value: unknown, max = 200): string {
	return clippedJson(value, max);
}

/** The Python type OpenHarness writes for a field (`object` is what it uses for "any"). */
export function pythonTypeName(type: PyType): string {
	return type === 'any' ? 'object' : type;
}
