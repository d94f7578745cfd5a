import { describe, expect, it } from 'vitest';
import { adaptClaudeCode, claudeCodeRule, normalizeForClaudeCode } from './claude-code';

describe('Claude Code naming (normalisation is the lab’s illustration)', () => {
	it('joins mcp__<server>__<tool> with every part normalised', () => {
		expect(adaptClaudeCode('internal-api', 'search.orders')).toBe(
			'mcp__internal-api__search_orders'
		);
		expect(adaptClaudeCode('github:search', 'x')).toBe('mcp__github_search__x');
	});

	it('works on UTF-16 code units: an emoji is two underscores, a CJK character one', () => {
		expect(normalizeForClaudeCode('a😀b')).toBe('a__b');
		expect(normalizeForClaudeCode('读')).toBe('_');
	});

	it('keeps a leading digit or underscore (no prefix, unlike OpenHarness)', () => {
		expect(adaptClaudeCode('9lives', '_x')).toBe('mcp__9lives___x');
	});

	it('collapses and trims underscores for claude.ai connectors only', () => {
		expect(normalizeForClaudeCode('claude.ai Google Drive')).toBe('claude_ai_Google_Drive');
		expect(normalizeForClaudeCode('claude.ai  a..b ')).toBe('claude_ai_a_b');
		expect(normalizeForClaudeCode('my  a..b ')).toBe('my__a__b_');
	});

	it('names a server’s rule as the prefix of every one of its adapted tools', () => {
		expect(claudeCodeRule('internal-api')).toBe('mcp__internal-api');
		expect(claudeCodeRule('github:search')).toBe('mcp__github_search');
		for (const tool of ['read', 'search.orders', 'é'])
			expect(
				adaptClaudeCode('github:search', tool).startsWith(`${claudeCodeRule('github:search')}__`)
			).toBe(true);
	});
});
