/**
 * Keys written twice in one object of a JSON text. `JSON.parse` (like Python's `json`) keeps the
 * last and drops the first without a word: two servers written under one name left a world of
 * one, with "Valid" shown. Called on text `JSON.parse` has accepted, so the scan can be simple:
 * it only walks structure, and gives up (finds nothing) on anything it does not expect.
 */
const MAX_DEPTH = 256;

export function duplicateKeys(text: string): Array<Array<string | number>> {
	const found: Array<Array<string | number>> = [];
	let i = 0;
	const space = () => {
		while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
	};
	const string = (): string => {
		const start = i;
		i++;
		while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
		i++;
		return JSON.parse(text.slice(start, i)) as string;
	};
	const value = (path: Array<string | number>): void => {
		// A scenario is a few levels deep; a pasted text nested 100,000 deep took 0.7 s per lint
		// to overflow the stack: it is given up on at once.
		if (path.length > MAX_DEPTH) throw new RangeError('too deep');
		space();
		const c = text[i];
		if (c === '{') {
			i++;
			const seen = new Set<string>();
			space();
			if (text[i] === '}') return void i++;
			while (i < text.length) {
				space();
				const key = string();
				if (seen.has(key)) found.push([...path, key]);
				seen.add(key);
				space();
				i++; // ':'
				value([...path, key]);
				space();
				if (text[i++] === '}') return;
			}
		} else if (c === '[') {
			i++;
			space();
			if (text[i] === ']') return void i++;
			for (let index = 0; i < text.length; index++) {
				value([...path, index]);
				space();
				if (text[i++] === ']') return;
			}
		} else if (c === '"') string();
		else while (i < text.length && !',]} \t\n\r'.includes(text[i])) i++;
	};
	try {
		value([]);
	} catch {
		// Not the JSON this expects: say nothing rather than something wrong.
		return [];
	}
	return found;
}
