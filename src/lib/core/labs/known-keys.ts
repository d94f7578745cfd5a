type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
	!!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The keys a JSON Schema allows for the object at `path` (`["scenario", "mcp_servers", "x",
 * "sim"]`): every branch of a union, through `$ref`s to `$defs`. For "did you mean" when the
 * build refuses an unknown key: zod names the key it does not know, not the ones it does.
 */
export function knownKeysAt(schema: Node, path: ReadonlyArray<PropertyKey>): string[] {
	const expand = (node: Node, seen = new Set<Node>()): Node[] => {
		if (seen.has(node)) return [];
		seen.add(node);
		const ref = typeof node.$ref === 'string' ? resolve(schema, node.$ref) : null;
		const branches = ['oneOf', 'anyOf', 'allOf'].flatMap((key) =>
			Array.isArray(node[key]) ? (node[key] as unknown[]).filter(isNode) : []
		);
		return [node, ...(ref ? [ref] : []), ...branches].flatMap((n) =>
			n === node ? [n] : expand(n, seen)
		);
	};
	let nodes = expand(schema);
	for (const key of path) {
		nodes = nodes
			.flatMap((node): unknown[] => {
				if (typeof key === 'number') return [node.items];
				const properties = isNode(node.properties) ? node.properties : {};
				return Object.hasOwn(properties, key as string)
					? [properties[key as string]]
					: [node.additionalProperties];
			})
			.filter(isNode)
			.flatMap((node) => expand(node));
	}
	return [
		...new Set(
			nodes.flatMap((node) => (isNode(node.properties) ? Object.keys(node.properties) : []))
		)
	];
}

function resolve(schema: Node, ref: string): Node | null {
	if (!ref.startsWith('#/')) return null;
	let node: unknown = schema;
	for (const part of ref.slice(2).split('/')) node = isNode(node) ? node[part] : undefined;
	return isNode(node) ? node : null;
}
