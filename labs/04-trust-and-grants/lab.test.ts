import { describe, expect, it } from 'vitest';
import {
	expectCodeSpansReal,
	LabWalk,
	loadLab,
	locales,
	words,
	labMessages
} from '../test-support';
import { World } from '../../src/lib/core/world/world';
import { asTrustView } from '../../src/lib/core/profiles/trust/view';
import { generatedPressure } from '../../src/lib/core/profiles/trust/pressure';

const { lab, texts, sources } = loadLab(new URL('./', import.meta.url));
const messages = labMessages;

const GH = 'mcp__github__list_issues';
const SEARCH = { tool_names: [GH] };
const EXECUTE = { toolName: GH, params: { repo: 'acme/shop' } };

describe('lab 04-trust-and-grants: definition', () => {
	it('runs the trust profile on s17-like connectors, none trusted, and shows its panel', () => {
		expect(lab.scenario.profile).toBe('trust');
		expect(Object.keys(lab.scenario.mcp_servers)).toEqual(['github', 'feishu', 'notion']);
		expect(lab.panels).toContain('pipeline');
	});
});

describe.each(locales)('lab 04-trust-and-grants: %s narration', (locale) => {
	it('names the UI by its own labels', () => {
		for (const key of [
			'trust_panel_title',
			'trust_connectors_heading',
			'trust_trust_button',
			'trust_connect_button',
			'trust_network_label',
			'trust_revoke_button',
			'trust_health_button',
			'trust_loaded_heading',
			'trust_model_heading',
			'trust_pressure_heading',
			'servers_kill',
			'call_button'
		])
			expect(sources[locale], key).toContain(messages[locale][key]);
	});

	it('quotes the 40 × 10 figures the panel computes', () => {
		const p = generatedPressure();
		for (const n of [p.schemaChars, p.schemaTokens, p.deferredChars, p.deferredTokens])
			// As the panel shows them: grouped in the reader's locale (180,801).
			expect(sources[locale]).toContain(new Intl.NumberFormat(locale).format(n));
	});
});

describe('lab 04-trust-and-grants: a learner can meet every check', () => {
	it('walks every step, and every code span of the narration is real', async () => {
		const world = new World(lab.scenario);
		const produced = new Set<string>();
		const argumentsUsed = new Set<string>();
		const outputs: string[] = [];
		world.subscribe(() => {
			for (const c of world.calls) {
				outputs.push(c.output);
				// ToolSearch answers with JSON: its errors and schemas are texts the model reads.
				if (c.name === 'ToolSearch' && c.endedAt !== null) words(JSON.parse(c.output), produced);
			}
			const view = world.profileView;
			if (view) words(view, produced);
			for (const e of world.events) words(e, produced);
			for (const e of world.wire.entries)
				if (e.kind === 'message' && 'method' in e.message) produced.add(e.message.method);
		});
		const call = (tool: string, args: Record<string, unknown>) => () => {
			argumentsUsed.add(JSON.stringify(args));
			return world.callTool(tool, args);
		};
		const profile =
			(command: string, args: Record<string, unknown> = {}) =>
			() =>
				world.profileCommand(command, args);
		const walk = new LabWalk(lab, () => world);
		await world.startSession();
		walk.observe();

		await walk.step('untrusted', [
			[walk.guess('none'), 1],
			[profile('connect', { connector: 'notion' }), 2]
		]);
		expect(world.wire.entries.filter((e) => e.server === 'notion')).toEqual([]);
		await walk.step('trust', [[profile('trust', { connector: 'github' }), 2]]);
		await walk.step('nothing-granted', [
			[walk.guess('denied'), 1],
			[call('ToolSearch', SEARCH), 2],
			[profile('network', { on: true }), 2],
			[call('ToolSearch', SEARCH), 3]
		]);
		await walk.step('grant', [
			[profile('grantTool', { tool: GH, allowed: true }), 1],
			[call('DeferExecuteTool', EXECUTE), 2],
			[call('ToolSearch', SEARCH), 3],
			[call('DeferExecuteTool', EXECUTE), 4]
		]);
		await walk.step('toctou', [
			[walk.guess('denied'), 1],
			[profile('revoke'), 2],
			[call('DeferExecuteTool', EXECUTE), 3]
		]);
		await walk.step('health', [
			[walk.guess('connected'), 1],
			[profile('trust', { connector: 'notion' }), 1],
			[() => world.kill('github'), 2],
			[profile('healthCheck'), 4]
		]);
		await walk.step('pressure', [
			[walk.guess('sixth'), 1],
			[profile('trust', { connector: 'feishu' }), 2]
		]);
		expect(asTrustView(world.profileView)!.pressure.generated).toEqual(generatedPressure());

		const lines = outputs.flatMap((o) => [o, ...o.split('\n')]);
		for (const line of asTrustView(world.profileView)!.deferredBlock.split('\n')) lines.push(line);
		expectCodeSpansReal(texts, {
			argumentsUsed,
			produced,
			// Names the narration explains: the harness's own, its name prefix, its block's format.
			vocabulary: new Set([
				's17_mcp_connectors',
				'mcp__',
				'- name: description',
				'list_issues',
				'create_pull_request',
				'send_message',
				'search_pages',
				'trusted',
				'connecting'
			]),
			startsOutput: (span) => lines.some((l) => l.startsWith(span))
		});
		world.dispose();
	});
});
