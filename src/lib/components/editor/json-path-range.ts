import { jsonErrorPlace } from '$lib/core/text/json-error-place';
import type { SyntaxNode, Tree } from '@lezer/common';
import { parser } from '@lezer/json';

/**
 * Where a scenario problem sits in the learner's text. Problems name a JSON path in the form
 * `formatPath` writes (`mcp_servers["my.api"].sim.tools[0].name`); the editor needs offsets,
 * so the path is walked through the @lezer/json syntax tree of the same text.
 */

export type PathSegment = string | number;

export interface TextRange {
	from: number;
	to: number;
	/** False when the path leads to a value the text does not have (a missing key, an index past the end): the range is then the deepest value on the path that exists. */
	found: boolean;
}

const IDENTIFIER = /^[A-Za-z_$][\w$-]*/;

/** The inverse of `formatPath`; null when the text is not a path it could have written. */
export function parsePath(path: string): PathSegment[] | null {
	const segments: PathSegment[] = [];
	let i = 0;
	while (i < path.length) {
		const rest = path.slice(i);
		if (rest.startsWith('[')) {
			const index = /^\[(\d+)\]/.exec(rest);
			if (index) {
				segments.push(Number(index[1]));
				i += index[0].length;
				continue;
			}
			const end = quotedEnd(rest, 1);
			if (end < 0 || rest[end] !== ']') return null;
			try {
				segments.push(String(JSON.parse(rest.slice(1, end))));
			} catch {
				return null;
			}
			i += end + 1;
			continue;
		}
		// Identifiers follow a dot, except the first segment.
		const dotted = i > 0;
		if (dotted && !rest.startsWith('.')) return null;
		const name = IDENTIFIER.exec(dotted ? rest.slice(1) : rest);
		if (!name) return null;
		segments.push(name[0]);
		i += name[0].length + (dotted ? 1 : 0);
	}
	return segments;
}

/** Offset just past the JSON string that starts at `start` (a `"`), or -1. */
function quotedEnd(text: string, start: number): number {
	if (text[start] !== '"') return -1;
	for (let i = start + 1; i < text.length; i++) {
		if (text[i] === '\\') i++;
		else if (text[i] === '"') return i + 1;
	}
	return -1;
}

const PUNCTUATION = new Set(['{', '}', '[', ']', ',', ':']);

function isValue(node: SyntaxNode): boolean {
	return !node.type.isError && !PUNCTUATION.has(node.name);
}

function childValues(node: SyntaxNode): SyntaxNode[] {
	const out: SyntaxNode[] = [];
	for (let child = node.firstChild; child; child = child.nextSibling)
		if (isValue(child)) out.push(child);
	return out;
}

function keyOf(text: string, property: SyntaxNode): string | null {
	const name = property.getChild('PropertyName');
	if (!name) return null;
	try {
		return String(JSON.parse(text.slice(name.from, name.to)));
	} catch {
		return null;
	}
}

function child(text: string, node: SyntaxNode, segment: PathSegment): SyntaxNode | null {
	if (typeof segment === 'number')
		return node.name === 'Array' ? (childValues(node)[segment] ?? null) : null;
	if (node.name !== 'Object') return null;
	// JSON.parse keeps the last of duplicate keys, and so does the validator: match that one.
	let match: SyntaxNode | null = null;
	for (const property of node.getChildren('Property')) {
		if (keyOf(text, property) !== segment) continue;
		const value = property.lastChild;
		if (value && value.name !== 'PropertyName' && isValue(value)) match = value;
	}
	return match;
}

/**
 * The text range of the value at `path` (`''` is the root). When the path runs past what the
 * text has, e.g. a missing `command`, the range is the deepest enclosing value that exists
 * (the server's object) and `found` is false.
 */
export function jsonPathRange(
	text: string,
	path: string,
	tree: Tree = parser.parse(text)
): TextRange {
	const root = tree.topNode.firstChild;
	let node = root && isValue(root) ? root : null;
	if (!node) return { from: 0, to: text.length, found: false };
	const segments = parsePath(path);
	if (!segments) return { from: node.from, to: node.to, found: false };
	for (const segment of segments) {
		const next = child(text, node, segment);
		if (!next) return { from: node.from, to: node.to, found: false };
		node = next;
	}
	return { from: node.from, to: node.to, found: true };
}

/**
 * Where a `JSON.parse` failure is: the place the engine names, else (V8's commonest message
 * names none) the first error node of the syntax tree, which also marks the end of a truncated
 * text.
 */
export function syntaxErrorRange(
	text: string,
	message: string,
	tree: Tree = parser.parse(text)
): { from: number; to: number } {
	const at = (pos: number) => {
		const from = Math.max(0, Math.min(pos, text.length));
		return { from, to: Math.min(from + 1, text.length) };
	};
	const place = jsonErrorPlace(text, message);
	if (place) return at(place.offset);
	let error: number | null = null;
	tree.iterate({
		enter(node) {
			if (error !== null) return false;
			if (node.type.isError) {
				error = node.from;
				return false;
			}
		}
	});
	if (error !== null) return at(error);
	// A text with no value at all (empty, only spaces) fails at its end.
	return at(text.trimEnd().length);
}
