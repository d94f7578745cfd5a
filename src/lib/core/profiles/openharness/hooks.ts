/**
 * OpenHarness's tool hooks, simulated (`hooks/executor.py`, `hooks/types.py`, and the two calls
 * in `engine/query.py` `_execute_tool_call`).
 *
 * What the source does, and the lab keeps:
 * - A hook's `matcher` is an `fnmatch` glob on the tool name; a hook with no (or an empty)
 *   matcher matches every call. The subject is `payload["tool_name"] or … or payload["event"]`,
 *   so a call with an empty tool name is matched against the event name instead.
 * - Every matching hook runs, in order, even after one has blocked; the call is blocked when any
 *   of them blocked, and the reason is the FIRST blocking hook's own reason. When that one has
 *   none, the engine says `pre_tool_use hook blocked <name>` (a later hook's reason is not used).
 * - `pre_tool_use` runs before the tool is even looked up, so it sees unknown tools too.
 * - `post_tool_use` is awaited but its result is never read: it cannot block.
 *
 * What is simulated: a real hook is a command, an HTTP call, a prompt or an agent that "fails"
 * with `block_on_failure`; here a hook simply says `block: true` and gives the text the real hook
 * would have printed as `reason`. `note` is the lab's own annotation, never seen by the model.
 */
import { z } from 'zod';

export const hookSchema = z.looseObject({
	/** fnmatch glob on the adapted tool name, e.g. `mcp__github__*`; empty matches everything. */
	matcher: z.string(),
	/** Blocks the call (pre_tool_use only; post_tool_use hooks cannot block). */
	block: z.boolean().optional(),
	/** The text the model receives when this hook blocks. */
	reason: z.string().optional(),
	/** The lab's annotation for learners; not part of OpenHarness. */
	note: z.string().optional()
});

export const hooksSchema = z.looseObject({
	pre_tool_use: z.array(hookSchema).optional(),
	post_tool_use: z.array(hookSchema).optional()
});

export type Hook = z.output<typeof hookSchema>;
export type HookSettings = z.output<typeof hooksSchema>;
export type HookEventName = 'pre_tool_use' | 'post_tool_use';

/** `f"pre_tool_use hook blocked {tool_name}"` — the engine's text when the hook gave none. */
export const preHookBlocked = (name: string) => `pre_tool_use hook blocked ${name}`;

export interface PreToolUsePayload {
	tool_name: string;
	tool_input: Record<string, unknown>;
	event: 'pre_tool_use';
}

export interface PostToolUsePayload {
	tool_name: string;
	tool_input: Record<string, unknown>;
	tool_output: string;
	tool_is_error: boolean;
	event: 'post_tool_use';
}

export type PreToolUseOutcome =
	| { blocked: false; ran: Hook[]; payload: PreToolUsePayload }
	| { blocked: true; reason: string; ran: Hook[]; payload: PreToolUsePayload };

export interface PostToolUseOutcome {
	ran: Hook[];
	/** What every hook that ran was given. */
	payload: PostToolUsePayload;
}

/** The hooks of one event that match this tool name, in their configured order. */
export function matchHooks(
	hooks: HookSettings | undefined,
	event: HookEventName,
	toolName: string
): Hook[] {
	const subject = toolName || event;
	return (hooks?.[event] ?? []).filter((hook) => !hook.matcher || fnmatch(subject, hook.matcher));
}

export function runPreToolUse(
	hooks: HookSettings | undefined,
	name: string,
	input: Record<string, unknown>
): PreToolUseOutcome {
	const payload: PreToolUsePayload = { tool_name: name, tool_input: input, event: 'pre_tool_use' };
	const ran = matchHooks(hooks, 'pre_tool_use', name);
	const first = ran.find((hook) => hook.block === true);
	if (!first) return { blocked: false, ran, payload };
	return { blocked: true, reason: first.reason || preHookBlocked(name), ran, payload };
}

export function runPostToolUse(
	hooks: HookSettings | undefined,
	name: string,
	input: Record<string, unknown>,
	output: string,
	isError: boolean
): PostToolUseOutcome {
	return {
		ran: matchHooks(hooks, 'post_tool_use', name),
		payload: {
			tool_name: name,
			tool_input: input,
			tool_output: output,
			tool_is_error: isError,
			event: 'post_tool_use'
		}
	};
}

// ---------------------------------------------------------------------------------------------
// fnmatch

/**
 * Python's `fnmatch.fnmatch(name, pattern)` on POSIX, which OpenHarness uses for hook matchers,
 * path rules, credential paths and denied commands:
 * - the whole name must match; case-sensitive (POSIX `normcase` changes nothing);
 * - `*` matches any run of characters, `/` and newlines included (unlike a shell glob);
 * - `?` matches exactly one character (a code point, as Python counts);
 * - `[seq]` one character in seq, `[!seq]` one not in it, `a-z` ranges; a `]` right after `[`
 *   or `[!` is literal; a `[` without a closing `]` is a literal `[`; a reversed range such as
 *   `z-a` is dropped, as `fnmatch.translate` drops it (so `[z-a]` matches nothing);
 * - there is no escape character: `\` is literal.
 */
export function fnmatch(name: string, pattern: string): boolean {
	let tokens = cache.get(pattern);
	if (!tokens) {
		tokens = translate(pattern);
		if (cache.size > 500) cache.clear();
		cache.set(pattern, tokens);
	}
	return matches(Array.from(name), tokens);
}

/** `*`, or a test of one character (a code point): literal, `?` or `[...]`. */
type Token = '*' | ((ch: string) => boolean);
const cache = new Map<string, Token[]>();

/**
 * Whole-name matching that never backtracks past the last `*`: time is at most the name's
 * length times the pattern's. A regex such as `^.*a.*a.*a.*b$` (what `*a*a*a*b` would become)
 * takes time growing with the name's length to the power of its stars: a 3,000-character tool
 * name froze the page. Python's own translation stops that with atomic groups, which
 * JavaScript lacks; the result is the same match.
 */
function matches(text: string[], tokens: Token[]): boolean {
	let t = 0;
	let p = 0;
	let star = -1;
	let resume = 0;
	while (t < text.length) {
		const token = tokens[p];
		if (token === '*') {
			star = p++;
			resume = t;
		} else if (token && token(text[t])) {
			t++;
			p++;
		} else if (star >= 0) {
			// Let the last star take one more character, and try the rest again from there.
			p = star + 1;
			t = ++resume;
		} else return false;
	}
	while (tokens[p] === '*') p++;
	return p === tokens.length;
}

const escapeChar = (ch: string) => `\\u{${ch.codePointAt(0)!.toString(16)}}`;

/** `fnmatch._translate`, as tokens: consecutive stars are one; a class is tested as Python reads it. */
function translate(pattern: string): Token[] {
	const pat = Array.from(pattern);
	const n = pat.length;
	const out: Token[] = [];
	let i = 0;
	while (i < n) {
		const c = pat[i++];
		if (c === '*') {
			if (out.at(-1) !== '*') out.push('*');
			continue;
		}
		if (c === '?') out.push(() => true);
		else if (c === '[') {
			let j = i;
			if (j < n && pat[j] === '!') j++;
			if (j < n && pat[j] === ']') j++;
			while (j < n && pat[j] !== ']') j++;
			if (j >= n) out.push((ch) => ch === '[');
			else {
				// One character class, anchored: no quantifier, so no backtracking.
				const re = new RegExp(`^${charClass(pat, i, j)}$`, 'su');
				out.push((ch) => re.test(ch));
				i = j + 1;
			}
		} else out.push((ch) => ch === c);
	}
	return out;
}

/** One `[...]` of the pattern (`pat[i..j)` is what lies between the brackets). */
function charClass(pat: string[], i: number, j: number): string {
	const stuff = pat.slice(i, j);
	let chunks: string[][];
	if (!stuff.includes('-')) chunks = [stuff];
	else {
		// fnmatch splits at the hyphens that make ranges; the first character (after `!`) never does.
		chunks = [];
		let start = i;
		let k = pat[i] === '!' ? i + 2 : i + 1;
		for (;;) {
			k = indexOf(pat, '-', k, j);
			if (k < 0) break;
			chunks.push(pat.slice(start, k));
			start = k + 1;
			k = k + 3;
		}
		const last = pat.slice(start, j);
		if (last.length > 0) chunks.push(last);
		else chunks[chunks.length - 1] = [...chunks[chunks.length - 1], '-'];
		// Remove empty (reversed) ranges, as fnmatch does: they would be invalid in a regex.
		for (let m = chunks.length - 1; m > 0; m--) {
			const prev = chunks[m - 1];
			if (cp(prev[prev.length - 1]) > cp(chunks[m][0])) {
				chunks[m - 1] = [...prev.slice(0, -1), ...chunks[m].slice(1)];
				chunks.splice(m, 1);
			}
		}
	}
	const negate = chunks[0].length > 0 && chunks[0][0] === '!';
	if (negate) chunks[0] = chunks[0].slice(1);
	// The last character of one chunk and the first of the next form a range; the rest is literal.
	let body = '';
	for (let m = 0; m < chunks.length; m++) {
		const chunk = chunks[m];
		const from = m > 0 ? 1 : 0;
		const to = m < chunks.length - 1 ? chunk.length - 1 : chunk.length;
		if (m > 0)
			body += `${escapeChar(chunks[m - 1][chunks[m - 1].length - 1])}-${escapeChar(chunk[0])}`;
		for (let x = from; x < to; x++) body += escapeChar(chunk[x]);
	}
	// `[]`-like empty sets: Python never matches; a negated empty set matches any one character.
	if (!body) return negate ? '.' : '(?!)';
	return negate ? `[^${body}]` : `[${body}]`;
}

function indexOf(pat: string[], ch: string, from: number, to: number): number {
	for (let k = from; k < to; k++) if (pat[k] === ch) return k;
	return -1;
}

const cp = (ch: string) => ch.codePointAt(0)!;
