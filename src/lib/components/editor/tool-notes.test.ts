import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '$lib/i18n/locale.svelte';
import { behaviourSaid, notesText } from './tool-notes';

afterEach(() => {
	i18n.locale = 'en';
});

describe('a tool’s behaviour in words', () => {
	it('notes each behaviour beside the tool, nothing for a plain answer', () => {
		expect(notesText([])).toBe('');
		expect(
			notesText([
				{ kind: 'rpc-error', code: '-32603' },
				{ kind: 'delay', ms: '500' }
			])
		).toBe(' (JSON-RPC error -32603, +500 ms)');
		expect(notesText([{ kind: 'crash' }])).toBe(' (crashes)');
		i18n.locale = 'zh-CN';
		expect(notesText([{ kind: 'error-result' }, { kind: 'delay', ms: '20' }])).toBe(
			'（错误结果，+20 毫秒）'
		);
	});

	it('ends the add sentence with what a call does, or says nothing more for a plain answer', () => {
		expect(behaviourSaid([])).toBeNull();
		expect(behaviourSaid([{ kind: 'crash' }])).toBe('it crashes when called');
		expect(behaviourSaid([{ kind: 'delay', ms: '500' }])).toBe('it answers after 500 ms');
		expect(behaviourSaid([{ kind: 'error-result' }, { kind: 'delay', ms: '500' }])).toBe(
			'it answers with an error result, after 500 ms'
		);
		i18n.locale = 'zh-CN';
		expect(behaviourSaid([{ kind: 'rpc-error', code: '-32001' }])).toBe(
			'调用时返回 JSON-RPC 错误 -32001'
		);
	});

	it('bounds a code written by hand, and isolates one with bidi controls', () => {
		const long = '9'.repeat(5000);
		expect(notesText([{ kind: 'rpc-error', code: long }])).toBe(
			` (JSON-RPC error ${'9'.repeat(24)})`
		);
		expect(notesText([{ kind: 'rpc-error', code: '\u202e1' }])).toBe(
			' (JSON-RPC error \u2068\u202e1\u2069)'
		);
	});
});
