import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '$lib/i18n/locale.svelte';
import { m } from '$lib/paraglide/messages';
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
	afterEach(() => {
		i18n.locale = 'en';
	});

	it('is kept with the field it names, and is gone once an edit runs', () => {
		expect(refusal(m.editor_form_name_required, 'name-required')?.fault).toBe('name-required');
		expect(refusal(m.editor_form_invalid_json)?.fault).toBeNull();
		expect(refusal(null)).toBeNull();
	});

	it('is worded when shown, in the language of that moment, not the one it was made in', () => {
		const kept = refusal(() => m.editor_form_name_required(), 'name-required');
		expect(kept?.said()).toBe('Enter a name.');
		i18n.locale = 'zh-CN';
		expect(kept?.said()).toBe('请输入名称。');
	});

	it('does not by itself hold the form: the fields it was said of do, or nothing', () => {
		const said = { said: () => 'Enter a name.', fault: 'name-required' };
		const none = { keptTool: null, keptServer: null };
		expect(formHolds({ ...none, keptAdds: { serverRefused: said, toolRefused: said } })).toBe(
			false
		);
		expect(formHolds({ ...none, keptAdds: { name: 'billing', serverRefused: said } })).toBe(true);
	});
});
