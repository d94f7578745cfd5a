import { m } from '$lib/paraglide/messages';
import { engineWords, jsonErrorPlace } from '$lib/core/text/json-error-place';
import { i18n } from './locale.svelte';

/**
 * What went wrong in a text `JSON.parse` refused, in the page's language. The browser words its
 * message in English (and each engine differently), so an English page shows it as it is; any
 * other page gets the kinds V8 and Firefox name, translated, with the place they give, and the
 * browser's own words only when it names neither.
 */
const KINDS: Array<[RegExp, () => string]> = [
	[/property name|double-quoted/i, m.json_error_property_name],
	[/',' or '}'|after property value/i, m.json_error_comma_brace],
	[/',' or ']'|after array element/i, m.json_error_comma_bracket],
	[/unterminated string/i, m.json_error_unterminated_string],
	[/non-whitespace character after|unexpected data after/i, m.json_error_after_value],
	[/end of (JSON input|data)/i, m.json_error_end],
	[/escape/i, m.json_error_bad_escape],
	[/control character/i, m.json_error_control],
	[/number|exponent|fractional|minus sign/i, m.json_error_number],
	[/unexpected (token|character)/i, m.json_error_token]
];

/** Where a text broke, for a failure that kept only that of the text (a log file's refusal). */
export interface JsonErrorPlace {
	line: number;
	column: number;
}

/** `text` is the text that failed, or where it broke (null: the engine did not say). */
export function jsonErrorDetail(text: string | JsonErrorPlace | null, message: string): string {
	if (i18n.locale === 'en') return message;
	// V8 quotes the learner's text: their words must not decide the kind (nor the place).
	const own = engineWords(message);
	const token = /^Unexpected token (.+)$/.exec(own)?.[1];
	const what = token
		? m.json_error_unexpected({ token })
		: KINDS.find(([pattern]) => pattern.test(own))?.[1]();
	const place = typeof text === 'string' ? jsonErrorPlace(text, message) : text;
	if (place)
		return m.json_error_at({
			what: what ?? m.json_error_syntax(),
			line: place.line,
			column: place.column
		});
	return what ?? message;
}
