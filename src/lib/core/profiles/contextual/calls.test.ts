import { describe, expect, it } from 'vitest';
import { errorText, resultText } from './calls';

// pydantic-ai's MCP client (mcp.py, call_tool) decides what the model gets from a result.
const text = (t: string) => ({ type: 'text', text: t });

describe('what the model gets from a contextual tool result (pydantic-ai)', () => {
	it('prefers structured content when every part is text, or there is none', () => {
		expect(resultText({ content: [text('{"a": 1}')], structuredContent: { a: 1, b: 'x' } })).toBe(
			'{"a":1,"b":"x"}'
		);
		expect(resultText({ content: [], structuredContent: { a: 1 } })).toBe('{"a":1}');
		// The MCP SDK wraps a plain value as {"result": …}: the value itself is given.
		expect(resultText({ content: [text('42')], structuredContent: { result: 42 } })).toBe('42');
		expect(resultText({ content: [], structuredContent: { result: 'done' } })).toBe('done');
	});

	it('gives the parts when structured content is empty or a part is not text', () => {
		// An empty dict is false in Python: the parts are used.
		expect(resultText({ content: [text('hi')], structuredContent: {} })).toBe('hi');
		const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' };
		expect(resultText({ content: [text('see'), image], structuredContent: { a: 1 } })).toBe(
			JSON.stringify(['see', image])
		);
	});

	it('gives one part as itself, several as a list, none as an empty list', () => {
		expect(resultText({ content: [text('one')] })).toBe('one');
		expect(resultText({ content: [text('a'), text('b')] })).toBe('["a","b"]');
		expect(resultText({ content: [] })).toBe('[]');
	});

	it('words a tool error as the retry pydantic-ai raises: its text parts, or a fixed sentence', () => {
		expect(
			errorText({ isError: true, content: [text('no such invoice'), text('try INV-2')] })
		).toBe('no such invoice\ntry INV-2');
		expect(errorText({ isError: true, content: [] })).toBe('MCP tool call failed');
		expect(
			errorText({
				isError: true,
				content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }]
			})
		).toBe('MCP tool call failed');
	});
});
