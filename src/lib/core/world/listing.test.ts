import { afterEach, describe, expect, it } from 'vitest';
import { serveMcp } from '$lib/test-support/http-mcp';
import { answerPaging, type Asked } from '$lib/test-support/paging-mcp';
import type { ScenarioInput } from '../scenario/schema';
import { makeWorld } from './test-world';

// How each harness reads a server's listing at connect. OpenHarness calls the Python SDK's
// `session.list_tools()` and `list_resources()` once each (HKUDS/OpenHarness mcp/client.py):
// the first page only, a `nextCursor` not followed; and `tool.inputSchema or {…}`, so an empty
// schema is taken as none. A spec audit found the lab following every page for it.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
	while (closers.length) await closers.pop()!();
});

/** A real server whose tools/list and resources/list answer in two pages; what it was asked. */
async function pagingServer() {
	const asked: Asked[] = [];
	const url = await serveMcp((req, res, body) => answerPaging(req, res, body, asked));
	return { url, asked };
}

async function started(input: ScenarioInput) {
	const world = makeWorld(input, { liveTimeoutMs: 5_000 });
	closers.push(async () => world.dispose());
	await world.startSession();
	return world;
}

describe('a listing in pages', () => {
	it('OpenHarness reads the first page of tools and of resources, and asks for no other', async () => {
		const { url, asked } = await pagingServer();
		const world = await started({
			profile: 'openharness',
			mcp_servers: { pager: { type: 'http', url, live: true } }
		});
		expect(world.registry.map((e) => e.name)).toContain('mcp__pager__first_page');
		expect(world.registry.map((e) => e.name)).not.toContain('mcp__pager__second_page');
		const pager = world.servers().find((s) => s.name === 'pager')!;
		expect(pager.connection.tools.map((t) => t.name)).toEqual(['first_page']);
		expect(pager.connection.resources.map((r) => r.uri)).toEqual(['note://1']);
		expect(asked).toEqual([{ method: 'tools/list' }, { method: 'resources/list' }]);
		// The card says what was left unread.
		expect(pager.live?.unreadPages).toEqual(['resources/list', 'tools/list']);
	});

	it('MiniHarness follows nextCursor to the last page', async () => {
		const { url, asked } = await pagingServer();
		const world = await started({
			profile: 'miniharness',
			mcp_servers: { pager: { type: 'http', url, live: true } }
		});
		const pager = world.servers().find((s) => s.name === 'pager')!;
		expect(pager.connection.tools.map((t) => t.name)).toEqual(['first_page', 'second_page']);
		expect(asked.filter((a) => a.method === 'tools/list')).toEqual([
			{ method: 'tools/list' },
			{ method: 'tools/list', cursor: 'p2' }
		]);
		expect(pager.live?.unreadPages).toEqual([]);
	});
});

describe('an empty inputSchema', () => {
	const world = (profile: 'openharness' | 'miniharness') =>
		started({
			profile,
			mcp_servers: {
				s: {
					type: 'stdio',
					command: 'x',
					sim: { tools: [{ name: 'empty', inputSchema: {} }, { name: 'missing' }] }
				}
			}
		});
	const schemas = (w: Awaited<ReturnType<typeof world>>) =>
		w.servers()[0].connection.tools.map((t) => [t.name, t.inputSchema]);

	it('is none to OpenHarness (`tool.inputSchema or {…}`): both get its default', async () => {
		expect(schemas(await world('openharness'))).toEqual([
			['empty', { type: 'object', properties: {} }],
			['missing', { type: 'object', properties: {} }]
		]);
	});

	it('is kept as sent by the other harnesses', async () => {
		expect(schemas(await world('miniharness'))).toEqual([
			['empty', {}],
			['missing', { type: 'object', properties: {} }]
		]);
	});
});
