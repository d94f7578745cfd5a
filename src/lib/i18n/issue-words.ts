interface Issue {
	message: string;
	path: Array<string | number>;
}

const isIssue = (value: unknown): value is Issue =>
	typeof value === 'object' &&
	value !== null &&
	typeof (value as Issue).message === 'string' &&
	Array.isArray((value as Issue).path);

/** Where zod's issue list starts in a text (the TS SDK throws it as the error's message). */
const DUMP = /\[\s*\{\s*"(?:code|expected|origin)"/;
const FIRST_MESSAGE = /"message":\s*"((?:[^"\\]|\\.)*)"/;

/**
 * A validation dump read aloud as its issues' words: `call failed: [ { "code": "invalid_union",
 * … } ]` became a screen reader spelling out JSON (a hostile-server audit). Each top-level
 * issue is its message and where (`Invalid input (content.0)`); a dump cut short (truncated
 * output) gives its first message. Text without a dump is returned as it is.
 */
export function issueWords(text: string): string {
	const start = text.search(DUMP);
	if (start < 0) return text;
	const head = text.slice(0, start);
	const dump = text.slice(start);
	let words: string[] = [];
	try {
		const issues: unknown = JSON.parse(dump);
		if (Array.isArray(issues))
			words = issues
				.filter(isIssue)
				.map((i) => (i.path.length ? `${i.message} (${i.path.join('.')})` : i.message));
	} catch {
		const first = FIRST_MESSAGE.exec(dump)?.[1];
		if (first !== undefined) words = [first.replace(/\\(.)/g, '$1')];
	}
	return words.length ? `${head}${words.join('; ')}` : text;
}
