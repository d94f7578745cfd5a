import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
	expectCodeSpansReal,
	LabWalk,
	loadLab,
	locales,
	words,
	labMessages
} from '../test-support';
import { worldFacts } from '../../src/lib/core/labs/facts';
import { stepHints } from '../../src/lib/core/labs/hints';
import type { LabAction } from '../../src/lib/core/labs/lab-schema';
import { initialProgress } from '../../src/lib/core/labs/progress';
import { URL_NOT_HTTP } from '../../src/lib/core/profiles/contextual/headers';
import { World } from '../../src/lib/core/world/world';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const { lab, texts } = loadLab(new URL('./', import.meta.url));
const messages = labMessages;

type ServerView = {
	static: Record<string, string>;
	headers: Record<string, string> | null;
	bindings: Record<string, { source: string }>;
};

/** The solution's actions of a step, to play on the core as the e2e plays them in the UI. */
function solution(id: string): LabAction[] {
	return lab.steps.find((s) => s.id === id)!.solution;
}

describe('lab 07-per-run-headers: definition', () => {
	it('runs the contextual profile on two URL servers and one stdio server', () => {
		expect(lab.scenario.profile).toBe('contextual');
		expect(Object.keys(lab.scenario.mcp_servers)).toEqual(['knowledge', 'billing', 'files']);
		expect(lab.scenario.contextual!.resultChars).toBe(1000);
		const exported = lab.scenario.mcp_servers.knowledge.sim!.tools!.find(
			(t) => t.name === 'export_articles'
		)!;
		expect(String(exported.result!.content![0].text).length).toBe(2639);
	});
});

describe.each(locales)('lab 07-per-run-headers: %s narration', (locale) => {
	it('names the UI by its own labels', () => {
		const source = read(`./${locale}.md`);
		for (const key of [
			'contextual_start_run',
			'contextual_identity',
			'contextual_servers_legend',
			'contextual_metadata',
			'call_other_option'
		])
			expect(source, key).toContain(messages[locale][key]);
	});
});

describe('lab 07-per-run-headers: a learner can meet every check', () => {
	it('walks every step, and every harness text the narration quotes is real', async () => {
		const world = new World(lab.scenario);
		const produced = new Set<string>();
		const argumentsUsed = new Set<string>();
		const outputs: string[] = [];
		world.subscribe(() => {
			for (const c of world.calls) outputs.push(c.output);
			words(world.profileView, produced);
			// The panel's lines: `header: value` (static and sent) and `header ← source` (bound).
			const view = world.profileView as unknown as {
				servers: Record<string, ServerView>;
			};
			for (const server of Object.values(view.servers)) {
				for (const headers of [server.static, server.headers ?? {}])
					for (const [name, value] of Object.entries(headers)) produced.add(`${name}: ${value}`);
				for (const [name, b] of Object.entries(server.bindings))
					produced.add(`${name} ← ${b.source}`);
			}
			for (const e of world.wire.entries)
				if (e.kind === 'transport' && e.event === 'http') words(e.http, produced);
		});
		const walk = new LabWalk(lab, () => world);
		const play = (action: LabAction) => async () => {
			if (action.do === 'profile') {
				argumentsUsed.add(JSON.stringify(action.args));
				return world.profileCommand(action.command, action.args);
			}
			if (action.do === 'call') {
				argumentsUsed.add(JSON.stringify(action.arguments ?? {}));
				return world.callTool(action.tool, action.arguments ?? {});
			}
			throw new Error(`unexpected action ${action.do}`);
		};
		await world.startSession();
		walk.observe();

		const [, run1, whoami1] = solution('first-run');
		await walk.step('first-run', [
			[walk.guess('all-headers'), 1],
			[play(run1), 2],
			[play(whoami1), 3]
		]);
		expect(world.calls.at(-1)!.output).toBe(
			'whoami called with {}\nheaders: X-Application: support; Authorization: ••••; X-User-ID: u-alice; X-Run-ID: run-1; X-Thread-ID: thread-7; X-Request-Context: {"labels":["interactive"],"region":"us-east"}'
		);
		// The requests the goal names, and only those: pydantic-ai's client lists no resources.
		expect(
			world.wire.entries.flatMap((e) =>
				e.kind === 'transport' && e.event === 'http' && e.server === 'knowledge' ? [e.http.rpc] : []
			)
		).toEqual(['initialize', 'notifications/initialized', 'tools/list', 'tools/call']);

		const [, run2, whoami2] = solution('second-identity');
		await walk.step('second-identity', [
			[walk.guess('new-connection'), 1],
			[play(run2), 2],
			[play(whoami2), 3]
		]);
		expect(world.calls.at(-1)!.output).toContain('X-User-ID: u-bob; X-Run-ID: run-2');

		const [, guest, noMetadata] = solution('missing-values');
		await walk.step('missing-values', [
			[walk.guess('run-fails'), 1],
			[play(guest), 2],
			[play(noMetadata), 3]
		]);

		const [, billing, files] = solution('conflicts');
		await walk.step('conflicts', [
			[walk.guess('run-fails'), 1],
			[play(billing), 2],
			[play(files), 3]
		]);

		const [, run7, drop, exported] = solution('allowed-and-bounded');
		await walk.step('allowed-and-bounded', [
			[walk.guess('unknown-tool'), 1],
			[play(run7), 1],
			[play(drop), 2],
			[play(exported), 3]
		]);
		const wire = JSON.stringify(world.wire.entries);
		expect(wire).not.toContain('kb-7f3a9c2e');
		expect(wire).toContain('"Authorization":"••••"');

		const vocabulary = new Set([
			...Object.keys(lab.scenario.mcp_servers),
			'knowledge.example.com',
			'tools/call',
			'initialize',
			'allowed_tools',
			'headers',
			'tool_prefix',
			'extra.requestInfo.headers',
			'ContextualMCP',
			'for_run',
			'identity.tenant_id',
			'context.metadata.<key>',
			'identity.<claim>',
			'run_id',
			'thread_id',
			'resultChars',
			'••••',
			'POST',
			'200',
			'202',
			'<prefix>_<tool>',
			'x-tenant-id',
			'X-Tenant-ID',
			'None',
			'ws',
			':',
			// The harness's sentence for a ws server (headers.test.ts checks it is produced).
			URL_NOT_HTTP,
			'null',
			'{}'
		]);
		expectCodeSpansReal(texts, {
			argumentsUsed,
			produced,
			vocabulary,
			// A harness sentence may be quoted from inside a longer text (a run's error, a result).
			startsOutput: (span) =>
				outputs.some((o) => o.includes(span)) || [...produced].some((w) => w.includes(span))
		});
	});
});

describe('lab 07-per-run-headers: a run that selects a server it should not', () => {
	it('shows the hint for what was ticked, and none once a run with knowledge alone starts', async () => {
		const world = new World(lab.scenario);
		const start = (servers: string[]) =>
			world.profileCommand('startRun', {
				identity: 'alice',
				context: { run_id: 'run-1', thread_id: 'thread-7', metadata: {} },
				servers
			});
		const hints = () => stepHints(lab, initialProgress(lab), worldFacts(world, lab.id, 0));
		try {
			await world.startSession();
			expect(hints()).toEqual([]);
			await start(['knowledge', 'billing']).catch(() => {});
			expect(hints()).toEqual(['billing-ticked']);
			await start(['knowledge', 'files']).catch(() => {});
			expect(hints()).toEqual(['files-ticked']);
			await start(['knowledge']);
			expect(hints()).toEqual([]);
		} finally {
			world.dispose();
		}
	});
});
