import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { z } from 'zod';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { errorDetail } from '../profiles/openharness/strings';
import { boundText } from '../text/bound';
import type { SimClock } from '../world/clock';
import type { NewWorldEvent } from '../world/events';
import { withClockTimeout } from '../world/timeout';
import type { WireEntry, WireLog } from '../world/wire';
import {
	changedFields,
	definitionHash,
	definitionOf,
	ListedTools,
	type FieldChange,
	type ToolDefinition
} from './definition';

/**
 * Definition pinning, an MCP Lab illustration (in no harness source the lab reproduces): when a
 * person approves a call, the tool's definition is pinned by its SHA-256; when the server sends
 * notifications/tools/list_changed, the tracker lists its tools again on the wire, as a host
 * that honours the notification would, and says which pinned tools no longer match.
 */
export type PinState = 'pinned' | 'changed' | 'removed';

export interface Pin {
	/** The adapted name the model called. */
	tool: string;
	server: string;
	/** The server's own name for the tool. */
	raw: string;
	hash: string;
	definition: ToolDefinition;
	pinnedAt: number;
	state: PinState;
	/** The definition the server lists now, after the latest re-list (null before any, or removed). */
	current: ToolDefinition | null;
	currentHash: string | null;
	changes: FieldChange[];
	/** How many times a person approved a call of this tool. */
	approvals: number;
}

export interface Relist {
	server: string;
	t: number;
	/** Tools the server listed, or null when the listing failed (see `error`). */
	tools: number | null;
	error: string;
}

export interface PinsView {
	/** Pins by adapted tool name. */
	tools: Record<string, Pin>;
	/** Adapted names of the pins that no longer match (changed or removed), in pin order. */
	changed: string[];
	relists: Relist[];
}

export interface PinHost {
	readonly clock: SimClock;
	readonly wire: WireLog;
	readonly timeoutMs: number;
	emit(event: NewWorldEvent): void;
	changed(): void;
}

/** The characters of a hash a person compares (the panel shows this prefix). */
export const HASH_PREFIX = 12;
const MAX_PAGES = 100;
const MAX_RELISTS = 50;
const MAX_ERROR = 500;

/** A tools/list page, every field of every tool kept: the pin covers what the server sent. */
const toolsPage = z.looseObject({
	tools: z.array(z.looseObject({ name: z.string() })),
	nextCursor: z.string().optional()
});

export class PinTracker {
	#pins = new Map<string, Pin>();
	#relists: Relist[] = [];
	#inFlight = 0;
	/** How many re-lists of each server are running now (see #heard); a burst may overlap. */
	readonly #relisting = new Map<string, number>();
	#view: PinsView | null = null;
	/** What each server last listed, kept as the wire logs it (the log's window drops old entries). */
	readonly #listed = new ListedTools();

	constructor(private readonly host: PinHost) {
		for (const entry of host.wire.entries) this.#listed.take(entry);
		host.wire.tap((entry) => this.#heard(entry));
	}

	/**
	 * Every tools/list answer on the wire updates the pins of its server, not only the tracker's
	 * own re-list: after a reconnect the harness lists a fresh server, and the pins table must say
	 * what the server listed last. One page says nothing of tools on other pages, so a tool it
	 * lacks is not called removed here (the re-list, which reads every page, says that).
	 */
	#heard(entry: WireEntry): void {
		const page = this.#listed.take(entry);
		// The tracker's own re-list compares once it has every page, after saying it re-listed.
		if (!page?.size || !this.#pins.size || this.#relisting.has(entry.server)) return;
		let compared = false;
		for (const pin of this.#pins.values())
			if (pin.server === entry.server && page.has(pin.raw)) {
				this.#compare(pin, page.get(pin.raw)!);
				compared = true;
			}
		if (compared) this.#update();
	}

	get busy(): boolean {
		return this.#inFlight > 0;
	}

	/** A new SDK client for `server`: its list_changed notifications now trigger a re-list. */
	attach(client: Client, server: string): void {
		client.setNotificationHandler(ToolListChangedNotificationSchema, () =>
			this.#relist(client, server)
		);
	}

	/**
	 * A person approved a call: its tool is pinned as the server last listed it. An existing pin
	 * stays as first approved: approving again never accepts a changed definition silently.
	 */
	approved(call: { name: string; server: string; tool: string }): void {
		const pin = this.#pins.get(call.name);
		if (pin) {
			pin.approvals++;
			this.#update();
			return;
		}
		const definition = this.#listed.definition(call.server, call.tool);
		if (!definition) return;
		const hash = definitionHash(definition);
		this.#pins.set(call.name, {
			tool: call.name,
			server: call.server,
			raw: call.tool,
			hash,
			definition,
			pinnedAt: this.host.clock.now,
			state: 'pinned',
			current: null,
			currentHash: null,
			changes: [],
			approvals: 1
		});
		this.#emit('pinned', { tool: call.name, hash: hash.slice(0, HASH_PREFIX) });
		this.#update();
	}

	view(): PinsView {
		return (this.#view ??= {
			tools: Object.fromEntries([...this.#pins].map(([name, pin]) => [name, { ...pin }])),
			changed: [...this.#pins.values()].filter((p) => p.state !== 'pinned').map((p) => p.tool),
			relists: [...this.#relists]
		});
	}

	async #relist(client: Client, server: string): Promise<void> {
		this.#inFlight++;
		this.#relisting.set(server, (this.#relisting.get(server) ?? 0) + 1);
		try {
			const listed = new Map<string, ToolDefinition>();
			let cursor: string | undefined;
			for (let page = 0; page < MAX_PAGES; page++) {
				const result = await withClockTimeout(this.host.clock, this.host.timeoutMs, (options) =>
					client.request(
						{ method: 'tools/list', params: cursor ? { cursor } : {} },
						toolsPage,
						options
					)
				);
				for (const tool of result.tools) listed.set(tool.name, definitionOf(tool));
				cursor = result.nextCursor;
				if (!cursor) break;
			}
			this.#record({ server, t: this.host.clock.now, tools: listed.size, error: '' });
			this.#emit('relisted', { server, count: String(listed.size) });
			for (const pin of this.#pins.values())
				if (pin.server === server) this.#compare(pin, listed.get(pin.raw) ?? null);
		} catch (error) {
			// A server's error text is hostile too: kept short in the view and the narration.
			const detail = boundText(errorDetail(error), MAX_ERROR).text;
			this.#record({ server, t: this.host.clock.now, tools: null, error: detail });
			this.#emit('relist-failed', { server, detail });
		} finally {
			this.#inFlight--;
			const left = this.#relisting.get(server)! - 1;
			if (left) this.#relisting.set(server, left);
			else this.#relisting.delete(server);
			this.#update();
		}
	}

	#compare(pin: Pin, now: ToolDefinition | null): void {
		const was = pin.state;
		const wasHash = pin.currentHash;
		pin.current = now;
		pin.currentHash = now ? definitionHash(now) : null;
		pin.changes = now ? changedFields(pin.definition, now) : [];
		pin.state = !now ? 'removed' : pin.currentHash === pin.hash ? 'pinned' : 'changed';
		if (pin.state === was && pin.currentHash === wasHash) return;
		if (pin.state === 'removed') this.#emit('removed', { tool: pin.tool });
		else if (pin.state === 'changed')
			this.#emit('changed', {
				tool: pin.tool,
				fields: pin.changes.map((c) => c.field).join(', '),
				hash: (pin.currentHash ?? '').slice(0, HASH_PREFIX)
			});
		else this.#emit('matches', { tool: pin.tool });
	}

	#record(relist: Relist): void {
		this.#relists = [...this.#relists, relist].slice(-MAX_RELISTS);
	}

	#emit(event: string, params: Record<string, string>): void {
		this.host.emit({ kind: 'profile', profile: 'pins', event, params });
	}

	#update(): void {
		this.#view = null;
		this.host.changed();
	}
}
