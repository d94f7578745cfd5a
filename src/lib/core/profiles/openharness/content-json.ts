import { PY_RECURSION_LIMIT, PyRecursionError } from '../../python/repr';

/**
 * The text OpenHarness gives the model for a result part that is not text: `item.model_dump_json()`
 * on the MCP Python SDK's pydantic model of the part (`mcp/types.py`, protocol 2025-06-18). That is
 * compact JSON with non-ASCII characters as they are; every declared field in declaration order,
 * `null` where the part has none (`_meta` under its field name, `meta`); then the keys the model
 * does not declare (its models allow extras), in the order the server sent them.
 */
const CONTENT_FIELDS: Record<string, readonly string[]> = {
	image: ['type', 'data', 'mimeType', 'annotations', 'meta'],
	audio: ['type', 'data', 'mimeType', 'annotations', 'meta'],
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
const ANNOTATION_FIELDS = ['audience', 'priority'];
const RESOURCE_CONTENTS_FIELDS = ['uri', 'mimeType', 'meta'];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

export function contentJson(part: Json): string {
	const fields = CONTENT_FIELDS[String(part.type)];
	// Not a content type the SDK knows: the lab prints the part as it came (an illustration; the
	// Python SDK would refuse the whole result).
	return fields ? model(part, fields, 1) : plain(part, 1);
}

/** A pydantic model: declared fields (absent ones null), then the extras. */
function model(value: Json, fields: readonly string[], depth: number): string {
	if (depth >= PY_RECURSION_LIMIT) throw new PyRecursionError('encoding a JSON object');
	const sourceKey = (field: string) => (field === 'meta' ? '_meta' : field);
	const declared = new Set(fields.map(sourceKey));
	const out = fields.map((field) => {
		const v = value[sourceKey(field)];
		return `${JSON.stringify(field)}:${v === undefined ? 'null' : member(field, v, depth + 1)}`;
	});
	for (const [key, v] of Object.entries(value))
		if (!declared.has(key) && v !== undefined)
			out.push(`${JSON.stringify(key)}:${plain(v, depth + 1)}`);
	return `{${out.join(',')}}`;
}

/** A declared field's value: nested models, URLs as pydantic's AnyUrl prints them, float priorities. */
function member(field: string, v: unknown, depth: number): string {
	if (field === 'annotations' && isObject(v)) return model(v, ANNOTATION_FIELDS, depth);
	if (field === 'resource' && isObject(v))
		// TextResourceContents if it has text, else BlobResourceContents.
		return model(v, [...RESOURCE_CONTENTS_FIELDS, 'text' in v ? 'text' : 'blob'], depth);
	if (field === 'uri' && typeof v === 'string') return JSON.stringify(normalisedUrl(v));
	if (field === 'priority' && typeof v === 'number' && Number.isInteger(v)) return `${v}.0`;
	return plain(v, depth);
}

/** pydantic validates a URI into a WHATWG URL (Rust's url crate), as the browser's URL does. */
function normalisedUrl(uri: string): string {
	try {
		return new URL(uri).href;
	} catch {
		return uri;
	}
}

/** Any other value, compact; nested past Python's recursion limit, it raises as Python would. */
function plain(value: unknown, depth: number): string {
	if (depth >= PY_RECURSION_LIMIT) throw new PyRecursionError('encoding a JSON object');
	if (value === null || value === undefined) return 'null';
	if (Array.isArray(value)) return `[${value.map((v) => plain(v, depth + 1)).join(',')}]`;
	if (isObject(value))
		return `{${Object.entries(value)
			.filter(([, v]) => v !== undefined)
			.map(([k, v]) => `${JSON.stringify(k)}:${plain(v, depth + 1)}`)
			.join(',')}}`;
	return JSON.stringify(value);
}
