import { readFileSync } from 'node:fs';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
	expectCodeSpansReal,
	LabWalk,
	loadLab,
	locales,
	words,
	labMessages
} from '../test-support';
import { parseScenario } from '../../src/lib/core/scenario/parse';
import { World } from '../../src/lib/core/world/world';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const { lab, texts } = loadLab(new URL('./', import.meta.url));
const messages = labMessages;

const tool = (name: string) => `mcp__helpdesk__${name}`;
const LOGO = 'file:///home/ana/helpdesk/logo.png';
const README = 'file:///home/ana/helpdesk/README.md';

type Raw = { host: Record<string, unknown> };
/** lab.json's scenario with another host block: what the narration says other hosts get. */
async function withHost(edit: (host: Record<string, unknown>) => void): Promise<World> {
	const raw = structuredClone(JSON.parse(read('./lab.json')).scenario) as Raw;
	edit(raw.host);
	const parsed = parseScenario(raw);
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	const world = new World(parsed.scenario);
	await world.startSession();
	return world;
}

describe('lab 00-protocol-basics: definition', () => {
	it('comes first, and shows the protocol panels next to servers, calls and the log', () => {
		expect(lab.order).toBe(0);
		expect(lab.panels).toEqual(['servers', 'messages', 'pipeline', 'host', 'protocol', 'log']);
		expect(lab.scenario.host).toMatchObject({
			sampling: true,
			elicitation: { form: true },
			roots: ['file:///home/ana/helpdesk']
		});
		expect(lab.scenario.mcp_servers.legacy.sim?.protocolVersions).toEqual(['2024-11-05']);
		expect(lab.scenario.mcp_servers.future.sim?.protocolVersions).toEqual(['2099-01-01']);
		// legacy's old version is one the SDK client accepts; future's is not.
		expect(SUPPORTED_PROTOCOL_VERSIONS).toContain('2024-11-05');
		expect(SUPPORTED_PROTOCOL_VERSIONS).not.toContain('2099-01-01');
	});
});

describe.each(locales)('lab 00-protocol-basics: %s narration', (locale) => {
	it('names the UI by its own labels', () => {
		const source = read(`./${locale}.md`);
		for (const key of [
			'messages_title',
			'messages_next',
			'harness_reconnect',
			'call_title',
			'protocol_title',
			'protocol_list_resources',
			'protocol_list_prompts',
			'protocol_list_templates',
			'protocol_read',
			'protocol_read_uri',
			'host_title',
			'host_edit',
			'host_approve',
			'host_accept',
			'host_decline',
			'host_cancel',
			'host_capabilities_heading',
			'roots_add',
			'roots_apply',
			'call_builtins_group',
			'servers_kill'
		])
			expect(source, key).toContain(messages[locale][key]);
	});
});

describe('lab 00-protocol-basics: a learner can meet every check', () => {
	it('walks every step, and every protocol string the narration quotes is real', async () => {
		const world = new World(lab.scenario);
		/** Strings the world produced: outputs and their lines, details, errors, log text. */
		const produced = new Set<string>();
		const lines = new Set<string>();
		const argumentsUsed = new Set<string>(['{}']);
		const add = (text: string) => {
			produced.add(text);
			for (const line of text.split('\n')) lines.add(line);
		};
		const observe = () => {
			for (const c of world.calls) {
				add(c.output);
				produced.add(c.state);
			}
			for (const s of world.servers()) {
				produced.add(s.status);
				add(s.detail);
			}
			for (const r of world.protocolResults) if (r.error) add(r.error);
			for (const r of world.hostRequests) add(r.problem);
		};
		world.subscribe(observe);
		const walk = new LabWalk(lab, () => world);
		const call = (name: string, args: Record<string, unknown> = {}) => {
			argumentsUsed.add(JSON.stringify(args));
			return world.callTool(tool(name), args);
		};
		/** OpenHarness's own tools are called by their own names. */
		const builtin = (name: string, args: Record<string, unknown> = {}) => {
			argumentsUsed.add(JSON.stringify(args));
			return world.callTool(name, args);
		};
		const pending = (kind: string) =>
			world.hostRequests.findLast((r) => r.kind === kind && r.state === 'pending')!.id;

		try {
			await world.startSession();
			walk.observe();
			// Registry snapshot 1: 9 added, the 7 MCP tools of helpdesk and legacy and 2 built-ins.
			const snapshot = world.events.find((e) => e.kind === 'registry');
			expect(snapshot).toMatchObject({ n: 1 });
			expect(snapshot?.kind === 'registry' && snapshot.diff.added.length).toBe(9);
			expect(world.registry.filter((e) => e.name.startsWith('mcp__'))).toHaveLength(7);
			await walk.step('one-connection', [
				[walk.guess('notification'), 1],
				[() => call('lookup_ticket', { id: 'T-1' }), 2]
			]);
			const first = world.wire.entries.filter(
				(e) => e.server === 'helpdesk' && e.kind === 'message'
			);
			expect(first.slice(0, 7).map((e) => (e.kind === 'message' ? e.message : null))).toMatchObject(
				[
					{ method: 'initialize', id: 0, params: { protocolVersion: '2025-11-25' } },
					{
						id: 0,
						result: {
							protocolVersion: '2025-11-25',
							capabilities: {
								tools: { listChanged: true },
								resources: {},
								prompts: {},
								logging: {}
							},
							serverInfo: { name: 'helpdesk-mcp', version: '1.4.0' },
							instructions: expect.any(String)
						}
					},
					{ method: 'notifications/initialized' },
					{ method: 'tools/list', id: 1 },
					{ id: 1 },
					{ method: 'resources/list', id: 2 },
					{ id: 2 }
				]
			);

			await walk.step('versions', [
				[walk.guess('accepts'), 1],
				[() => world.reconnectAll(), 4]
			]);
			// future's client gave up after the answer: nothing else was sent.
			const future = world.wire.entries.filter(
				(e) => e.server === 'future' && e.kind === 'message' && e.dir === 'to-server'
			);
			expect(
				future.map((e) => (e.kind === 'message' && 'method' in e.message ? e.message.method : ''))
			).toEqual(['initialize', 'initialize']);

			await walk.step('capabilities', [
				[walk.guess('method-not-found'), 1],
				// Another server's list does not count.
				[() => world.listResources('helpdesk'), 1],
				[() => world.listResources('legacy'), 3]
			]);
			// Tools listChanged: announced on the wire, and OpenHarness does not list again.
			const registry = world.registry.map((e) => e.name);
			const lists = () =>
				world.wire.entries.filter(
					(e) =>
						e.kind === 'message' &&
						'method' in e.message &&
						e.message.method === 'tools/list' &&
						e.server === 'helpdesk'
				).length;
			const before = lists();
			add((await call('enable_archive')).output);
			expect(
				world.wire.entries.some(
					(e) =>
						e.kind === 'message' &&
						e.dir === 'to-host' &&
						'method' in e.message &&
						e.message.method === 'notifications/tools/list_changed'
				)
			).toBe(true);
			expect(lists()).toBe(before);
			expect(world.registry.map((e) => e.name)).toEqual(registry);
			expect(registry).not.toContain(tool('search_archive'));

			await walk.step('resources-prompts', [
				[walk.guess('blob'), 1],
				[() => world.listResources('helpdesk'), 1],
				// The step asks for the logo: reading the README first is not it.
				[() => world.readResource('helpdesk', README), 1],
				[() => world.readResource('helpdesk', LOGO), 2],
				[() => world.listPrompts('helpdesk'), 2],
				// A missing required argument is the server's error, not this check.
				[() => world.getPrompt('helpdesk', 'triage', {}), 2],
				[() => world.getPrompt('helpdesk', 'triage', { ticket: 'T-1', tone: 'calm' }), 3]
			]);
			expect(
				world.protocolResults.findLast((r) => r.method === 'resources/read')?.result
			).toMatchObject({
				contents: [{ uri: LOGO, mimeType: 'image/png', blob: expect.any(String) }]
			});
			// The other reads the narration suggests (the README's was done above).
			await world.listResourceTemplates('helpdesk');
			await world.readResource('helpdesk', 'tickets://T-1');
			for (const r of [await world.readResource('helpdesk', 'tickets://T-9')])
				words(r.result, produced);

			await walk.step('sampling', [
				[walk.guess('waits'), 1],
				[() => call('summarise_tickets'), 2],
				// The step asks for the reply edited: the model's own, approved as it is, is not it.
				[() => world.answerSampling(pending('sampling'), { action: 'approve' }), 2],
				[() => call('summarise_tickets'), 2],
				[
					() =>
						world.answerSampling(pending('sampling'), {
							action: 'approve',
							text: 'T-1, a printer on fire, is urgent; the VPN ticket T-2 can wait.'
						}),
					3
				]
			]);
			const log = world.serverLogs.find((l) => l.server === 'helpdesk')!;
			expect(log.text).toContain('api_key=***');
			expect(log.text).not.toContain('hd-live-8c41');
			produced.add('api_key').add('***');

			await walk.step('elicitation', [
				[walk.guess('held'), 1],
				[() => call('book_visit'), 2],
				[
					async () => {
						await expect(
							world.answerElicitation(pending('elicitation'), {
								action: 'accept',
								content: { date: '2025-06-02', people: 0 }
							})
						).rejects.toThrow('The answer does not fit the requested form');
						produced.add('0');
					},
					2
				],
				[
					() =>
						world.answerElicitation(pending('elicitation'), {
							action: 'accept',
							content: { date: '2025-06-02', people: 2, urgent: false }
						}),
					3
				],
				[() => call('connect_calendar'), 4]
			]);
			// connect_calendar's tool reports the failure in an ordinary result: no error flag.
			expect(world.calls.at(-1)).toMatchObject({ state: 'completed', isError: false });
			// Refused inside the server: only the form's request crossed the wire.
			expect(
				world.wire.entries.filter(
					(e) =>
						e.kind === 'message' &&
						'method' in e.message &&
						e.message.method === 'elicitation/create'
				)
			).toHaveLength(1);

			await walk.step('roots', [
				[walk.guess('notification'), 1],
				[() => call('list_workspace'), 2],
				// Refused by the world before anything is sent: not a change.
				[() => world.setRoots(['https://example.com']).catch(() => {}), 2],
				[() => world.setRoots(['file:///home/ana/helpdesk', 'file:///home/ana/shared']), 3],
				[() => call('list_workspace'), 4]
			]);

			const wireBefore = world.wire.entries.length;
			await walk.step('resource-tools', [
				[walk.guess('still-listed'), 1],
				// Another tool's call does not count.
				[() => call('lookup_ticket', { id: 'T-1' }), 1],
				[() => builtin('list_mcp_resources'), 2],
				[() => builtin('read_mcp_resource', { server: 'helpdesk', uri: README }), 3],
				[() => world.kill('helpdesk'), 4],
				[() => builtin('list_mcp_resources'), 5],
				[() => builtin('read_mcp_resource', { server: 'helpdesk', uri: README }), 6]
			]);
			expect(walk.state.step).toBe(lab.steps.length - 1);
			const [firstList, firstRead, staleList, failedRead] = world.calls.slice(-4);
			// The listing: what the statuses recorded, no trailing space; nothing sent for it.
			expect(firstList.output).toBe(`helpdesk:${README} How this helpdesk works\nhelpdesk:${LOGO}`);
			expect(staleList.output).toBe(firstList.output);
			// The model reads exactly what the Resources and prompts panel reads.
			const panelRead = world.protocolResults.find(
				(r) => r.method === 'resources/read' && r.params.uri === README
			)!.result as { contents: Array<{ text: string }> };
			expect(firstRead.output).toBe(panelRead.contents[0].text);
			expect(failedRead.output).toBe("MCP server 'helpdesk' resource read failed: ");
			// A failed call still ends completed: only its error result marks the failure.
			expect(failedRead).toMatchObject({ state: 'completed', isError: true });
			const sentSince = world.wire.entries
				.slice(wireBefore)
				.filter((e) => e.kind === 'message' && e.dir === 'to-server')
				.map((e) => (e.kind === 'message' && 'method' in e.message ? e.message.method : ''));
			expect(sentSince).toEqual(['tools/call', 'resources/read']);
			// What the reveal says a reconnect does.
			await world.reconnectAll();
			add((await builtin('list_mcp_resources')).output);
			add((await builtin('read_mcp_resource', { server: 'helpdesk', uri: README })).output);
			expect(world.calls.at(-2)!.output).toBe('(no MCP resources)');

			observe();
			for (const entry of world.wire.entries)
				if (entry.kind === 'message') words(entry.message, produced);
		} finally {
			world.dispose();
		}

		// What the narration says other answers and other hosts would give.
		const other = await withHost(() => {});
		try {
			await other.callTool(tool('summarise_tickets'));
			await other.answerSampling('h1', { action: 'reject' });
			await other.callTool(tool('book_visit'));
			await other.answerElicitation('h2', { action: 'decline' });
			await other.callTool(tool('book_visit'));
			await other.answerElicitation('h3', { action: 'cancel' });
			for (const c of other.calls) add(c.output);
			for (const entry of other.wire.entries)
				if (entry.kind === 'message') words(entry.message, produced);
		} finally {
			other.dispose();
		}
		const noForm = await withHost((host) => delete host.elicitation);
		try {
			add((await noForm.callTool(tool('book_visit'))).output);
		} finally {
			noForm.dispose();
		}
		for (const v of SUPPORTED_PROTOCOL_VERSIONS) produced.add(v);
		for (const name of [
			...Object.keys(lab.scenario.mcp_servers),
			...world.registry.map((e) => e.name)
		])
			produced.add(name);
		for (const t of lab.scenario.mcp_servers.helpdesk.sim!.tools!)
			for (const step of t.steps ?? [])
				if (step.do === 'changeTools') for (const added of step.add ?? []) produced.add(added.name);

		// Named on purpose though no string of the run is exactly them; each checked here.
		const vocabulary = new Set(['file://', 'logo.png', 'url']);
		expect(LOGO.endsWith('/logo.png') && LOGO.startsWith('file://')).toBe(true);
		// `url` is the elicitation mode this host leaves out (the SDK's own word, in its error).
		expect([...lines].some((l) => l.includes('does not support url elicitation'))).toBe(true);

		expectCodeSpansReal(texts, {
			argumentsUsed,
			produced,
			vocabulary,
			startsOutput: (span) => [...lines].some((line) => line.startsWith(span))
		});
	});
});
