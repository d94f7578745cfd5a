import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeWorld } from '../world/test-world';
import { parseScenario } from './parse';
import { unsupported } from './support';
import { templateById, templateIds, templates, templateText } from './templates';

const lab01 = JSON.parse(
	readFileSync(new URL('../../../../labs/01-connection-isolation/lab.json', import.meta.url), 'utf8')
) as { scenario: unknown };

describe('scenario templates', () => {
	it('has one template per id, in order', () => {
		expect(templates.map((t) => t.id)).toEqual([...templateIds]);
		for (const id of templateIds) expect(templateById(id)?.id).toBe(id);
		expect(templateById('nope')).toBeUndefined();
	});

	for (const template of templates) {
		it(`${template.id} passes parseScenario and runs in this build`, () => {
			const parsed = parseScenario(JSON.parse(templateText(template)));
			expect(parsed.ok, JSON.stringify(!parsed.ok && parsed.problems)).toBe(true);
			if (parsed.ok) expect(unsupported(parsed.scenario)).toEqual([]);
		});
	}

	it('starts from lab 01’s own world', () => {
		expect(templateById('lab-01')?.scenario).toEqual(lab01.scenario);
	});

	it('lab-01: the ws server validates, then fails to connect', async () => {
		const world = makeWorld(templateById('lab-01')!.scenario);
		await world.startSession();
		expect(world.servers().map((s) => [s.name, s.status, s.detail])).toEqual([
			['filesystem', 'connected', ''],
			['internal-api', 'connected', ''],
			['realtime', 'failed', 'Unsupported MCP transport in current build: ws']
		]);
		world.dispose();
	});

	it('plugins: enabled plugins’ servers join as <plugin>:<name>, with sanitised tool names', async () => {
		const world = makeWorld(templateById('plugins')!.scenario);
		await world.startSession();
		expect(world.serverNames).toEqual(['filesystem', 'github:search', 'github:issues']);
		const names = world.registry.map((e) => e.name);
		expect(names).toContain('mcp__github_search__search_code');
		expect(names).toContain('mcp__github_issues__list_open');
		expect(names.some((n) => n.includes('jira'))).toBe(false);
		world.dispose();
	});

	it('naming-stress: adapted names collide and get prefixes', async () => {
		const world = makeWorld(templateById('naming-stress')!.scenario);
		await world.startSession();
		expect(world.servers().every((s) => s.status === 'connected')).toBe(true);
		const names = world.registry.map((e) => e.name);
		expect(names).toContain('mcp__my_api__search');
		expect(names).toContain('mcp__my_api__get_item');
		expect(names).toContain('mcp__mcp_1password__mcp_2fa-code');
		expect(names).toContain('mcp__weather_station___forecast_today');
		// Five servers' raw tools, but colliding adapted names leave fewer registry entries.
		expect(new Set(names).size).toBe(names.length);
		expect(names.length).toBeLessThan(7);
		world.dispose();
	});

	it('empty: no servers', () => {
		const parsed = parseScenario(templateById('empty')!.scenario);
		expect(parsed.ok && Object.keys(parsed.scenario.mcp_servers)).toEqual([]);
	});
});
