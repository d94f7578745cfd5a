import { describe, expect, it } from 'vitest';
import * as types from '@modelcontextprotocol/sdk/types.js';
import { NOTIFICATION_TEXT, REQUEST_TEXT, RESULT_TEXT } from './method-text';

// Each sentence is found by the method on the wire: a misspelt method would never be explained.
// The methods the SDK declares, read from its message schemas.
const declared = new Set(
	Object.values(types).flatMap((schema) => {
		const method = (schema as { shape?: { method?: { value?: unknown } } })?.shape?.method?.value;
		return typeof method === 'string' ? [method] : [];
	})
);

describe('the plain words for each method', () => {
	it('reads the methods the SDK declares', () => {
		expect(declared).toContain('tools/call');
		expect(declared).toContain('notifications/initialized');
	});

	it.each([
		...Object.keys(REQUEST_TEXT),
		...Object.keys(RESULT_TEXT),
		...Object.keys(NOTIFICATION_TEXT)
	])('%s is a method the SDK declares', (method) => {
		expect(declared).toContain(method);
	});

	it('has a sentence for every answer of a request it explains, but ping (an empty result)', () => {
		expect(Object.keys(REQUEST_TEXT).filter((k) => !(k in RESULT_TEXT))).toEqual([
			'logging/setLevel',
			'ping'
		]);
	});
});
