/**
 * A strict XML well-formedness check for tests (the project has no DOM in Vitest): it accepts
 * the subset the diagram writes (declaration, elements, attributes, text, the five entities
 * and character references) and throws on anything else, naming where.
 */
export interface XmlElement {
	name: string;
	attributes: Record<string, string>;
	children: Array<XmlElement | string>;
}

const NAME = /^[A-Za-z_][\w.:-]*$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML 1.0's Char production: what a document may contain at all, even as a reference. */
function isXmlChar(code: number): boolean {
	return (
		code === 0x9 ||
		code === 0xa ||
		code === 0xd ||
		(code >= 0x20 && code <= 0xd7ff) ||
		(code >= 0xe000 && code <= 0xfffd) ||
		(code >= 0x10000 && code <= 0x10ffff)
	);
}

function decode(raw: string, at: number): string {
	if (raw.includes('<')) throw new Error(`"<" in character data at ${at}`);
	return raw.replace(/&([^;]*);|&/g, (whole, ref: string | undefined) => {
		if (ref === undefined) throw new Error(`bare "&" at ${at}`);
		if (ref in ENTITIES) return ENTITIES[ref];
		const code = /^#x[0-9a-fA-F]+$/.test(ref)
			? parseInt(ref.slice(2), 16)
			: /^#\d+$/.test(ref)
				? Number(ref.slice(1))
				: NaN;
		if (!isXmlChar(code)) throw new Error(`bad reference ${whole} at ${at}`);
		return String.fromCodePoint(code);
	});
}

function parseAttributes(source: string, at: number): Record<string, string> {
	const attributes: Record<string, string> = {};
	const rest = source.replace(/\s*([^\s=]+)="([^"]*)"/g, (_, name: string, value: string) => {
		if (!NAME.test(name)) throw new Error(`bad attribute name ${name} at ${at}`);
		if (name in attributes) throw new Error(`duplicate attribute ${name} at ${at}`);
		attributes[name] = decode(value, at);
		return '';
	});
	if (rest.trim()) throw new Error(`malformed attributes "${rest.trim()}" at ${at}`);
	return attributes;
}

export function parseXml(source: string): XmlElement {
	for (const ch of source) {
		const code = ch.codePointAt(0)!;
		if (!isXmlChar(code) || (code >= 0xd800 && code <= 0xdfff))
			throw new Error(`character U+${code.toString(16)} is not allowed in XML`);
	}
	let i = source.startsWith('<?xml ') ? source.indexOf('?>') + 2 : 0;
	const stack: XmlElement[] = [];
	let root: XmlElement | null = null;
	while (i < source.length) {
		const open = source.indexOf('<', i);
		const text = source.slice(i, open === -1 ? source.length : open);
		if (stack.length) {
			if (text) stack.at(-1)!.children.push(decode(text, i));
		} else if (text.trim()) throw new Error(`text outside the root element at ${i}`);
		if (open === -1) break;
		const close = source.indexOf('>', open);
		if (close === -1) throw new Error(`unclosed tag at ${open}`);
		const tag = source.slice(open + 1, close);
		if (tag.startsWith('/')) {
			const name = tag.slice(1).trim();
			if (stack.pop()?.name !== name) throw new Error(`mismatched </${name}> at ${open}`);
		} else {
			const selfClosing = tag.endsWith('/');
			const body = selfClosing ? tag.slice(0, -1) : tag;
			const name = body.match(/^[^\s]+/)?.[0] ?? '';
			if (!NAME.test(name)) throw new Error(`bad element name "${name}" at ${open}`);
			const element = {
				name,
				attributes: parseAttributes(body.slice(name.length), open),
				children: []
			};
			if (stack.length) stack.at(-1)!.children.push(element);
			else if (root) throw new Error(`a second root element at ${open}`);
			else root = element;
			if (!selfClosing) stack.push(element);
		}
		i = close + 1;
	}
	if (stack.length) throw new Error(`unclosed <${stack.at(-1)!.name}>`);
	if (!root) throw new Error('no root element');
	return root;
}

/** Every element of a tree, depth first. */
export function elements(root: XmlElement): XmlElement[] {
	return [
		root,
		...root.children.flatMap((child) => (typeof child === 'string' ? [] : elements(child)))
	];
}

export function textOf(element: XmlElement): string {
	return element.children
		.map((child) => (typeof child === 'string' ? child : textOf(child)))
		.join('');
}
