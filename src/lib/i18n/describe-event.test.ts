import { afterEach, describe, expect, it } from 'vitest';
import type { LiveProblem } from '$lib/core/live/live-errors';
import type { RegistryDiff } from '$lib/core/registry/registry';
import type { CommandName, WorldEvent } from '$lib/core/world/events';
import { startedWorlds } from '$lib/core/world/test-world';
import { trustScenario } from '$lib/core/profiles/trust/test-scenario';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { describeEvent, spoken } from './describe-event';

/** Issue 7's events: every one must read as a sentence, in both languages. */
const hostEvents: WorldEvent[] = [
	...(['pending', 'approved', 'rejected', 'withdrawn'] as const).map((state) => ({
		seq: 1,
		t: 0,
		kind: 'hostRequest' as const,
		id: 'h1',
		server: 'assistant',
		request: 'sampling' as const,
		state
	})),
	...(['pending', 'accepted', 'declined', 'cancelled'] as const).map((state) => ({
		seq: 1,
		t: 0,
		kind: 'hostRequest' as const,
		id: 'h2',
		server: 'assistant',
		request: 'elicitation' as const,
		state
	})),
	{
		seq: 1,
		t: 0,
		kind: 'hostRequest',
		id: 'h3',
		server: 'assistant',
		request: 'roots',
		state: 'answered'
	},
	{
		seq: 1,
		t: 0,
		kind: 'protocol',
		id: 'p1',
		server: 'assistant',
		method: 'resources/read',
		ok: true,
		detail: ''
	},
	{
		seq: 1,
		t: 0,
		kind: 'protocol',
		id: 'p2',
		server: 'assistant',
		method: 'prompts/get',
		ok: false,
		detail: 'MCP error -32601: Method not found'
	},
	{ seq: 1, t: 0, kind: 'roots', count: 2 },
	{ seq: 1, t: 0, kind: 'toolsChanged', server: 'deploy', heeded: false },
	{ seq: 1, t: 0, kind: 'toolsChanged', server: 'deploy', heeded: true }
];

const commands: CommandName[] = [
	'answerSampling',
	'answerElicitation',
	'setRoots',
	'setLogLevel',
	'listResources',
	'listResourceTemplates',
	'readResource',
	'listPrompts',
	'getPrompt'
];

const all: WorldEvent[] = [
	...hostEvents,
	...commands.map((command) => ({
		seq: 1,
		t: 0,
		kind: 'command' as const,
		command,
		server: 'assistant'
	}))
];

describe.each(['en', 'zh-CN'] as const)('describeEvent in %s', (locale) => {
	afterEach(() => overwriteGetLocale(() => 'en'));

	it('gives each host-side event and command its own sentence, placeholders filled', () => {
		overwriteGetLocale(() => locale);
		const sentences = all.map((event) => describeEvent(event));
		for (const sentence of sentences) {
			expect(sentence.length).toBeGreaterThan(3);
			expect(sentence).not.toMatch(/\{\w+\}/);
		}
		expect(new Set(sentences).size).toBe(sentences.length);
		const chinese = sentences.filter((s) => /[\u4e00-\u9fff]/.test(s)).length;
		expect(chinese).toBe(locale === 'zh-CN' ? sentences.length : 0);
		expect(sentences.find((s) => s.includes('Method not found'))).toBeDefined();
	});
});

describe('a kill on a real server', () => {
	afterEach(() => overwriteGetLocale(() => 'en'));
	const kill = (live: boolean): WorldEvent => ({
		seq: 1,
		t: 0,
		kind: 'command',
		command: 'kill',
		server: 'notes-live',
		...(live ? { live: true as const } : {})
	});

	it('is said as the card’s Disconnect, a simulated one as a kill (en, zh-CN)', () => {
		expect(describeEvent(kill(true))).toBe(
			'Disconnecting notes-live: the page lets go of its connection and tells the server nothing; the harness notices when it next uses it'
		);
		expect(describeEvent(kill(false))).toBe('Killing notes-live');
		overwriteGetLocale(() => 'zh-CN');
		expect(describeEvent(kill(true))).toBe(
			'正在断开 notes-live：页面放开它的连接，不通知服务器；运行框架要到下次使用它时才会发现'
		);
	});
});

const snapshot = (n: number, diff: Partial<RegistryDiff>): WorldEvent => ({
	seq: 1,
	t: 0,
	kind: 'registry',
	n,
	size: 5,
	diff: {
		added: [],
		removed: [],
		renamed: [],
		becameUnavailable: [],
		becameAvailable: [],
		shadowed: [],
		...diff
	}
});

describe('registry snapshots read as the issue words them', () => {
	afterEach(() => overwriteGetLocale(() => 'en'));
	const started = startedWorlds();
	const three = ['mcp__fs__a', 'mcp__fs__b', 'mcp__fs__c'];

	it('names the snapshot and only what changed, in English', () => {
		expect(describeEvent(snapshot(4, { becameUnavailable: three }))).toBe(
			'Registry snapshot 4: 3 tools unavailable'
		);
		expect(describeEvent(snapshot(5, { becameAvailable: ['mcp__fs__a'] }))).toBe(
			'Registry snapshot 5: 1 tool available again'
		);
		expect(
			describeEvent(snapshot(2, { becameUnavailable: ['x'], added: ['y', 'z'], removed: three }))
		).toBe('Registry snapshot 2: 1 tool unavailable, 2 added, and 3 removed');
		expect(describeEvent(snapshot(3, {}))).toBe('Registry snapshot 3: rebuilt, no change');
	});

	it('says the same in Chinese', () => {
		overwriteGetLocale(() => 'zh-CN');
		expect(describeEvent(snapshot(4, { becameUnavailable: three }))).toBe(
			'注册表快照 4：3 个工具不可用'
		);
		expect(describeEvent(snapshot(2, { becameAvailable: three, added: ['y'] }))).toBe(
			'注册表快照 2：3 个工具恢复可用和新增 1 个'
		);
	});

	it('narrates lab 01: the kill, then the reconnect that leaves the tools stale', async () => {
		const world = await started();
		await world.kill('filesystem');
		await world.reconnectAll();
		const lines = world.events.map((event) => describeEvent(event));
		const built = world.registryHistory[0].entries.length;
		expect(lines).toContain(`Registry snapshot 1: ${built} added`);
		expect(lines).toContain('filesystem process killed');
		expect(lines).toContain('Registry snapshot 2: 3 tools unavailable');
		expect(lines.indexOf('filesystem process killed')).toBeLessThan(
			lines.indexOf('Registry snapshot 2: 3 tools unavailable')
		);
	});

	const trusted = startedWorlds(trustScenario);
	it('says a server’s state in its profile’s words, as its card does (trust: disconnected, not pending)', async () => {
		const world = await trusted();
		await world.profileCommand('trust', { connector: 'github' });
		await world.profileCommand('disconnect', { connector: 'github' });
		const lines = world.events.map((event) => describeEvent(event));
		expect(world.serverState('github')).toBe('disconnected');
		expect(lines).toContain('github: connected');
		expect(lines.filter((l) => l.startsWith('github: ')).at(-1)).toBe('github: disconnected');
	});

	it('says the process state in the learner’s language (it is ours, not the harness’s)', () => {
		const event = (process: 'running' | 'killed' | 'hung'): WorldEvent => ({
			seq: 1,
			t: 0,
			kind: 'process',
			server: 'filesystem',
			process
		});
		overwriteGetLocale(() => 'zh-CN');
		expect(['running', 'killed', 'hung'].map((p) => describeEvent(event(p as 'hung')))).toEqual([
			'filesystem 进程：运行中',
			'filesystem 进程：已终止',
			'filesystem 进程：已挂起'
		]);
		overwriteGetLocale(() => 'en');
		expect(describeEvent(event('hung'))).toBe('filesystem process hung');
	});

	it("drops a server name's bidi controls, so an override cannot reorder the sentence", () => {
		overwriteGetLocale(() => 'en');
		const event: WorldEvent = {
			seq: 1,
			t: 0,
			kind: 'process',
			server: 'evil\u202Eexe.txt\u2066x\u2069',
			process: 'killed'
		};
		expect(describeEvent(event)).toBe('evilexe.txtx process killed');
	});

	it('reads a long or multi-line server text as one line, cut between words with "…"', () => {
		const pydantic =
			"1 validation error for Mcp__Files__Read_FileInput\npath\n  Field required [type=missing, input_value={'title': 'Printer on fire'}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.11/v/missing";
		const said = spoken(pydantic);
		expect(said).toBe(
			"1 validation error for Mcp__Files__Read_FileInput path Field required [type=missing, input_value={'title': 'Printer on fire'}, input_type=dict] For further…"
		);
		expect(said.length).toBeLessThanOrEqual(161);
		// One long word: cut where the bound falls.
		expect(spoken('x'.repeat(500))).toBe(`${'x'.repeat(160)}…`);
		expect(spoken('short and sweet')).toBe('short and sweet');
	});

	it('says a call that failed on a validation dump by its issues, not as JSON', () => {
		const dump = JSON.stringify(
			[{ code: 'invalid_union', errors: [], path: ['content', 0], message: 'Invalid input' }],
			null,
			2
		);
		const event: WorldEvent = {
			seq: 1,
			t: 0,
			kind: 'call',
			id: 'c3',
			name: 'mcp__bad__odd',
			isError: true,
			output: `MCP server 'bad' call failed: ${dump}`,
			state: 'completed'
		};
		expect(describeEvent(event)).toBe(
			"Call c3 to mcp__bad__odd returned an error result: MCP server 'bad' call failed: Invalid input (content.0)"
		);
	});
});

describe('a live server that failed', () => {
	const failed: WorldEvent = {
		seq: 4,
		t: 0,
		kind: 'status',
		server: 'notes-live',
		status: 'failed',
		state: 'failed',
		detail: 'Failed to fetch'
	};
	const page = {
		origin: 'http://127.0.0.1:4173',
		timeoutMs: 15_000,
		liveProblem: (server: string): LiveProblem | undefined =>
			server === 'notes-live' ? { kind: 'refused', detail: 'Failed to fetch' } : undefined
	};

	it('is said with its card’s sentence and likely fix, not the browser’s bare words (en, zh-CN)', () => {
		expect(describeEvent(failed, page)).toBe(
			'notes-live: failed, Nothing answered at this address. Is the server running, and is this the right host and port? Change address, below, takes another one.'
		);
		overwriteGetLocale(() => 'zh-CN');
		expect(describeEvent(failed, page)).toMatch(/^notes-live：failed，[^F]+$/);
	});

	it('in the harness’s words where the page knows no problem (a simulated server, the transcript)', () => {
		expect(describeEvent({ ...failed, server: 'files' }, page)).toBe(
			'files: failed, Failed to fetch'
		);
		expect(describeEvent(failed)).toBe('notes-live: failed, Failed to fetch');
		expect(
			describeEvent({ ...failed, status: 'connected', state: 'connected', detail: '' }, page)
		).toBe('notes-live: connected');
	});
});
