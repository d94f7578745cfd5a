/** What a zod (v4) schema says about itself: its kind and, by kind, its parts. */
interface Def {
	type: string;
	[part: string]: unknown;
}

const defOf = (schema: unknown): Def | undefined =>
	(schema as { _zod?: { def?: Def } } | null)?._zod?.def;

/** Wrappers whose value is checked by their inner schema. */
const WRAPPERS = new Set([
	'optional',
	'nullable',
	'default',
	'prefault',
	'catch',
	'readonly',
	'nonoptional'
]);

/** The schemas a value here may be checked against: through wrappers, unions, pipes, lazy ones. */
function branches(schema: unknown, seen = new Set<unknown>()): Def[] {
	const def = defOf(schema);
	if (!def || seen.has(schema)) return [];
	seen.add(schema);
	if (WRAPPERS.has(def.type)) return branches(def.innerType, seen);
	if (def.type === 'union') return (def.options as unknown[]).flatMap((o) => branches(o, seen));
	if (def.type === 'intersection')
		return [...branches(def.left, seen), ...branches(def.right, seen)];
	// A preprocess is a pipe from a transform into the schema: both are looked into.
	if (def.type === 'pipe') return [...branches(def.in, seen), ...branches(def.out, seen)];
	if (def.type === 'lazy') return branches((def.getter as () => unknown)(), seen);
	return [def];
}

/** The schemas of the value under `key` of a value checked by `def`. */
function child(def: Def, key: PropertyKey): unknown[] {
	if (def.type === 'object') {
		const shape = def.shape as Record<string, unknown>;
		if (typeof key === 'string' && Object.hasOwn(shape, key)) return [shape[key]];
		return def.catchall ? [def.catchall] : [];
	}
	if (def.type === 'record') return [def.valueType];
	if (def.type === 'array') return [def.element];
	if (def.type === 'tuple' && typeof key === 'number')
		return [(def.items as unknown[])[key] ?? def.rest];
	return [];
}

/**
 * The keys a schema allows for the object at `path` (zod's issue path, `["mcp_servers", "x",
 * "sim"]`): every branch of a union, through optional, lazy and piped schemas. For "did you mean"
 * when a strict object refuses a key: zod names the key it does not know, not the ones it does.
 */
export function keysAt(schema: unknown, path: ReadonlyArray<PropertyKey>): string[] {
	let defs = branches(schema);
	for (const key of path) defs = defs.flatMap((def) => child(def, key).flatMap((c) => branches(c)));
	return [
		...new Set(
			defs.flatMap((def) =>
				def.type === 'object' ? Object.keys(def.shape as Record<string, unknown>) : []
			)
		)
	];
}
