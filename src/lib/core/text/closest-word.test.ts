import { describe, expect, it } from 'vitest';
import { closestWord, oneTypoApart } from './closest-word';

describe('closestWord', () => {
	it('guesses a word up to two edits away, closer than half the typed length', () => {
		expect(closestWord('comand', ['command', 'args'])).toBe('command');
		expect(closestWord('tools', ['hooks', 'plugins'])).toBe('hooks');
		expect(closestWord('ab', ['xy'])).toBeUndefined();
	});
});

describe('oneTypoApart', () => {
	it('is one letter added, dropped or changed, or two neighbours swapped, in any case', () => {
		expect(oneTypoApart('mcp_server', 'mcp_servers')).toBe(true);
		expect(oneTypoApart('headerss', 'headers')).toBe(true);
		expect(oneTypoApart('permisions', 'permissions')).toBe(true);
		expect(oneTypoApart('comnand', 'command')).toBe(true);
		expect(oneTypoApart('enabeld', 'enabled')).toBe(true);
		expect(oneTypoApart('Args', 'args')).toBe(false);
		expect(oneTypoApart('ARG', 'args')).toBe(true);
	});

	it('is not two edits, nor the same word', () => {
		expect(oneTypoApart('tools', 'hooks')).toBe(false);
		expect(oneTypoApart('comd', 'command')).toBe(false);
		expect(oneTypoApart('abcd', 'badc')).toBe(false);
		expect(oneTypoApart('args', 'args')).toBe(false);
	});
});
