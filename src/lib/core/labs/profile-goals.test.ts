import { describe, expect, it } from 'vitest';
import { profileMet, valueAt } from './profile-goals';

const view = {
	profile: 'trust',
	connectors: { github: { state: 'connected', tools: ['a', 'b'] } },
	pool: ['mcp__github__a'],
	note: 'Permission denied for x'
};

describe('profile goals', () => {
	it('reads dotted paths and refuses inherited keys', () => {
		expect(valueAt(view, 'connectors.github.state')).toBe('connected');
		expect(valueAt(view, 'pool.0')).toBe('mcp__github__a');
		expect(valueAt(view, 'connectors.toString')).toBeUndefined();
		expect(valueAt(null, 'pool')).toBeUndefined();
	});

	it('checks equals, includes and count, all of them when several are given', () => {
		expect(profileMet({ path: 'connectors.github.state', equals: 'connected' }, view)).toBe(true);
		expect(profileMet({ path: 'connectors.github.state', equals: 'trusted' }, view)).toBe(false);
		expect(profileMet({ path: 'pool', includes: 'mcp__github__a' }, view)).toBe(true);
		expect(profileMet({ path: 'pool', includes: 'mcp__github__b' }, view)).toBe(false);
		expect(profileMet({ path: 'note', includes: 'denied' }, view)).toBe(true);
		expect(profileMet({ path: 'connectors.github.tools', count: 2 }, view)).toBe(true);
		expect(profileMet({ path: 'connectors', count: 1 }, view)).toBe(true);
		expect(profileMet({ path: 'pool', count: 1, includes: 'nope' }, view)).toBe(false);
		expect(profileMet({ path: 'missing' }, view)).toBe(false);
		expect(profileMet({ path: 'pool' }, null)).toBe(false);
	});

	it('finds an entry by its fields, in a list or keyed by id', () => {
		const mini = {
			calls: {
				c3: { name: 'search', approval: 'auto', replayed: false },
				c6: { name: 'send_email', approval: 'approved_before', replayed: false }
			},
			checkpoints: [
				{ call: 'c2', name: 'search', state: 'completed' },
				{ call: 'c10', name: 'charge_card', state: 'started' }
			]
		};
		expect(
			profileMet({ path: 'calls', some: { name: 'send_email', approval: 'approved_before' } }, mini)
		).toBe(true);
		// Both fields must hold on the same entry.
		expect(
			profileMet({ path: 'calls', some: { name: 'search', approval: 'approved_before' } }, mini)
		).toBe(false);
		expect(
			profileMet({ path: 'checkpoints', some: { name: 'charge_card', state: 'started' } }, mini)
		).toBe(true);
		expect(
			profileMet({ path: 'checkpoints', some: { name: 'search', state: 'started' } }, mini)
		).toBe(false);
		expect(profileMet({ path: 'calls', some: { replayed: true } }, mini)).toBe(false);
		expect(profileMet({ path: 'checkpoints', some: {}, count: 2 }, mini)).toBe(true);
		expect(profileMet({ path: 'checkpoints.0.name', some: { name: 'search' } }, mini)).toBe(false);
	});
});
