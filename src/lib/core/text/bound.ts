/**
 * Server-provided text is hostile: it can be megabytes long. Everything shown from a server is
 * cut to a bound first, and says how much was left out.
 */
export interface Bounded {
	text: string;
	/** Characters not shown (0 when the text fits). */
	omitted: number;
}

export function boundText(text: string, max: number): Bounded {
	if (text.length <= max) return { text, omitted: 0 };
	// Do not cut a surrogate pair in half.
	let end = max;
	const code = text.charCodeAt(end - 1);
	if (code >= 0xd800 && code <= 0xdbff) end--;
	return { text: text.slice(0, end), omitted: text.length - end };
}

/**
 * Text inside a sentence, cut to `max` characters with "…" where it was cut: a name or a path
 * from a pasted world or a share link can be megabytes, and a sentence has no room for a note
 * of how much was left out (Bounded shows one where a component draws the text).
 */
export function clipped(text: string, max: number): string {
	const { text: cut, omitted } = boundText(text, max);
	return omitted ? `${cut}…` : cut;
}

/** JSON on one line (by default) inside a sentence or a table cell, cut as `clipped` cuts. */
export function clippedJson(value: unknown, max: number, indent = 0): string {
	const { text, omitted } = boundJson(value, max, indent);
	return omitted ? `${text}…` : text;
}

/** JSON for display, bounded; never throws (cycles or BigInt show as a note). */
export function boundJson(value: unknown, max: number, indent = 2): Bounded {
	let text: string;
	try {
		text = JSON.stringify(value, null, indent) ?? String(value);
	} catch {
		// String() of an array too deep to print throws as well; this never does.
		text = Object.prototype.toString.call(value);
	}
	return boundText(text, max);
}

const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/** Text isolated (FSI…PDI) when it holds bidi controls, else as it is. */
export const isolated = (text: string): string =>
	BIDI_CONTROL.test(text) ? `\u2068${text}\u2069` : text;

/**
 * A name inside a sentence: bounded, and isolated (FSI…PDI) when it holds bidi controls, so an
 * override in one name cannot reverse the words after it. Each name on its own: a `<bdi>`
 * around the whole sentence keeps the override in the sentence, not out of the next name.
 */
export function isolatedName(name: string, max: number): string {
	return isolated(boundText(name, max).text);
}
