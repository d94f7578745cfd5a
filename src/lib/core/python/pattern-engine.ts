/**
 * Where a server's `pattern` and `patternProperties` run: RE2 (re2js), whose matching takes time
 * linear in the text. A schema comes from the server, and so does the text it checks: with
 * JavaScript's backtracking RegExp, `^(a+)+$` against forty a's and a `!`, or `\s*\s*$` against
 * ten thousand spaces, froze the page for minutes (Python's `re`, which jsonschema uses, would
 * hang OpenHarness the same way). RE2's syntax is close to Python's (it reads `(?P<name>…)`,
 * which JavaScript does not); it has no look-around and no back-references, and a pattern using
 * them is not checked. ≈45 KiB gzipped, so it loads only for a tool whose outputSchema has a
 * pattern (sim-io.ts), never with the page.
 */
type Re2 = typeof import('re2js');

let engine: Re2 | null = null;
let loading: Promise<void> | null = null;

export function loadPatternEngine(): Promise<void> {
	loading ??= import('re2js').then((module) => {
		engine = module;
	});
	return loading;
}

/** What the check needs of a pattern: Python's `re.search` (a match anywhere in the text). */
export interface Pattern {
	search(text: string): boolean;
}

// A schema names a few patterns, checked against many values: each compiled once.
const compiled = new Map<string, Pattern | null>();
const COMPILED_MAX = 500;

/**
 * The pattern, or null when it is not checked: RE2 cannot read it, or the engine has not loaded
 * (a world loads it before a call can reach the check; a pattern is never run on JavaScript's
 * backtracking engine instead).
 */
export function compilePattern(pattern: string): Pattern | null {
	if (!engine) return null;
	const known = compiled.get(pattern);
	if (known !== undefined) return known;
	let made: Pattern | null;
	try {
		const re = engine.RE2JS.compile(pattern);
		made = { search: (text) => re.matcher(text).find() };
	} catch {
		made = null;
	}
	if (compiled.size >= COMPILED_MAX) compiled.clear();
	compiled.set(pattern, made);
	return made;
}

/** Whether a schema mentions either keyword anywhere (so a world knows to load the engine). */
export function mentionsPatterns(schema: unknown): boolean {
	try {
		return /"pattern(?:Properties)?"\s*:/.test(JSON.stringify(schema) ?? '');
	} catch {
		// Too deep to write out: load the engine rather than guess.
		return true;
	}
}
