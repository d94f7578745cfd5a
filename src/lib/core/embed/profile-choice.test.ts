import { describe, expect, it } from 'vitest';
import { profileIds } from '../scenario/schema';
import { RUNNABLE } from '../scenario/support';
import { profileChoice } from './profile-choice';

const choose = (id: string) => profileChoice(id, profileIds, RUNNABLE);

describe('setProfile: which profile', () => {
	it('takes the profiles this build runs', () => {
		expect(choose('openharness')).toEqual({ profile: 'openharness' });
		expect(choose('toolsource')).toEqual({ profile: 'toolsource' });
	});

	it.each(['trust', 'miniharness', 'contextual'])('says %s is not built yet', (profile) => {
		expect(choose(profile)).toEqual({
			error: `The profile '${profile}' is not available in this build yet (available: openharness, toolsource).`
		});
	});

	it('lists the valid ids for an unknown one, quoting a long one only in part', () => {
		expect(choose('OpenHarness')).toEqual({
			error:
				"Unknown profile 'OpenHarness'. Profile ids: openharness, toolsource, trust, miniharness, contextual (available in this build: openharness, toolsource)."
		});
		const long = choose('x'.repeat(10_000));
		expect('error' in long && long.error).toBe(
			`Unknown profile '${'x'.repeat(100)}'. Profile ids: openharness, toolsource, trust, miniharness, contextual (available in this build: openharness, toolsource).`
		);
	});
});
