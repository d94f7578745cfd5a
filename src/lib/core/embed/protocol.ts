/**
 * The embed contract's message shapes and origin rules (shared/design/embed-api.md, v1).
 * Pure: the frame's page wires it to window.postMessage.
 */
export const EMBED_VERSION = 1;
export const PREFIX = 'mcp-lab:';

export const COMMANDS = [
	'getState',
	'setScenario',
	'startSession',
	'closeSession',
	'connectAll',
	'reconnectAll',
	'kill',
	'restart',
	'hang',
	'delay',
	'callTool',
	'answerApproval',
	'setProfile',
	'reset',
	'step',
	// Extensions of contract v1 for the ToolSource profile.
	'cancelCall',
	'reconcile',
	'restartHarness',
	// An extension of contract v1 for the trust, miniharness and contextual profiles.
	'profileCommand',
	// Extensions of contract v1: a person's answer to a server's request to the host (a tool
	// whose handler asks for sampling or elicitation waits for it), by the snapshot's hostRequests.
	'answerSampling',
	'answerElicitation'
] as const;
export type CommandName = (typeof COMMANDS)[number];

/** Contract commands this build does not carry out yet; they are answered, never ignored. */
export const NOT_YET: ReadonlySet<CommandName> = new Set<CommandName>([]);

export interface Command {
	id: string;
	command: CommandName;
	args: Record<string, unknown>;
}

export type Parsed =
	| { kind: 'ignore' }
	| { kind: 'command'; command: Command }
	| { kind: 'invalid'; id: string | number | boolean | null; error: string };

/**
 * The id a refusal of a bad id echoes: a number, boolean or null as it came (a host that numbered
 * its commands can still match the answer), anything else (missing, an object of any size) as ''.
 */
function echoedId(id: unknown): string | number | boolean | null {
	return typeof id === 'number' || typeof id === 'boolean' || id === null ? id : '';
}

/** Anything that is not an `mcp-lab:command` object is someone else's message: ignored. */
export function parseMessage(data: unknown): Parsed {
	if (!data || typeof data !== 'object') return { kind: 'ignore' };
	const message = data as Record<string, unknown>;
	if (message.type !== `${PREFIX}command`) return { kind: 'ignore' };
	// Any string is an id, the empty one included (contract: `id:'<any string>'`).
	if (typeof message.id !== 'string')
		return { kind: 'invalid', id: echoedId(message.id), error: 'A command needs an "id" string.' };
	const id = message.id;
	const name = message.command;
	if (typeof name !== 'string' || !(COMMANDS as readonly string[]).includes(name))
		return {
			kind: 'invalid',
			id,
			error: `Unknown command ${echoedName(name)}. Commands: ${COMMANDS.join(', ')}.`
		};
	const args = message.args ?? {};
	if (typeof args !== 'object' || Array.isArray(args) || args === null)
		return { kind: 'invalid', id, error: `"args" of ${name} must be an object.` };
	const problem = notJson(args, 'args');
	// A copy as JSON has it (keys holding undefined dropped): the world logs each action as JSON
	// for time travel and share links, and a replay must see what the live world saw.
	let copy: Record<string, unknown> | undefined;
	try {
		if (!problem) copy = JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
	} catch {
		// Only depth is left to fail here: JSON.stringify recurses.
	}
	if (!copy)
		return {
			kind: 'invalid',
			id,
			error: `"args" of ${name} must be plain JSON: ${problem || 'args nests too deeply'}.`
		};
	return { kind: 'command', command: { id, command: name as CommandName, args: copy } };
}

/** How a refusal names a command it does not know: a string bounded, anything else by its type. */
const NAME_ECHO_MAX = 100;
function echoedName(name: unknown): string {
	if (typeof name !== 'string') return `(${name === null ? 'null' : typeof name}, not a string)`;
	const shown = name.length > NAME_ECHO_MAX ? `${name.slice(0, NAME_ECHO_MAX)}…` : name;
	return JSON.stringify(shown);
}

/**
 * Where `value` stops being JSON, or '' when it is JSON all through. A host may post whatever
 * structured cloning carries (a BigInt, a cycle, a Date, a Map, NaN); the contract's messages
 * are plain JSON, and anything else would reach the world and break its log later (a share link
 * recursing for ever on a cycle). Undefined values are let through, as JSON.stringify drops
 * them. Walked with an explicit stack: deep nesting is valid JSON and must not overflow.
 */
export function notJson(value: unknown, root: string): string {
	const ancestors = new Set<object>();
	const todo: Array<{ value: unknown; path: string } | { exit: object }> = [{ value, path: root }];
	while (todo.length) {
		const item = todo.pop()!;
		if ('exit' in item) {
			ancestors.delete(item.exit);
			continue;
		}
		const { value: v, path } = item;
		if (v === null || v === undefined || typeof v === 'string' || typeof v === 'boolean') continue;
		if (typeof v === 'number') {
			if (Number.isFinite(v)) continue;
			return `${path} is ${v}, which JSON cannot carry`;
		}
		if (typeof v !== 'object') return `${path} is a ${typeof v}`;
		if (ancestors.has(v)) return `${path} refers back to an object that contains it`;
		const array = Array.isArray(v);
		const proto: unknown = Object.getPrototypeOf(v);
		if (!array && proto !== Object.prototype && proto !== null) {
			const kind = (v as { constructor?: { name?: unknown } }).constructor?.name;
			return `${path} is ${typeof kind === 'string' && kind ? `a ${kind.slice(0, 40)}` : 'not a plain object'}`;
		}
		ancestors.add(v);
		todo.push({ exit: v });
		if (array)
			for (let i = v.length - 1; i >= 0; i--) todo.push({ value: v[i], path: `${path}[${i}]` });
		else
			for (const key of Object.keys(v).reverse())
				todo.push({
					value: (v as Record<string, unknown>)[key],
					path: `${path}.${key.slice(0, 40)}`
				});
	}
	return '';
}

/** A string argument, or the sentence explaining what is missing. */
export function stringArg(command: Command, key: string): string | { error: string } {
	const value = command.args[key];
	return typeof value === 'string' && value
		? value
		: { error: `${command.command} needs args.${key} (a non-empty string).` };
}

/** An object argument (`{}` when absent), or the sentence explaining the expected shape. */
export function objectArg(
	command: Command,
	key: string
): { value: Record<string, unknown> } | { error: string } {
	const value = command.args[key] ?? {};
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? { value: value as Record<string, unknown> }
		: { error: `${command.command} needs args.${key} to be an object when given.` };
}

/**
 * Commands are taken only from the parent window, and only from `origin` when the page was
 * given one (an exact match of scheme, host and port).
 */
export function acceptsFrom(
	event: { origin: string; source: unknown },
	parent: unknown,
	allowedOrigin: string | null
): boolean {
	if (event.source !== parent) return false;
	return allowedOrigin === null || event.origin === allowedOrigin;
}

/**
 * An origin no postMessage target can name: an opaque one (`'null'`), or a page opened from disk,
 * which Chromium names `'file://'` while the page's own origin is opaque: a docs author's first
 * try, the snippet pasted into a file, got no answer at all.
 */
const opaque = (origin: string) => origin === 'null' || origin.startsWith('file:');

/**
 * Where replies go: the `origin` parameter when set, else the parent's origin when known. The
 * browser's own `ancestorOrigins[0]` (Chromium, Safari) comes first: the referrer is missing
 * under a `no-referrer` policy. An opaque parent (a sandboxed docs preview, a page opened from
 * disk) no target can name: only `'*'` reaches it.
 */
export function replyOrigin(
	allowedOrigin: string | null,
	referrer: string,
	ancestor: string | undefined = undefined
): string {
	if (allowedOrigin) return allowedOrigin;
	if (ancestor && !opaque(ancestor)) return ancestor;
	if (ancestor) return '*';
	try {
		const origin = referrer ? new URL(referrer).origin : '*';
		return opaque(origin) ? '*' : origin;
	} catch {
		return '*';
	}
}

/**
 * The `origin=` parameter (null when absent), normalised; an unusable value is treated as an
 * error, not as "any". So is an empty one: a docs template whose origin variable came out empty
 * must not open the frame to every page.
 */
export function parseOriginParam(
	value: string | null
): { origin: string | null } | { error: string; kind: 'unusable' | 'malformed' | 'empty' } {
	if (value === null) return { origin: null };
	if (value === '') return { error: 'origin= is empty.', kind: 'empty' };
	try {
		const url = new URL(value);
		// A file: page posts with origin "null" (Chromium still spells the URL's origin file://).
		if (url.origin === 'null' || url.protocol === 'file:')
			return { error: `origin=${value} is not a usable origin.`, kind: 'unusable' };
		return { origin: url.origin };
	} catch {
		return {
			error: `origin=${value} is not a valid origin (expected e.g. https://docs.example.com).`,
			kind: 'malformed'
		};
	}
}

/** Panels a page can show: the contract's five, plus the naming, input-model and editor panels. */
export const PANELS = [
	'servers',
	'editor',
	'naming',
	'input',
	'machine',
	'registry',
	'pipeline',
	'log',
	/** Lab 00's panels: one server's wire message by message, resources and prompts, host requests. */
	'messages',
	'protocol',
	'host'
] as const;
export type PanelName = (typeof PANELS)[number];
/** What a lab shows when it does not list its panels. */
export const DEFAULT_PANELS: readonly PanelName[] = [
	'servers',
	'machine',
	'registry',
	'pipeline',
	'log'
];

/** What `view=` takes: `all` or panel names (comma-separated). */
export const VIEWS = ['all', ...PANELS] as const;

/** `view=servers,log` → the known panel names; unknown names are dropped, nothing → all. */
export function parseViews(value: string | null): string[] {
	const views = (value ?? '')
		.split(',')
		.map((v) => v.trim())
		.filter((v): v is (typeof VIEWS)[number] => (VIEWS as readonly string[]).includes(v));
	return views.length ? views : ['all'];
}
