import { worldFacts } from '../../src/lib/core/labs/facts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { labSchema, type Lab } from '../../src/lib/core/labs/lab-schema';
import { parseLabText, type Block, type LabText } from '../../src/lib/core/labs/lab-text';
import {
	advance,
	goTo,
	initialProgress,
	predict,
	stepComplete,
	type LabProgressState
} from '../../src/lib/core/labs/progress';
import { mcpStatusText } from '../../src/lib/core/profiles/openharness/status-text';
import { World } from '../../src/lib/core/world/world';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

const lab: Lab = labSchema.parse(JSON.parse(read('./lab.json')));
const locales = ['en', 'zh-CN'] as const;
const texts: Record<(typeof locales)[number], LabText> = {
	en: parseLabText(read('./en.md')),
	'zh-CN': parseLabText(read('./zh-CN.md'))
};

/** Every `code` span of a block list. */
function codeSpans(blocks: Block[]): string[] {
	return blocks.flatMap((b) =>
		(b.kind === 'p' ? [b.inline] : b.items).flatMap((inline) =>
			inline.filter((i) => i.kind === 'code').map((i) => i.text)
		)
	);
}

function allCode(text: LabText): string[] {
	const inline = (s: string) => [...s.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
	return Object.values(text.steps).flatMap((step) => [
		...codeSpans(step.body),
		...codeSpans(step.predict?.question ?? []),
		...codeSpans(step.reveal?.body ?? []),
		...Object.values(step.checks).flatMap(inline),
		...Object.values(step.predict?.options ?? {}).flatMap(inline)
	]);
}

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

	it('has unique step ids and unique check ids', () => {
		const steps = lab.steps.map((s) => s.id);
		expect(new Set(steps).size).toBe(steps.length);
		const checks = lab.steps.flatMap((s) => s.checks.map((c) => c.id));
		expect(new Set(checks).size).toBe(checks.length);
	});

	it('answers each prediction with one of its options', () => {
		for (const step of lab.steps)
			if (step.predict) expect(step.predict.options).toContain(step.predict.answer);
	});
});

describe.each(locales)('lab 01-connection-isolation: %s narration', (locale) => {
	const text = texts[locale];

	it('has a title and a summary', () => {
		expect(text.title).not.toBe('');
		expect(text.summary).not.toBe('');
	});

	it('has the steps of lab.json, in the same order, each with a body', () => {
		expect(Object.keys(text.steps)).toEqual(lab.steps.map((s) => s.id));
		for (const step of lab.steps) {
			expect(text.steps[step.id].title, step.id).not.toBe('');
			expect(text.steps[step.id].body.length, step.id).toBeGreaterThan(0);
		}
	});

	it('labels exactly the checks of each step', () => {
		for (const step of lab.steps) {
			const labels = text.steps[step.id].checks;
			expect(Object.keys(labels).sort(), step.id).toEqual(step.checks.map((c) => c.id).sort());
			for (const label of Object.values(labels)) expect(label.trim()).not.toBe('');
		}
	});

	it('has a question, the options and a reveal exactly where lab.json predicts', () => {
		for (const step of lab.steps) {
			const t = text.steps[step.id];
			if (!step.predict) {
				expect(t.predict, step.id).toBeUndefined();
				expect(t.reveal, step.id).toBeUndefined();
				continue;
			}
			expect(t.predict?.question.length, step.id).toBeGreaterThan(0);
			expect(Object.keys(t.predict?.options ?? {}).sort()).toEqual(
				[...step.predict.options].sort()
			);
			expect(t.reveal?.body.length, step.id).toBeGreaterThan(0);
		}
	});
});

describe('lab 01-connection-isolation: a learner can meet every check', () => {
	it('walks every step in order, each action meeting the next check only', async () => {
		const world = new World(lab.scenario);
		let state: LabProgressState = initialProgress(lab);
		const seen = {
			outputs: new Set<string>(),
			details: new Set<string>(),
			status: new Set<string>()
		};
		const observe = () => {
			const facts = worldFacts(world, lab.id, state.step);
			const snapshot = facts.snapshot;
			state = advance(lab, state, facts);
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
		const met = () => state.steps[state.step].met.filter(Boolean).length;
		const step = async (id: string, actions: Array<[() => Promise<unknown> | void, number]>) => {
			expect(lab.steps[state.step].id).toBe(id);
			for (const [act, expected] of actions) {
				await act();
				observe();
				expect(met(), `${id}: checks met`).toBe(expected);
			}
			expect(stepComplete(state), id).toBe(true);
			state = goTo(state, state.step + 1, world.events.at(-1)?.seq ?? 0);
		};
		const readNotes = () =>
			world.callTool('mcp__filesystem__read_file', { path: '/data/notes.txt' });
		const search = () =>
			world.callTool('mcp__internal-api__search_orders', { query: 'late delivery' });

		try {
			await step('meet-the-world', [
				[() => world.startSession(), 3],
				[readNotes, 4]
			]);
			await step('predict-the-kill', [
				[
					() => {
						state = predict(state, 'marked-failed');
					},
					1
				]
			]);
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
			expect(state.step).toBe(lab.steps.length - 1);
		} finally {
			world.dispose();
		}

		// Exact strings quoted in the narration are ones the simulation really produced.
		for (const locale of locales) {
			const code = allCode(texts[locale]);
			for (const span of code.filter((s) => s.startsWith("MCP server '")))
				expect(seen.outputs, `${locale}: ${span}`).toContain(span);
			for (const span of code.filter((s) => s.startsWith('MCP error ')))
				expect(seen.details, `${locale}: ${span}`).toContain(span);
			for (const span of code.filter((s) => /^\w[\w-]*: (connected|failed)/.test(s)))
				expect(seen.status, `${locale}: ${span}`).toContain(span);
		}
	});
});
