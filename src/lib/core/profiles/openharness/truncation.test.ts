import { describe, expect, it } from 'vitest';
import {
	artifactIdFor,
	INLINE_LIMIT,
	PREVIEW_CHARS,
	pyHead,
	pyLen,
	safeToolArtifactName,
	TRUNCATION_MARKER,
	truncateForModel
} from './truncation';

const source = { toolName: 'mcp__fs__read_file', toolUseId: 'c7' };
const ID = 'tool_artifacts/c7-mcp__fs__read_file.txt';

describe('truncation limits', () => {
	it('are OpenHarness defaults', () => {
		expect(INLINE_LIMIT).toBe(16_000);
		expect(PREVIEW_CHARS).toBe(3_000);
		expect(TRUNCATION_MARKER).toBe('[Tool output truncated]');
	});
});

describe('truncateForModel', () => {
	it('leaves exactly 16,000 characters unchanged', () => {
		const text = 'x'.repeat(16_000);
		expect(truncateForModel(text, ID, source)).toEqual({ text, artifact: null });
	});

	it('saves 16,001 characters as an artifact and gives the exact block with a 3,000-character preview', () => {
		const text = 'a'.repeat(3_000) + 'b'.repeat(13_001);
		const result = truncateForModel(text, ID, source);
		expect(result.artifact).toEqual({ id: ID, chars: 16_001 });
		expect(result.text).toBe(
			'[Tool output truncated]\n' +
				'Tool: mcp__fs__read_file\n' +
				'Tool use id: c7\n' +
				'Original size: 16001 chars\n' +
				'Full output saved to: tool_artifacts/c7-mcp__fs__read_file.txt\n' +
				'Inline preview: first 3000 chars (13001 chars omitted)\n' +
				'\n' +
				'Preview:\n' +
				'a'.repeat(3_000)
		);
		const preview = result.text.split('Preview:\n')[1];
		expect(preview.length).toBe(3_000);
		expect(preview).not.toContain('b');
	});

	it('counts characters as Python does: an emoji is one, never split', () => {
		// 16,000 emoji are 32,000 UTF-16 units but 16,000 Python characters: unchanged.
		const fits = '😀'.repeat(16_000);
		expect(truncateForModel(fits, ID, source).artifact).toBeNull();

		const text = '😀'.repeat(16_001);
		const result = truncateForModel(text, ID, source);
		expect(result.artifact).toEqual({ id: ID, chars: 16_001 });
		expect(result.text).toContain('Original size: 16001 chars\n');
		const preview = result.text.split('Preview:\n')[1];
		expect(preview).toBe('😀'.repeat(3_000));
		expect([...preview].length).toBe(3_000);
	});

	it('names the artifact from a function only when the output does not fit', () => {
		const named: string[] = [];
		const name = () => (named.push(ID), ID);
		expect(truncateForModel('x'.repeat(16_000), name, source)).toEqual({
			text: 'x'.repeat(16_000),
			artifact: null
		});
		expect(named).toEqual([]);
		const result = truncateForModel('x'.repeat(16_001), name, source);
		expect(result.artifact).toEqual({ id: ID, chars: 16_001 });
		expect(result.text).toContain(`Full output saved to: ${ID}\n`);
		expect(named).toEqual([ID]);
	});

	it('does not split a surrogate pair at the preview boundary', () => {
		const text = 'x'.repeat(2_999) + '😀' + 'y'.repeat(20_000);
		const preview = truncateForModel(text, ID, source).text.split('Preview:\n')[1];
		expect(preview).toBe('x'.repeat(2_999) + '😀');
		expect(preview.length).toBe(3_001); // UTF-16 units: the pair is whole
	});
});

describe('Python character helpers', () => {
	it.each([
		['', 0],
		['abc', 3],
		['😀', 1],
		['a😀b', 3],
		['\ud83d', 1] // a lone surrogate is one character
	])('pyLen(%j) = %i', (text, n) => {
		expect(pyLen(text)).toBe(n);
	});

	it('pyHead takes code points', () => {
		expect(pyHead('a😀b', 2)).toBe('a😀');
		expect(pyHead('ab', 5)).toBe('ab');
	});
});

describe('artifact names', () => {
	it.each([
		['mcp__fs__read_file', 'mcp__fs__read_file'],
		['  mcp__a b::c  ', 'mcp__a_b_c'],
		['', 'tool'],
		['x'.repeat(100), 'x'.repeat(80)]
	])('safeToolArtifactName(%j) = %j', (name, safe) => {
		expect(safeToolArtifactName(name)).toBe(safe);
	});

	it('artifactIdFor keeps the real file name shape without time and randomness', () => {
		expect(artifactIdFor('c3', 'mcp__internal-api__search_orders')).toBe(
			'tool_artifacts/c3-mcp__internal-api__search_orders.txt'
		);
	});
});
