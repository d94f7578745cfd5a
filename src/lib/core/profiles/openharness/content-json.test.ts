import { describe, expect, it } from 'vitest';
import { PyRecursionError } from '../../python/repr';
import { contentJson } from './content-json';

// What `item.model_dump_json()` prints for each content model of the MCP Python SDK
// (mcp/types.py at protocol 2025-06-18): compact, declared fields in order with null for
// absent ones, `_meta` as `meta`, then the undeclared keys.
describe('OpenHarness: a non-text result part as the model sees it', () => {
	it('an image or audio part: every declared field, absent ones null, non-ASCII as is', () => {
		expect(contentJson({ type: 'image', data: 'AAAA', mimeType: 'image/png' })).toBe(
			'{"type":"image","data":"AAAA","mimeType":"image/png","annotations":null,"meta":null}'
		);
		expect(
			contentJson({
				type: 'audio',
				mimeType: 'audio/wav',
				data: 'UklG',
				_meta: { note: 'é "x"\n' },
				annotations: { priority: 1, audience: ['user'] }
			})
		).toBe(
			'{"type":"audio","data":"UklG","mimeType":"audio/wav",' +
				'"annotations":{"audience":["user"],"priority":1.0},"meta":{"note":"é \\"x\\"\\n"}}'
		);
	});

	it('keys the model does not declare come last, in the order the server sent them', () => {
		expect(
			contentJson({ zeta: 1, type: 'image', data: 'A', mimeType: 'image/gif', alpha: [true] })
		).toBe(
			'{"type":"image","data":"A","mimeType":"image/gif","annotations":null,"meta":null,' +
				'"zeta":1,"alpha":[true]}'
		);
	});

	it('an embedded resource: text or blob contents, with its URI as pydantic normalises it', () => {
		expect(
			contentJson({ type: 'resource', resource: { uri: 'file:///notes.txt', text: 'hi' } })
		).toBe(
			'{"type":"resource","resource":{"uri":"file:///notes.txt","mimeType":null,"meta":null,' +
				'"text":"hi"},"annotations":null,"meta":null}'
		);
		expect(
			contentJson({
				type: 'resource',
				resource: { blob: 'AA==', uri: 'https://Example.com', mimeType: 'application/pdf' }
			})
		).toBe(
			'{"type":"resource","resource":{"uri":"https://example.com/","mimeType":"application/pdf",' +
				'"meta":null,"blob":"AA=="},"annotations":null,"meta":null}'
		);
	});

	it('a resource link: Resource’s fields first, its type last', () => {
		expect(contentJson({ type: 'resource_link', uri: 'file:///a.md', name: 'a', size: 12 })).toBe(
			'{"name":"a","title":null,"uri":"file:///a.md","description":null,"mimeType":null,' +
				'"size":12,"annotations":null,"meta":null,"type":"resource_link"}'
		);
	});

	it('a part of a type the SDK does not know is printed as it came', () => {
		expect(contentJson({ type: 'hologram', depth: 3 })).toBe('{"type":"hologram","depth":3}');
	});

	it('raises as Python does past its recursion limit, instead of overflowing the stack', () => {
		let deep: unknown = 'x';
		for (let i = 0; i < 2000; i++) deep = [deep];
		expect(() => contentJson({ type: 'image', data: 'A', mimeType: 'a/b', extra: deep })).toThrow(
			PyRecursionError
		);
	});
});
