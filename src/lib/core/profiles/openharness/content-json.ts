import { PY_RECURSION_LIMIT, PyRecursionError } from '../../python/repr';

/**
 * The text OpenHarness gives the model for a result part that is not text: `item.model_dump_json()`
 * on the MCP Python SDK's pydantic model of the part (`mcp/types.py`, protocol 2025-06-18). That is
 * compact JSON with non-ASCII characters as they are; every declared field in declaration order,
 * `null` where the part has none (`_meta` under its field name, `meta`); then the keys the model
 * does not declare (its models allow extras), in the order the server sent them.
 */
const MEDIA = ['type', 'data', 'mimeType', 'annotations', 'meta'];
const CONTENT_FIELDS: Record<string, readonly string[]> = {
	image: MEDIA,
	audio: MEDIA,
	resource: ['type', 'resource', 'annotations', 'meta'],
	// ResourceLink extends Resource (name and title first, from BaseMetadata): its type comes last.
	resource_link: [
		'name',
		'title',
		'uri',
		'description',
		'mimeType',
		'size',
		'annotations',
		'meta',
		'type'
	]
};

type Json = Record<string, unknown>;

/**
 * A part of a type the SDK does not know is printed as it came (an illustration: the Python SDK
 * would refuse the whole result).
 */
export const contentJson = (part: Json): string =>
	encode(part, 1, CONTENT_FIELDS[String(part.type)]);

/**
 * A value, compact. With `fields`, a pydantic model: its declared fields (absent ones null), then
 * the extras. `field` is the declared field it is the value of: URLs print as pydantic's AnyUrl
 * does, a priority as a float. Nested past Python's recursion limit, it raises as Python would.
 */
function encode(value: unknown, depth: number, fields?: readonly string[], field?: string): string {
	if (depth >= PY_RECURSION_LIMIT) throw new PyRecursionError('encoding a JSON object');
	if (Array.isArray(value)) return `[${value.map((v) => encode(v, depth + 1)).join(',')}]`;
	if (typeof value !== 'object' || value === null) {
		if (field === 'uri' && typeof value === 'string') return JSON.stringify(normalisedUrl(value));
		if (field === 'priority' && Number.isInteger(value)) return `${value}.0`;
		return JSON.stringify(value) ?? 'null';
	}
	const object = value as Json;
	if (field === 'annotations') fields = ['audience', 'priority'];
	// TextResourceContents if it has text, else BlobResourceContents.
	if (field === 'resource')
		fields = ['uri', 'mimeType', 'meta', 'text' in object ? 'text' : 'blob'];
	const source = (name: string) => (name === 'meta' ? '_meta' : name);
	const out = (fields ?? []).map((name) => {
		const v = object[source(name)];
		return `"${name}":${v === undefined ? 'null' : encode(v, depth + 1, undefined, name)}`;
	});
	const declared = new Set((fields ?? []).map(source));
	for (const [key, v] of Object.entries(object))
		if (!declared.has(key) && v !== undefined)
			out.push(`${JSON.stringify(key)}:${encode(v, depth + 1)}`);
	return `{${out.join(',')}}`;
}

/** pydantic validates a URI into a WHATWG URL (Rust's url crate), as the browser's URL does. */
function normalisedUrl(uri: string): string {
	try {
		return new URL(uri).href;
	} catch {
		return uri;
	}
}
