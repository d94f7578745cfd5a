/**
 * The word of `words` a misspelling most likely meant: at most two edits away (and closer than
 * half its length), else undefined. For "did you mean" in a lab author's error.
 */
export function closestWord(typed: string, words: readonly string[]): string | undefined {
	let best: string | undefined;
	let bestDistance = Math.min(3, Math.ceil(typed.length / 2));
	for (const word of words) {
		const d = editDistance(typed.toLowerCase(), word.toLowerCase());
		if (d < bestDistance) [best, bestDistance] = [word, d];
	}
	return best;
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
	let row = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		const next = [i];
		for (let j = 1; j <= b.length; j++)
			next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
		row = next;
	}
	return row[b.length];
}

/**
 * Whether two words are one typo apart: a letter added, dropped or changed, or two neighbours
 * swapped (`enabeld`), ignoring case. Stricter than closestWord's two edits, for a guess made
 * about a key that is valid as written (`tools` is two letters from `hooks`, and no typo of it).
 */
export function oneTypoApart(typed: string, word: string): boolean {
	const [a, b] = [typed.toLowerCase(), word.toLowerCase()];
	if (a === b || Math.abs(a.length - b.length) > 1) return false;
	let i = 0;
	while (i < a.length && a[i] === b[i]) i++;
	if (a.length !== b.length) {
		const [long, short] = a.length > b.length ? [a, b] : [b, a];
		return long.slice(i + 1) === short.slice(i);
	}
	if (a.slice(i + 1) === b.slice(i + 1)) return true;
	return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}
