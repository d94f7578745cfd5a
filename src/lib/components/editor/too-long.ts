import { getLocale } from '$lib/paraglide/runtime';
import { m } from '$lib/paraglide/messages';

/**
 * A value read from the text longer than this is not put in a Change's field: laying out a
 * 10 MB value took seconds (about 0.2 µs a character here; 22 ms at this bound). It is kept as
 * written, since a Change writes only the fields changed, and the JSON view edits it.
 */
const LONGEST_FIELD = 100_000;

/** Why `value` is not in the field `label` (null: it is). */
export const tooLong = (value: string, label: string): string | null =>
	value.length > LONGEST_FIELD
		? m.editor_form_too_long({ field: label, count: value.length.toLocaleString(getLocale()) })
		: null;
