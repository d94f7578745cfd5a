import { describe, expect, it } from 'vitest';
import { firstShowing, keepFields, type KeptServer, type KeptTool } from './form-kept';

const initial = {
	name: 'search_orders',
	description: 'Search orders',
	behaviour: 'text' as const,
	result: 'ok',
	errorCode: '-32603',
	errorMessage: '',
	latencyMs: '',
	inputSchema: ''
};

describe('kept Change fields', () => {
	it('are edited while they differ from what they opened with, not after typing it back', () => {
		const kept: KeptTool = { server: 'internal-api', index: 0, initial };
		keepFields(kept, { ...initial }, initial);
		expect(kept.edited).toBe(false);
		keepFields(kept, { ...initial, latencyMs: '40' }, initial);
		expect(kept).toMatchObject({ edited: true, fields: { latencyMs: '40' } });
		keepFields(kept, { ...initial }, initial);
		expect(kept.edited).toBe(false);
	});

	it('take focus the first time they show only', () => {
		const kept: KeptServer = { name: 'internal-api' };
		expect(firstShowing(kept)).toBe(true);
		expect(firstShowing(kept)).toBe(false);
	});
});
