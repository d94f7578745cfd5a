import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssue, meantText, meantWord } from './schema-meant';

const action = z.discriminatedUnion('do', [
	z.strictObject({ do: z.literal('kill'), server: z.string() }),
	z.strictObject({ do: z.literal('delay'), server: z.string(), ms: z.number() }),
	z.strictObject({ do: z.literal('mode'), mode: z.enum(['default', 'full_auto']) })
]);

const issuesOf = (data: unknown) => {
	const parsed = action.safeParse(data);
	if (parsed.success) throw new Error('it parsed');
	return parsed.error.issues;
};

describe('did you mean, for a zod issue', () => {
	it('guesses a key, a word of a closed list and a kind, from what the schema allows there', () => {
		const [unknownKey] = issuesOf({ do: 'delay', server: 's', ms: 1, mss: 2 });
		expect(meantWord(unknownKey, action, { do: 'delay', server: 's', ms: 1, mss: 2 })).toBe('ms');
		const word = { do: 'mode', mode: 'fullauto' };
		expect(meantWord(issuesOf(word)[0], action, word)).toBe('full_auto');
		const kind = { do: 'kil', server: 's' };
		expect(meantWord(issuesOf(kind)[0], action, kind)).toBe('kill');
	});

	it('guesses nothing for a word like no other, or several unknown keys at once', () => {
		const far = { do: 'mode', mode: 'yolo' };
		expect(meantWord(issuesOf(far)[0], action, far)).toBeUndefined();
		const two = { do: 'kill', server: 's', serve: 1, servr: 2 };
		expect(meantWord(issuesOf(two)[0], action, two)).toBeUndefined();
	});

	it('reports a misspelt required key as the unknown key it is, not as the key missing', () => {
		const typo = { do: 'kill', sever: 's' };
		const issues = issuesOf(typo);
		expect(issues[0]).toMatchObject({ code: 'invalid_type', path: ['server'] });
		expect(firstIssue(issues, action, typo)).toEqual({
			issue: expect.objectContaining({ code: 'unrecognized_keys', keys: ['sever'], path: [] }),
			meant: 'server'
		});
		// An unknown key far from the missing one: the missing key is the problem said.
		const other = { do: 'kill', target: 's' };
		expect(firstIssue(issuesOf(other), action, other)).toEqual({
			issue: expect.objectContaining({ code: 'invalid_type', path: ['server'] }),
			meant: undefined
		});
	});

	it('appends the guess as the English sentences do', () => {
		expect(meantText('server')).toBe(' (did you mean "server"?)');
		expect(meantText(undefined)).toBe('');
	});
});
