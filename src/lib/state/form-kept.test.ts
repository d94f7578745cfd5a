import { describe, expect, it } from 'vitest';
import {
	firstShowing,
	formHolds,
	keepFields,
	refusal,
	type KeptServer,
	type KeptTool
} from './form-kept';

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

describe('a refused edit', () => {
	it('is kept as said, with the field it names, and is gone once an edit runs', () => {
		expect(refusal('This server needs a name.', 'name-required')).toEqual({
			message: 'This server needs a name.',
			fault: 'name-required'
		});
		expect(refusal('The text is not JSON.')).toEqual({
			message: 'The text is not JSON.',
			fault: null
		});
		expect(refusal(null)).toBeNull();
	});

	it('does not by itself hold the form: the fields it was said of do, or nothing', () => {
		const said = { message: 'This server needs a name.', fault: 'name-required' };
		const none = { keptTool: null, keptServer: null };
		expect(formHolds({ ...none, keptAdds: { serverRefused: said, toolRefused: said } })).toBe(
			false
		);
		expect(formHolds({ ...none, keptAdds: { name: 'billing', serverRefused: said } })).toBe(true);
	});
});
