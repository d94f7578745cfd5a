import { describe, expect, it } from 'vitest';
import { addRoot, MAX_ROOTS, rootProblem, rootsChanged } from './roots-edit';

describe('the roots editor', () => {
	it('accepts file:// URIs and explains everything else', () => {
		expect(rootProblem('file:///home/ana', [])).toBeNull();
		expect(rootProblem('  ', [])).toBe('empty');
		expect(rootProblem('https://example.com', [])).toBe('not-file');
		expect(rootProblem('/home/ana', [])).toBe('not-file');
		expect(rootProblem('file://exa mple/x', [])).toBe('not-uri');
		expect(rootProblem('file:///a', ['file:///a'])).toBe('duplicate');
		const full = Array.from({ length: MAX_ROOTS }, (_, i) => `file:///r${i}`);
		expect(rootProblem('file:///more', full)).toBe('too-many');
	});

	it('adds trimmed, and knows when the draft differs from what the host exposes', () => {
		expect(addRoot(['file:///a'], ' file:///b ')).toEqual({
			ok: true,
			roots: ['file:///a', 'file:///b']
		});
		expect(addRoot([], 'ftp://x')).toEqual({ ok: false, problem: 'not-file' });
		expect(rootsChanged(['file:///a'], ['file:///a'])).toBe(false);
		expect(rootsChanged(['file:///b', 'file:///a'], ['file:///a', 'file:///b'])).toBe(true);
		expect(rootsChanged([], ['file:///a'])).toBe(true);
	});
});
