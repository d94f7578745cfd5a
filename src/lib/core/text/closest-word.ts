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
