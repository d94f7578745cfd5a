import { describe, expect, it } from 'vitest';
import type { WorldFacts } from '../../src/lib/core/labs/goals';
import { allCode, codeSpans, LabWalk, loadLab, locales } from '../test-support';
import { isWorldLabAction, performLabAction } from '../../src/lib/core/labs/lab-actions';
import { mcpStatusText } from '../../src/lib/core/profiles/openharness/status-text';
import { World } from '../../src/lib/core/world/world';

const { lab, texts } = loadLab(new URL('./', import.meta.url));
/**
 * A status detail the narration quotes on its own: a server's wire message (`MCP error …`), or
 * the client's own words for a closed connection (Python prints no prefix before them).
 */
const isDetail = (span: string) => span.startsWith('MCP error ') || span === 'Connection closed';

describe('lab 01-connection-isolation: definition', () => {
	it('is a valid lab', () => {
		expect(lab.id).toBe('01-connection-isolation');
		expect(lab.order).toBe(1);
		expect(Object.keys(lab.scenario.mcp_servers)).toEqual([
			'filesystem',
			'internal-api',
			'realtime'
		]);
	});
});

describe('lab 01-connection-isolation: a learner can meet every check', () => {
	it('walks every step in order, each action meeting the next check only', async () => {
		const world = new World(lab.scenario);
		const seen = {
			outputs: new Set<string>(),
			details: new Set<string>(),
			status: new Set<string>()
		};
		const observe = (facts: WorldFacts) => {
			const snapshot = facts.snapshot;
			for (const c of snapshot.calls) seen.outputs.add(c.output);
			for (const s of snapshot.servers) seen.details.add(s.detail);
			const status = mcpStatusText(
				world.servers().map((s) => ({
					name: s.name,
					state: s.status,
					detail: s.detail,
					tools: s.connection.tools.map((t) => t.name),
					resources: s.connection.resources.map((r) => r.uri)
				}))
			);
			for (const line of status.split('\n')) seen.status.add(line.replace(/^- /, ''));
		};
		const walk = new LabWalk(lab, () => world, observe);
		const step = (id: string, actions: Parameters<LabWalk['step']>[1]) => walk.step(id, actions);
		const readNotes = () =>
			world.callTool('mcp__filesystem__read_file', { path: '/data/notes.txt' });
		const search = () =>
			world.callTool('mcp__internal-api__search_orders', { query: 'late delivery' });

		try {
			await step('meet-the-world', [
				[() => world.startSession(), 3],
				[readNotes, 4]
			]);
			await step('predict-the-kill', [[walk.guess('marked-failed'), 1]]);
			await step('kill-and-call', [
				[search, 0],
				[() => world.kill('filesystem'), 1],
				[search, 1],
				[readNotes, 2],
				[search, 3]
			]);
			await step('reconnect-all', [
				[readNotes, 0],
				[() => world.reconnectAll(), 2],
				[readNotes, 3]
			]);
			await step('stale-registry', [
				[readNotes, 1],
				[() => world.callTool('mcp__filesystem__list_directory', { path: '/data' }), 2]
			]);
			await step('restart-and-recover', [
				[() => world.restart('filesystem'), 1],
				[readNotes, 2],
				[() => world.reconnectAll(), 4],
				[readNotes, 5]
			]);
			await step('hang', [
				[() => world.hang('internal-api'), 1],
				[readNotes, 1],
				[search, 2],
				[readNotes, 3]
			]);
			expect(walk.state.step).toBe(lab.steps.length - 1);
		} finally {
			world.dispose();
		}

		// Exact strings quoted in the narration are ones the simulation really produced.
		for (const locale of locales) {
			const code = allCode(texts[locale]);
			for (const span of code.filter((s) => s.startsWith("MCP server '")))
				expect(seen.outputs, `${locale}: ${span}`).toContain(span);
			for (const span of code.filter(isDetail))
				expect(seen.details, `${locale}: ${span}`).toContain(span);
			for (const span of code.filter((s) => /^\w[\w-]*: (connected|failed)/.test(s)))
				expect(seen.status, `${locale}: ${span}`).toContain(span);
		}
	});
});

describe('lab 01-connection-isolation: the presenter cue list', () => {
	it('tells the lab story on the real world, and quotes only what it produced', async () => {
		const world = new World(lab.scenario);
		const cues = lab.cues ?? [];
		expect(cues.map((c) => c.id)).toEqual([
			'meet',
			'ask-the-room',
			'kill-filesystem',
			'call-dead-server',
			'call-other-server',
			'reconnect-all',
			'call-not-connected',
			'stale-registry',
			'restart-and-recover',
			'hang'
		]);
		const server = (name: string) => world.servers().find((s) => s.name === name)!;
		const after: Record<string, string[]> = {};
		const details = new Set<string>();
		try {
			await world.startSession();
			for (const cue of cues) {
				for (const action of cue.actions) {
					if (!isWorldLabAction(action)) throw new Error(`${cue.id}: ${action.do}`);
					await performLabAction(world, action);
				}
				after[cue.id] = world.calls.map((c) => c.output);
				for (const s of world.servers()) details.add(s.detail);
				if (cue.id === 'kill-filesystem') {
					expect(server('filesystem').process).toBe('killed');
					expect(server('filesystem').status).toBe('connected');
				}
				if (cue.id === 'reconnect-all')
					expect(server('filesystem').detail).toBe('Connection closed');
				if (cue.id === 'restart-and-recover') expect(server('filesystem').status).toBe('connected');
			}
			expect(after['call-dead-server'].at(-1)).toBe("MCP server 'filesystem' call failed: ");
			expect(after['call-not-connected'].at(-1)).toBe(
				"MCP server 'filesystem' is not connected: Connection closed"
			);
			expect(after.hang.at(-2)).toBe("MCP server 'internal-api' call failed: Request timed out");
		} finally {
			world.dispose();
		}
		const outputs = new Set(Object.values(after).flat());
		for (const locale of locales)
			for (const cue of Object.values(texts[locale].cues ?? {}))
				for (const span of codeSpans(cue.body)) {
					if (span.startsWith("MCP server '"))
						expect(outputs, `${locale}: ${span}`).toContain(span);
					if (isDetail(span)) expect(details, `${locale}: ${span}`).toContain(span);
				}
	});
});

describe('lab 01-connection-isolation: hints that follow one another', () => {
	it('following killed-internal-api’s advice does not bring up reconnected-too-soon (audit s15)', async () => {
		const { lab } = loadLab(new URL('./', import.meta.url));
		const { LabPlayer } = await import('../lab-player');
		const { stepComplete } = await import('../../src/lib/core/labs/progress');
		const player = await LabPlayer.open(lab);
		try {
			const step = lab.steps.findIndex((s) => s.id === 'kill-and-call');
			for (let i = 0; i < step; i++) {
				player.goTo(i);
				for (const action of lab.steps[i].solution) await player.act(action);
			}
			player.goTo(step);
			const act = (action: Parameters<typeof player.act>[0]) => player.act(action).catch(() => {});
			await act({ do: 'kill', server: 'filesystem' });
			await act({ do: 'kill', server: 'internal-api' });
			await act({ do: 'call', tool: 'mcp__filesystem__read_file', arguments: { path: '/a' } });
			await act({
				do: 'call',
				tool: 'mcp__internal-api__search_orders',
				arguments: { query: 'late delivery' }
			});
			expect(player.hints()).toEqual(['killed-internal-api']);
			// The hint's advice: Restart internal-api, Reconnect all, call search_orders again.
			await act({ do: 'restart', server: 'internal-api' });
			await act({ do: 'reconnectAll' });
			expect(player.hints()).not.toContain('reconnected-too-soon');
			await act({
				do: 'call',
				tool: 'mcp__internal-api__search_orders',
				arguments: { query: 'late delivery' }
			});
			expect(stepComplete(player.state)).toBe(true);
		} finally {
			player.dispose();
		}
	});
});
