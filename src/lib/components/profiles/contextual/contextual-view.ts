/** The contextual profile's view (extension.ts `view()`), as the panel reads it. */
export interface ContextualRunView {
	number: number;
	identity: string;
	run_id: string | null;
	thread_id: string | null;
	servers: string[];
	state: 'starting' | 'running' | 'failed' | 'ended';
	error: string | null;
	/** The header whose value (or name) httpx could not encode as ASCII, when that failed the run. */
	not_ascii: { server: string; header: string; part: 'name' | 'value' } | null;
	/** The header h11 would not write (its name, or its value), when that failed the run. */
	illegal_header: { server: string; header: string; part: 'name' | 'value' } | null;
}

export interface ContextualServerView {
	url: string;
	refused: string | null;
	static: Record<string, string>;
	bindings: Record<string, { source: string; required: boolean; secret?: boolean }>;
	allowed_tools: string[] | null;
	prefix: string | null;
	headers: Record<string, string> | null;
}

export interface ContextualView {
	profile: 'contextual';
	identities: string[];
	/** Each identity's claims, as the scenario gives them. */
	claims: Record<string, Record<string, unknown>>;
	/** The scenario's run metadata, the form's default. */
	metadata: Record<string, unknown>;
	resultChars: number;
	run: ContextualRunView | null;
	servers: Record<string, ContextualServerView>;
	tools: string[];
	filtered: { server: string; tool: string }[];
	/** `allowed_tools` entries naming no tool their server listed. */
	unmatched: { server: string; tool: string }[];
}

/** The metadata box's text: a JSON object, or null when it is not one. */
export function parseMetadata(text: string): Record<string, unknown> | null {
	try {
		const value: unknown = JSON.parse(text.trim() || '{}');
		return value && typeof value === 'object' && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: null;
	} catch {
		return null;
	}
}

/**
 * The servers the run form selects until the learner changes it: every server not refused,
 * except one whose static and bound header names overlap (case-insensitively), which fails any
 * run whose bindings resolve. Ticking it stays one click away; a first run need not fail on it.
 */
export function defaultServers(view: ContextualView): string[] {
	return Object.entries(view.servers)
		.filter(([, s]) => {
			if (s.refused) return false;
			const fixed = new Set(Object.keys(s.static).map((n) => n.toLowerCase()));
			return !Object.keys(s.bindings).some((n) => fixed.has(n.toLowerCase()));
		})
		.map(([name]) => name);
}
