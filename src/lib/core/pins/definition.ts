import { sha256Hex } from './sha256';
import type { WireEntry } from '../world/wire';

/** What a pin covers: the parts of a tool that tell the model what it is and what it does. */
export interface ToolDefinition {
	name: string;
	description?: unknown;
	inputSchema?: unknown;
	annotations?: unknown;
}

export const PINNED_FIELDS = ['description', 'inputSchema', 'annotations'] as const;
export type PinnedField = (typeof PINNED_FIELDS)[number];

export interface FieldChange {
	field: PinnedField;
	/** The field as text: a description as is, the others as JSON (keys sorted); '' when absent. */
	before: string;
	after: string;
}

/** JSON with object keys sorted at every depth, so equal definitions hash alike. */
export function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (value && typeof value === 'object')
		return `{${Object.keys(value)
			.sort()
			.filter((k) => (value as Record<string, unknown>)[k] !== undefined)
			.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
			.join(',')}}`;
	return JSON.stringify(value) ?? 'null';
}

/** The four pinned parts of a tool as the server listed it; absent parts stay absent. */
export function definitionOf(tool: Record<string, unknown>): ToolDefinition {
	const definition: ToolDefinition = { name: String(tool.name) };
	for (const field of PINNED_FIELDS) if (tool[field] !== undefined) definition[field] = tool[field];
	return definition;
}

export const definitionHash = (definition: ToolDefinition): string =>
	sha256Hex(canonicalJson(definition));

const fieldText = (field: PinnedField, value: unknown): string =>
	value === undefined
		? ''
		: field === 'description' && typeof value === 'string'
			? value
			: JSON.stringify(JSON.parse(canonicalJson(value)), null, 2);

/** Which pinned parts differ, each with its before and after. */
export function changedFields(before: ToolDefinition, after: ToolDefinition): FieldChange[] {
	return PINNED_FIELDS.filter(
		(field) => canonicalJson(before[field] ?? null) !== canonicalJson(after[field] ?? null)
	).map((field) => ({
		field,
		before: fieldText(field, before[field]),
		after: fieldText(field, after[field])
	}));
}

/**
 * The latest definition of each tool each server gave in a tools/list answer on the wire, taken
 * entry by entry as the wire logs them: exactly what crossed, annotations included (OpenHarness
 * keeps only name, description and schema). It keeps one definition per tool, so it outlives
 * the wire log's window.
 */
export class ListedTools {
	/** Per server, the method of each request still unanswered, by id. */
	readonly #asked = new Map<string, Map<unknown, string>>();
	readonly #latest = new Map<string, Map<string, ToolDefinition>>();

	/** Records a tools/list answer; returns the definitions it carried (one page), else null. */
	take(entry: WireEntry): Map<string, ToolDefinition> | null {
		if (entry.kind !== 'message') return null;
		const message = entry.message as Record<string, unknown>;
		let asked = this.#asked.get(entry.server);
		if (!asked) this.#asked.set(entry.server, (asked = new Map()));
		// Request ids restart with every connection: an answer belongs to the latest request of its id.
		if (entry.dir === 'to-server' && 'method' in message && 'id' in message) {
			asked.set(message.id, String(message.method));
			return null;
		}
		if (entry.dir !== 'to-host' || !('id' in message) || 'method' in message) return null;
		const method = asked.get(message.id);
		asked.delete(message.id);
		if (method !== 'tools/list' || !('result' in message)) return null;
		const tools = (message.result as { tools?: unknown }).tools;
		if (!Array.isArray(tools)) return null;
		let latest = this.#latest.get(entry.server);
		if (!latest) this.#latest.set(entry.server, (latest = new Map()));
		const page = new Map<string, ToolDefinition>();
		for (const t of tools)
			if (t && typeof t === 'object' && typeof (t as { name?: unknown }).name === 'string')
				page.set((t as { name: string }).name, definitionOf(t as Record<string, unknown>));
		for (const [name, definition] of page) latest.set(name, definition);
		return page;
	}

	definition(server: string, tool: string): ToolDefinition | null {
		return this.#latest.get(server)?.get(tool) ?? null;
	}
}
