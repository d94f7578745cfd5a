/**
 * Where `JSON.parse` says a text broke. Engines differ: V8 gives `at position N` (newer ones
 * also `(line L column C)`), Firefox `at line L column C`; V8's commonest message gives neither
 * and quotes the text itself (`Unexpected token 'x', "{"a": x}" is not valid JSON`), whose words
 * must never be read as the engine's.
 */

/** The engine's own words: V8's quote of the text taken off. */
export function engineWords(message: string): string {
	return message.replace(/^(Unexpected token '.+?'), .* is not valid JSON$/s, '$1');
}

/**
 * The failure's offset in `text` and its 1-based line and column (counted in code points, as an
 * editor shows them), or null when the message names no place.
 */
export function jsonErrorPlace(
	text: string,
	message: string
): { offset: number; line: number; column: number } | null {
	const own = engineWords(message);
	const position = /at position (\d+)/.exec(own);
	if (position) {
		const offset = Math.min(Number(position[1]), text.length);
		const before = text.slice(0, offset).split('\n');
		return { offset, line: before.length, column: [...before.at(-1)!].length + 1 };
	}
	const lineColumn = /line (\d+) column (\d+)/.exec(own);
	if (!lineColumn) return null;
	const line = Number(lineColumn[1]);
	const column = Number(lineColumn[2]);
	const lines = text.split('\n');
	const start = lines
		.slice(0, Math.min(line, lines.length) - 1)
		.reduce((n, l) => n + l.length + 1, 0);
	return { offset: Math.min(start + column - 1, text.length), line, column };
}
