import { describe, expect, it } from 'vitest';
import { parseXml, textOf } from './xml-tree';

describe('the test XML check', () => {
	it('reads elements, attributes, entities and character references', () => {
		const root = parseXml('<?xml version="1.0"?>\n<a x="&lt;&quot;"><b/>1 &amp; 2 &#x263A;</a>\n');
		expect(root.attributes.x).toBe('<"');
		expect(textOf(root)).toBe('1 & 2 ☺');
	});

	it.each([
		['<a>&</a>', 'bare "&"'],
		['<a>&nbsp;</a>', 'bad reference'],
		['<a><b></a>', 'mismatched'],
		['<a>\u0000</a>', 'not allowed'],
		['<a>\ud800</a>', 'not allowed'],
		['<a x="1" x="2"/>', 'duplicate attribute'],
		['<a x=1/>', 'malformed attributes'],
		['<a/><b/>', 'second root'],
		['x<a/>', 'outside the root'],
		['<a>', 'unclosed'],
		['<!-- c --><a/>', 'bad element name']
	])('refuses %j', (source, error) => {
		expect(() => parseXml(source)).toThrow(error);
	});
});
