import { describe, expect, it } from 'vitest';
import { BLOCKS_MAX, resultView } from './call-result-view';

const png = 'iVBORw0KGgo='; // 8 bytes

describe('resultView', () => {
	it('is null for a text-only result: the model text already shows it', () => {
		expect(resultView({ content: [{ type: 'text', text: 'hi' }] })).toBeNull();
		expect(resultView(null)).toBeNull();
	});

	it('lists non-text blocks by type and size, never their data', () => {
		const view = resultView({
			content: [
				{ type: 'text', text: 'see image' },
				{ type: 'image', data: png, mimeType: 'image/png' },
				{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
				{ type: 'resource_link', uri: 'file:///data/a.txt', name: 'a.txt' },
				{ type: 'resource', resource: { uri: 'mem://x', mimeType: 'text/plain', text: 'héllo' } },
				{ type: 'resource', resource: { uri: 'mem://y', blob: 'AAAAAA==' } },
				{ type: 'hologram' }
			]
		});
		expect(view).toEqual({
			blocks: [
				{ kind: 'text', chars: 9 },
				{ kind: 'image', mime: 'image/png', bytes: 8 },
				{ kind: 'audio', mime: 'audio/wav', bytes: 3 },
				{ kind: 'link', uri: 'file:///data/a.txt', name: 'a.txt' },
				{ kind: 'resource', uri: 'mem://x', mime: 'text/plain', bytes: 6 },
				{ kind: 'resource', uri: 'mem://y', mime: '', bytes: 4 },
				{ kind: 'other', type: 'hologram' }
			],
			more: 0,
			structured: null
		});
	});

	it('shows structured content as bounded JSON text', () => {
		const view = resultView({
			content: [{ type: 'text', text: '{"n":1}' }],
			structuredContent: { n: 1, big: 'x'.repeat(10_000) }
		});
		expect(view?.structured?.text.startsWith('{\n  "n": 1,')).toBe(true);
		expect(view?.structured?.omitted).toBeGreaterThan(2000);
	});

	it('lists at most BLOCKS_MAX blocks and counts the rest', () => {
		const content = Array.from({ length: BLOCKS_MAX + 5 }, () => ({ type: 'text', text: 'x' }));
		expect(resultView({ content })).toMatchObject({ more: 5 });
		expect(resultView({ content })?.blocks).toHaveLength(BLOCKS_MAX);
	});
});
