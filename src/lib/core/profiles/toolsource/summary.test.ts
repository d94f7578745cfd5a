import { describe, expect, it } from 'vitest';
import { summarise, utf8Bytes } from './summary';

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

describe('ToolSource summary', () => {
	it('keeps a result exactly at the limit whole, and bounds one character past it', () => {
		expect(summarise(text('x'.repeat(100)), 'a1', 100)).toMatchObject({
			text: 'x'.repeat(100),
			truncated: false,
			chars: 100
		});
		expect(summarise(text('x'.repeat(101)), 'a1', 100)).toMatchObject({
			text: `${'x'.repeat(100)}\n[truncated: showing 100 of 101 characters; full result in artifact a1]`,
			truncated: true,
			chars: 101
		});
	});

	it('never cuts a surrogate pair in half', () => {
		const s = summarise(text(`${'x'.repeat(99)}😀tail`), 'a1', 100);
		expect(s.text.startsWith(`${'x'.repeat(99)}\n[truncated: showing 99 of 105`)).toBe(true);
	});

	it('joins text parts, marks unsupported types, and keeps the raw result with its UTF-8 size', () => {
		const result = {
			content: [
				{ type: 'text', text: '第一' },
				{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
				{ type: 'resource_link', uri: 'file:///a', name: 'a' }
			]
		};
		const s = summarise(result, 'a2', 1000);
		expect(s.text).toBe(
			'第一\n[unsupported content type: audio (audio/wav); stored raw in the artifact]\n[unsupported content type: resource_link; stored raw in the artifact]'
		);
		expect(s.unsupported).toEqual(['audio (audio/wav)', 'resource_link']);
		expect(s.raw).toBe(JSON.stringify(result));
		expect(s.bytes).toBe(utf8Bytes(s.raw));
		expect(s.bytes).toBeGreaterThan(s.raw.length);
	});

	it('uses structuredContent only without parts, says when a result is empty, and reports isError', () => {
		expect(summarise({ content: [], structuredContent: { n: 1 } }, 'a', 100).text).toBe('{"n":1}');
		expect(summarise({ content: [] }, 'a', 100).text).toBe('(empty result)');
		expect(summarise({ ...text('gone'), isError: true }, 'a', 100)).toMatchObject({
			isError: true,
			text: 'The tool reported an error: gone'
		});
	});
});
