import { describe, expect, it } from 'vitest';
import { profileIds } from '../scenario/schema';
import { RUNNABLE } from '../scenario/problems';
import { profileChoice } from './profile-choice';

const choose = (id: string) => profileChoice(id, profileIds, RUNNABLE);

describe('setProfile: which profile', () => {
	it('takes every profile of the contract: this build runs them all', () => {
		for (const profile of profileIds) expect(choose(profile)).toEqual({ profile });
	});

	it('tells a contract id a build does not run from an id that does not exist', () => {
		expect(profileChoice('trust', profileIds, ['openharness', 'toolsource'])).toEqual({
			error:
				"The profile 'trust' is not available in this build yet (available: openharness, toolsource)."
		});
	});

	it('lists the valid ids for an unknown one, quoting a long one only in part', () => {
		expect(choose('OpenHarness')).toEqual({
			error:
				"Unknown profile 'OpenHarness'. Profile ids: openharness, toolsource, trust, miniharness, contextual (available in this build: openharness, toolsource, trust, miniharness, contextual)."
		});
		const long = choose('x'.repeat(10_000));
		expect('error' in long && long.error).toBe(
			`Unknown profile '${'x'.repeat(100)}'. Profile ids: openharness, toolsource, trust, miniharness, contextual (available in this build: openharness, toolsource, trust, miniharness, contextual).`
		);
	});
});
