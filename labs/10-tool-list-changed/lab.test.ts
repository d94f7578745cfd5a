import { describe, expect, it } from 'vitest';
import {
	expectCodeSpansReal,
	LabWalk,
	loadLab,
	locales,
	labMessages,
	startedWorld
} from '../test-support';
import type { CallRecord } from '../../src/lib/core/world/world';
import { World } from '../../src/lib/core/world/world';

const { lab, texts, sources } = loadLab(new URL('./', import.meta.url));
const messages = labMessages;

const ENABLE = 'mcp__deploy__enable_rollbacks';
const ROLLBACK = 'mcp__deploy__rollback_release';
const LIST = 'mcp__deploy__list_releases';
const rollbackArgs = { service: 'web', release: 'v41' };

/** The world the last step applies: `deploy` v2, which lists rollback_release at start-up. */
const newVersion = (
	lab.steps.find((s) => s.id === 'new-version')!.solution.find((a) => a.do === 'setScenario') as {
		scenario: unknown;
	}
).scenario;

const wireMethods = (world: World) =>
	world.wire.entries.flatMap((e) =>
		e.kind === 'message' && 'method' in e.message ? [e.message.method as string] : []
	);

const stages = (c: CallRecord) => c.stages.map((s) => `${s.stage}:${s.outcome}`);

describe('lab 10-tool-list-changed: definition', () => {
	it('is lab 10, with one question answered by one of its options', () => {
		expect(lab.id).toBe('10-tool-list-changed');
		expect(lab.order).toBe(10);
		expect(lab.panels).toEqual(['servers', 'editor', 'registry', 'pipeline', 'log']);
		const predicting = lab.steps.filter((s) => s.predict);
		expect(predicting.map((s) => s.id)).toEqual(['stale-registry']);
		const step = predicting[0];
		expect(step.predict!.options).toContain(step.predict!.answer);
		expect(step.solution[0]).toEqual({ do: 'predict', option: step.predict!.answer });
	});
});

describe.each(locales)('lab 10-tool-list-changed: %s narration', (locale) => {
	it('names the UI by its own labels', () => {
		const m = messages[locale];
		for (const key of [
			'call_other_option',
			'harness_reconnect',
			'harness_close',
			'harness_start',
			'editor_title',
			'editor_apply'
		])
			expect(sources[locale], key).toContain(m[key]);
	});
});

describe('lab 10-tool-list-changed: a learner can meet every check', () => {
	it('walks every step in order, and every string quoted in the narration is real', async () => {
		let world = new World(lab.scenario);
		const produced = new Set<string>();
		const outputs = new Set<string>();
		const argumentsUsed = new Set<string>();
		const record = (c: CallRecord) => {
			produced.add(c.name);
			produced.add(c.output);
			outputs.add(c.output);
			for (const s of c.stages) produced.add(s.outcome);
		};
		const walk = new LabWalk(lab, () => world);
		const call =
			(name: string, args: Record<string, unknown> = {}) =>
			async () => {
				argumentsUsed.add(JSON.stringify(args));
				const c = await world.callTool(name, args);
				record(c);
				return c;
			};
		const apply = (raw: unknown) => async () => {
			world.dispose();
			world = await startedWorld(raw);
			walk.worldReplaced();
		};
		const names = () => world.registry.map((e) => e.name);

		try {
			await world.startSession();
			expect(names()).toEqual(['list_mcp_resources', 'read_mcp_resource', LIST, ENABLE]);

			await walk.step('announce', [[call(ENABLE), 2]]);
			const enabled = world.calls.at(-1)!;
			expect(enabled.output).toBe('Rollbacks enabled: the server now offers rollback_release.');
			// The notification crossed; OpenHarness sent no tools/list after it.
			const methods = wireMethods(world);
			const notified = methods.lastIndexOf('notifications/tools/list_changed');
			expect(notified).toBeGreaterThan(-1);
			expect(methods.slice(notified)).not.toContain('tools/list');
			expect(world.registryHistory.length).toBe(1);
			for (const m of methods) produced.add(m);

			await walk.step('stale-registry', [
				// Before the answer, a call does not count.
				[call(ROLLBACK, rollbackArgs), 0],
				[walk.guess('not-listed'), 1],
				[call(ROLLBACK, rollbackArgs), 2]
			]);
			const unknown = world.calls.at(-1)!;
			expect(unknown.output).toBe(`Unknown tool: ${ROLLBACK}`);
			expect(stages(unknown)).toEqual(['preToolUse:passed', 'lookup:unknown']);
			expect(unknown.sent).toBeNull();
			expect(names()).toEqual(['list_mcp_resources', 'read_mcp_resource', LIST, ENABLE]);

			await walk.step('ghost-tool', [[call(ENABLE), 1]]);
			const ghost = world.calls.at(-1)!;
			expect(ghost.isError).toBe(true);
			expect(stages(ghost)).toContain('lookup:found');
			expect(ghost.output).toBe(
				"MCP server 'deploy' call failed: MCP error -32602: Tool enable_rollbacks not found"
			);

			await walk.step('new-version', [
				// Reconnect all keeps the registry, and the fresh process lists its start-up tools.
				[() => world.reconnectAll(), 0],
				[apply(newVersion), 1],
				[call(ROLLBACK, rollbackArgs), 2]
			]);
			expect(names()).toEqual(['list_mcp_resources', 'read_mcp_resource', LIST, ENABLE, ROLLBACK]);
			expect(world.calls.at(-1)!.output).toBe('web rolled back to v41.');
			expect(walk.state.step).toBe(lab.steps.length - 1);
		} finally {
			world.dispose();
		}

		// Restart on a running server changes nothing; Reconnect all reaches a fresh process, which
		// lists its start-up tools again, so the removed tool works again (ghost-tool's wrong turn).
		const other = await startedWorld(lab.scenario);
		try {
			await other.callTool(ENABLE, {});
			await other.restart('deploy');
			expect((await other.callTool(ENABLE, {})).isError).toBe(true);
			await other.reconnectAll();
			expect((await other.callTool(ENABLE, {})).isError).toBe(false);
			// The hint's way back: that call removed it again, so the next one shows the ghost.
			expect((await other.callTool(ENABLE, {})).output).toBe(
				"MCP server 'deploy' call failed: MCP error -32602: Tool enable_rollbacks not found"
			);
			await other.reconnectAll();
			// Close session, then Start session: a new registry, but from the start-up list.
			await other.closeSession();
			await other.startSession();
			expect(other.registry.map((e) => e.name)).toEqual([
				'list_mcp_resources',
				'read_mcp_resource',
				LIST,
				ENABLE
			]);
		} finally {
			other.dispose();
		}

		for (const t of ['deploy', 'list_releases', 'enable_rollbacks', 'rollback_release', 'tools'])
			produced.add(t);
		const vocabulary = new Set([
			'listChanged', // the server's tools capability (lab.json)
			'not found', // the SDK server's error text, checked whole above
			'unknown', // lookup's outcome
			'found',
			'web rolled back to v41.',
			'add', // changeTools' key in lab.json, where the tool to copy is
			'service', // the tool's parameters (its input schema in lab.json)
			'release',
			'mcp__deploy__' // the prefix OpenHarness adds, named apart from a tool's own name
		]);
		expectCodeSpansReal(texts, {
			argumentsUsed,
			produced,
			vocabulary,
			startsOutput: (span) => span.length >= 12 && [...outputs].some((o) => o.startsWith(span))
		});
	});
});
