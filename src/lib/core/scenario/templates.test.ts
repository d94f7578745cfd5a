import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeWorld } from '../world/test-world';
import { parseScenario } from './parse';
import { unsupported } from './problems';
import { templateById, templateIds, templates, templateText } from './templates';

const lab01 = JSON.parse(
	readFileSync(
		new URL('../../../../labs/01-connection-isolation/lab.json', import.meta.url),
		'utf8'
	)
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
		// Seven raw tools, five names: two pairs collide once adapted, and the later one wins.
		// OpenHarness's two built-ins come first and collide with nothing.
		expect(world.registry.map((e) => [e.name, e.server, e.tool])).toEqual([
			['list_mcp_resources', '', 'list_mcp_resources'],
			['read_mcp_resource', '', 'read_mcp_resource'],
			['mcp__mcp_1password__mcp_2fa-code', '1password', '2fa-code'],
			['mcp__my_api__search', 'my_api', 'search'],
			['mcp__my_api__get_item', 'my.api', 'get item'],
			['mcp__weather_station____forecast_today', 'weather station ☀', 'forecast today'],
			['mcp__mcp_____mcp___', '数据', '查询']
		]);
		expect(world.registryHistory.at(-1)?.diff.shadowed.map((s) => [s.name, s.tool])).toEqual([
			['mcp__my_api__get_item', 'get.item'],
			['mcp__my_api__search', 'search']
		]);
		world.dispose();
	});

	it('empty: no servers', () => {
		const parsed = parseScenario(templateById('empty')!.scenario);
		expect(parsed.ok && Object.keys(parsed.scenario.mcp_servers)).toEqual([]);
	});
});
