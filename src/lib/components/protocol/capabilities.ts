/** What a side of a connection declares, in protocol words (read from initialize and its answer). */
type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Capability names as the protocol writes them, with their sub-flags: `tools (listChanged)`,
 * `elicitation (form, url)`. An empty object declares the capability with no flags.
 */
export function capabilityNames(capabilities: unknown): string[] {
	if (!isObject(capabilities)) return [];
	return Object.entries(capabilities)
		.slice(0, 20)
		.map(([name, value]) => {
			const flags = isObject(value)
				? Object.entries(value)
						.filter(([, v]) => v !== false && v !== undefined)
						.map(([k]) => k)
						.slice(0, 10)
				: [];
			return flags.length ? `${name} (${flags.join(', ')})` : name;
		});
}
