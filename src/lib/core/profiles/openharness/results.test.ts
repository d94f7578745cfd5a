import { describe, expect, it } from 'vitest';
import { pythonRepr, resultText } from './results';

describe('OpenHarness result text', () => {
	it('joins text parts with newlines and trims', () => {
		expect(
			resultText({
				content: [
					{ type: 'text', text: '  first' },
					{ type: 'text', text: 'second  \n' }
				]
			})
		).toBe('first\nsecond');
	});

	it('serialises other parts as the SDK’s pydantic model prints them (model_dump_json)', () => {
		expect(
			resultText({
				content: [
					{ type: 'text', text: 'see image' },
					{ type: 'image', data: 'AAA', mimeType: 'image/png' }
				]
			})
		).toBe(
			'see image\n{"type":"image","data":"AAA","mimeType":"image/png","annotations":null,"meta":null}'
		);
	});

	it('uses structuredContent only when there are no parts, as a dict repr', () => {
		expect(resultText({ content: [], structuredContent: { ok: true, n: 2, name: "it's" } })).toBe(
			`{'ok': True, 'n': 2, 'name': "it's"}`
		);
		expect(
			resultText({ content: [{ type: 'text', text: 'x' }], structuredContent: { a: 1 } })
		).toBe('x');
	});

	it('says (no output) only when there are no parts and no (non-empty) structuredContent', () => {
		expect(resultText({ content: [] })).toBe('(no output)');
		expect(resultText({ content: [], structuredContent: {} })).toBe('(no output)');
		// Parts that are only whitespace join and strip to an empty text, as in Python.
		expect(resultText({ content: [{ type: 'text', text: '   ' }] })).toBe('');
		// Trimmed as Python's strip() trims: U+FEFF stays, U+0085 goes.
		expect(resultText({ content: [{ type: 'text', text: '\ufeffhi\x85' }] })).toBe('\ufeffhi');
	});

	it('ignores isError: the text is the same', () => {
		expect(resultText({ content: [{ type: 'text', text: 'boom' }], isError: true })).toBe('boom');
	});

	it('prints a dict as str(dict) does', () => {
		expect(pythonRepr({ x: null, y: [1.5, 2], z: { k: 'v' } })).toBe(
			"{'x': None, 'y': [1.5, 2], 'z': {'k': 'v'}}"
		);
	});
});
