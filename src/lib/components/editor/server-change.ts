import { fnmatch } from '$lib/core/profiles/openharness/hooks';
import {
	isObject,
	open,
	serverTypes,
	str,
	type EditResult,
	type FormServer,
	type JsonObject,
	type ServerType
} from './scenario-text';

/*
 * Changing an existing server (its name, type, command and arguments, or URL): read by the
 * form's server Change only, so it is fetched with that editor (ServerChange.svelte) when a
 * learner first presses Change, not with the page.
 */

/** A server's Change fields, every one as typed. */
export interface ServerFields {
	name: string;
	type: ServerType;
	command: string;
	/** One argument per line; blank lines are dropped. */
	args: string;
	url: string;
}

/** What a Save wrote, for the sentence that says it. */
export type ServerChanged = { ok: true; text: string } & ServerChange;
export interface ServerChange {
	/** The fields whose value the text now holds differently (the name is said apart). */
	changed: ('type' | 'command' | 'args' | 'url')[];
	/** Keys of its config a type change removed (the old type's own), as the text had them. */
	removed: string[];
	/** Settings keyed by the server's exact name, renamed with it (their paths). */
	moved: string[];
	/** Entries that still name the old server after a rename, by path (one per entry). */
	stale: string[];
	/** Renamed to an enabled plugin's server key: that server, which the merge now leaves out. */
	takes?: PluginServer;
	/** Renamed from an enabled plugin's server key: that server, which the merge now adds. */
	frees?: PluginServer;
}

export interface PluginServer {
	plugin: string;
	name: string;
}

/**
 * The server an enabled plugin gives the key `key` (`<plugin>:<name>`), if one does: settings
 * servers come first in OpenHarness's merge, so a settings server under that key leaves it out.
 */
function pluginServerAt(root: JsonObject, key: string): PluginServer | undefined {
	const plugins = isObject(root.plugins) ? root.plugins : {};
	for (const [plugin, block] of Object.entries(plugins)) {
		if (!isObject(block) || !block.enabled || !isObject(block.mcp_servers)) continue;
		const name = Object.keys(block.mcp_servers).find((name) => `${plugin}:${name}` === key);
		if (name !== undefined) return { plugin, name };
	}
}

/** The fields as the form lists the server (a type the form does not offer starts as stdio). */
export function serverFields(server: FormServer): ServerFields {
	const type = serverTypes.find((t) => t === server.type) ?? 'stdio';
	return {
		name: server.name,
		type,
		command: server.command,
		args: server.args.join('\n'),
		url: server.url
	};
}

/**
 * Each type's own keys in the scenario schema (stdioServerSchema, httpServerSchema,
 * wsServerSchema). A type change removes the keys of the type left that the new one does not
 * have: stdio → http/ws drops `command`, `args`, `env` and `cwd` (a process's environment is not
 * an HTTP header, so `env` is not turned into `headers`: it goes, as OpenHarness's http config
 * has no such field); http/ws → stdio drops `url`, `headers` and `live`; http → ws drops `live`
 * (only http servers are connected live); ws ↔ http keep `url` and `headers`. `sim` and every
 * key no schema names (`timeout`, `description`...) stay: the schema keeps unknown keys, as a
 * pasted settings block may carry them.
 */
const typeKeys: Record<ServerType, string[]> = {
	stdio: ['command', 'args', 'env', 'cwd'],
	http: ['url', 'headers', 'live'],
	ws: ['url', 'headers']
};

const argsOf = (text: string) =>
	text
		.split('\n')
		.map((arg) => arg.trim())
		.filter(Boolean);

/**
 * `mcp__<seg(server)>__`: what OpenHarness's adapted names of a server's tools start with
 * (profiles/openharness/naming.ts, whose `segment` this repeats, and a unit test holds the two
 * the same). Not imported: this module is fetched on a first Change, and sharing naming.ts with
 * it made the bundler split naming.ts out of the registry's chunk into a file of its own that
 * every page loads at start (77 B gz more on the lab, embed and sandbox pages).
 */
export function adaptedPrefix(server: string): string {
	return `mcp__${segment(server)}__`;
}

/** naming.ts's `segment`, repeated (see above): a server's or a tool's part of an adapted name. */
export function segment(raw: string): string {
	let out = '';
	for (const ch of raw) out += /^[A-Za-z0-9_-]$/.test(ch) ? ch : '_';
	if (out === '') out = 'tool';
	return /^[A-Za-z]/.test(out) ? out : `mcp_${out}`;
}

/**
 * Whether a hook's `matcher` (an fnmatch glob on adapted names) stops meaning this server's tools
 * when it is renamed `old` → `name`: it matches one of them under the old name and not under the
 * new (`mcp__internal-api*`, `mcp__internal-api__search_*`). A server whose tools the text does
 * not list (a live one) is judged by the old adapted prefix written into the matcher.
 */
function matcherLeftBehind(matcher: string, old: string, name: string, tools: string[]): boolean {
	if (!tools.length) return matcher.includes(adaptedPrefix(old));
	return tools.some(
		(tool) =>
			fnmatch(adaptedPrefix(old) + segment(tool), matcher) &&
			!fnmatch(adaptedPrefix(name) + segment(tool), matcher)
	);
}

/**
 * Entries elsewhere in the scenario that name `old` by an adapted or joined name, which a rename
 * leaves behind: OpenHarness's `permissions.allowed_tools`/`denied_tools` (exact adapted names
 * `mcp__<seg(server)>__<seg(tool)>`), its hooks' matchers (globs on those names) and
 * ToolSource's `toolsource.allow` keys (`mcp.<server>.<tool>`, raw). They are counted, not
 * rewritten: adapting loses the original (`mcp__a_b__t` is the adapted name of servers `a.b`,
 * `a b` and `a_b` alike), a dotted server name splits `mcp.a.b.t` two ways, and a glob may
 * match several servers, so which entries meant this server is not certain. A real harness does
 * not rewrite them either: the sentence says how many still name the old server.
 */
function staleEntries(root: JsonObject, old: string, name: string, tools: string[]): string[] {
	const stale: string[] = [];
	const adapted = adaptedPrefix(old);
	// A rename that adapts to the same segment leaves the adapted names pointing at it still.
	if (adaptedPrefix(name) !== adapted) {
		const permissions = isObject(root.permissions) ? root.permissions : {};
		for (const list of ['allowed_tools', 'denied_tools'] as const) {
			const rules = permissions[list];
			if (Array.isArray(rules))
				for (const rule of rules)
					if (typeof rule === 'string' && rule.startsWith(adapted))
						stale.push(`permissions.${list}`);
		}
		const hooks = isObject(root.hooks) ? root.hooks : {};
		for (const event of ['pre_tool_use', 'post_tool_use'] as const) {
			const list = hooks[event];
			if (Array.isArray(list))
				for (const hook of list)
					if (isObject(hook) && matcherLeftBehind(str(hook.matcher), old, name, tools))
						stale.push(`hooks.${event}`);
		}
	}
	const allow = isObject(root.toolsource) ? root.toolsource.allow : null;
	if (isObject(allow))
		for (const key of Object.keys(allow))
			if (key.startsWith(`mcp.${old}.`)) stale.push('toolsource.allow');
	return stale;
}

/** `record` with the key `from` renamed `to`, in its place (key order is what the panels show). */
const renamed = (record: JsonObject, from: string, to: string): JsonObject =>
	Object.fromEntries(
		Object.entries(record).map(([key, value]) => [key === from ? to : key, value])
	);

/**
 * Rewrites the server `old` from its Change fields. A rename keeps the server's place in
 * `mcp_servers` (the order the panels list and the harness connects in) and every key of its
 * config; names are kept exactly as typed, as the add form keeps them. A field is written only
 * when the text holds it differently (a rename alone leaves `args` as written, even an argument
 * the form would trim), and `type` only when it changes (a block without one is stdio).
 *
 * Settings keyed by the exact name, `contextual.servers.<name>` and `miniharness.priority.<name>`,
 * are renamed with it, in place: they can only mean this server, and the schema refuses one that
 * names no server, so leaving them would make the text fail its check. Entries that name the
 * server inside another name are counted instead (`staleEntries`).
 *
 * Refusals are the add form's (`name-required`, `name-taken`, `command-required`,
 * `url-required`), and `no-server` when the text has no server `old` any more.
 */
export function changeServer(
	text: string,
	old: string,
	fields: ServerFields
): ServerChanged | Extract<EditResult, { ok: false }> {
	const opened = open(text);
	if ('reason' in opened) return { ok: false, error: { kind: opened.reason } };
	const { root, servers } = opened;
	const config = servers[old];
	if (!Object.hasOwn(servers, old)) return { ok: false, error: { kind: 'no-server', name: old } };
	if (!isObject(config)) return { ok: false, error: { kind: 'shape' } };
	const { name, type } = fields;
	if (!name.trim()) return { ok: false, error: { kind: 'name-required' } };
	if (name !== old && Object.hasOwn(servers, name))
		return { ok: false, error: { kind: 'name-taken', name } };

	const wasType = 'type' in config ? String(config.type) : 'stdio';
	const changed: ServerChange['changed'] = [];
	/** The keys to write, in order: the ones the text lacks go right after `type`. */
	const write: JsonObject = {};
	if (type !== wasType) {
		write.type = type;
		changed.push('type');
	}
	if (type === 'stdio') {
		if (!fields.command.trim()) return { ok: false, error: { kind: 'command-required' } };
		if (fields.command !== str(config.command)) {
			write.command = fields.command.trim();
			changed.push('command');
		}
		const was = Array.isArray(config.args) ? config.args.map(String) : [];
		if (fields.args !== was.join('\n')) {
			const args = argsOf(fields.args);
			write.args = args;
			if (JSON.stringify(args) !== JSON.stringify(was)) changed.push('args');
		}
	} else {
		if (!fields.url.trim()) return { ok: false, error: { kind: 'url-required' } };
		if (fields.url !== str(config.url)) {
			write.url = fields.url.trim();
			if (write.url !== config.url) changed.push('url');
		}
	}
	const dropped = type === wasType ? [] : (typeKeys[wasType as ServerType] ?? []);
	const removed: string[] = [];
	const next: JsonObject = {};
	const fresh = Object.keys(write).filter((key) => key !== 'type' && !(key in config));
	const putFresh = () => fresh.forEach((key) => (next[key] = write[key]));
	if (!('type' in config) && 'type' in write) {
		next.type = write.type;
		putFresh();
	}
	for (const [key, value] of Object.entries(config)) {
		if (dropped.includes(key) && !typeKeys[type].includes(key)) {
			removed.push(key);
			continue;
		}
		next[key] = key in write ? write[key] : value;
		if (key === 'type') putFresh();
	}
	// A block without `type`, staying stdio: its new keys go last.
	if (!('type' in next)) fresh.forEach((key) => (next[key] = write[key]));

	root.mcp_servers = renamed({ ...servers, [old]: next }, old, name);
	const moved: string[] = [];
	let stale: string[] = [];
	if (name !== old) {
		const keyed = [
			['contextual', 'servers'],
			['miniharness', 'priority']
		] as const;
		for (const [block, field] of keyed) {
			const holder = root[block];
			const record = isObject(holder) ? holder[field] : null;
			if (!isObject(holder) || !isObject(record) || !Object.hasOwn(record, old)) continue;
			// A key under the new name already (text the schema refuses): both stay, and it is said.
			if (Object.hasOwn(record, name)) stale.push(`${block}.${field}`);
			else {
				holder[field] = renamed(record, old, name);
				moved.push(`${block}.${field}`);
			}
		}
		const sim = isObject(config.sim) ? config.sim : {};
		const tools = (Array.isArray(sim.tools) ? sim.tools : []).map((tool) =>
			isObject(tool) ? str(tool.name) : ''
		);
		stale = [...stale, ...staleEntries(root, old, name, tools)];
	}
	const plugins =
		name === old ? {} : { takes: pluginServerAt(root, name), frees: pluginServerAt(root, old) };
	return {
		ok: true,
		text: JSON.stringify(root, null, 2),
		changed,
		removed,
		moved,
		stale,
		...plugins
	};
}
