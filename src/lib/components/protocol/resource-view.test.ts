import { afterEach, describe, expect, it } from 'vitest';
import { fullHost, hostScenario } from '$lib/core/world/host-test-world';
import { makeWorld } from '$lib/core/world/test-world';
import type { World } from '$lib/core';
import {
	base64Bytes,
	hexPreview,
	latest,
	listedPrompts,
	listedResources,
	listedTemplates,
	nextCursor,
	promptMessages,
	resourceContents
} from './resource-view';

let world: World | undefined;
afterEach(() => world?.dispose());

describe('answers to resources and prompts requests, as the panel reads them', () => {
	it('reads real answers from a sim server', async () => {
		world = makeWorld(hostScenario(fullHost));
		await world.startSession();
		const listed = await world.listResources('assistant');
		expect(listedResources(listed.result).map((r) => [r.uri, r.mimeType])).toEqual([
			['file:///notes.txt', 'text/plain'],
			['file:///logo.png', 'image/png']
		]);
		const templates = await world.listResourceTemplates('assistant');
		expect(listedTemplates(templates.result)).toEqual([
			{
				uriTemplate: 'tickets://{id}',
				name: 'ticket',
				description: '',
				mimeType: 'application/json'
			}
		]);
		const prompts = await world.listPrompts('assistant');
		expect(listedPrompts(prompts.result)[0]).toEqual({
			name: 'triage',
			title: '',
			description: 'Triage one ticket',
			arguments: [
				{ name: 'ticket', description: '', required: true },
				{ name: 'tone', description: 'How to write', required: false }
			]
		});
		const text = await world.readResource('assistant', 'file:///notes.txt');
		expect(resourceContents(text.result)).toEqual([
			{ kind: 'text', uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'hello' }
		]);
		const blob = await world.readResource('assistant', 'file:///logo.png');
		// iVBORw0KGgo= is the PNG signature: 8 bytes, never rendered.
		expect(resourceContents(blob.result)).toEqual([
			{
				kind: 'blob',
				uri: 'file:///logo.png',
				mimeType: 'image/png',
				bytes: 8,
				hex: '89 50 4e 47 0d 0a 1a 0a',
				base64: 'iVBORw0KGgo='
			}
		]);
		const got = await world.getPrompt('assistant', 'triage', { ticket: 'T-1' });
		expect(promptMessages(got.result)).toEqual([
			{ role: 'user', text: 'Triage T-1 in a  tone. Keep {braces}.' }
		]);
		expect(latest(world.protocolResults, 'assistant', 'resources/read')?.id).toBe(blob.id);
		expect(latest(world.protocolResults, 'other', 'resources/read')).toBeUndefined();
	});

	it('is defensive about what a server might send', () => {
		expect(listedResources(null)).toEqual([]);
		expect(listedResources({ resources: 'x' })).toEqual([]);
		expect(resourceContents({ contents: [{ uri: 7 }] })).toEqual([
			{ kind: 'text', uri: '', mimeType: '', text: '' }
		]);
		expect(promptMessages({ messages: [{ role: 'user', content: { type: 'image' } }] })).toEqual([
			{ role: 'user', text: '[image]' }
		]);
		expect(hexPreview('%%%')).toBe('');
		expect(base64Bytes('')).toBe(0);
		expect(base64Bytes('AAAA')).toBe(3);
		expect(base64Bytes('AA==')).toBe(1);
		expect(hexPreview('A'.repeat(4000), 4)).toBe('00 00 00 00');
	});
});

describe('nextCursor', () => {
	it('is the server’s nextCursor when it gave one, else null', () => {
		expect(nextCursor({ prompts: [], nextCursor: 'p2' })).toBe('p2');
		expect(nextCursor({ prompts: [] })).toBeNull();
		expect(nextCursor({ prompts: [], nextCursor: '' })).toBeNull();
		expect(nextCursor({ prompts: [], nextCursor: 7 })).toBeNull();
		expect(nextCursor(null)).toBeNull();
	});
});
