import type { ToolInfo } from '../../machines/types';

export interface SchemaEntry {
	/** `server#tool`. */
	key: string;
	server: string;
	tool: string;
	inputSchema: Record<string, unknown>;
	listedAt: number;
	expiresAt: number;
}

export const schemaKey = (server: string, tool: string) => `${server}#${tool}`;

/** Tool schemas per `server#tool`, each fresh for `ttlMs` of simulated time after its listing. */
export class SchemaCache {
	readonly #entries = new Map<string, SchemaEntry>();

	constructor(readonly ttlMs: number) {}

	/** A server's tools/list answer, listed at `now`: its tools' entries start a new TTL. */
	store(server: string, tools: readonly ToolInfo[], now: number): void {
		for (const tool of tools) {
			const key = schemaKey(server, tool.name);
			this.#entries.set(key, {
				key,
				server,
				tool: tool.name,
				inputSchema: tool.inputSchema,
				listedAt: now,
				expiresAt: now + this.ttlMs
			});
		}
	}

	/** The entry if still fresh at `now`; an expired one must be listed again. */
	fresh(server: string, tool: string, now: number): SchemaEntry | null {
		const entry = this.#entries.get(schemaKey(server, tool));
		return entry && now < entry.expiresAt ? entry : null;
	}

	get entries(): SchemaEntry[] {
		return [...this.#entries.values()];
	}
}
