import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/parse';
import type { ScenarioInput } from '../scenario/schema';
import { hasLiveServers, liveServers, withLiveUrl, withoutLiveServer } from './live-servers';
import { mergeServers } from '../scenario/plugins';

const parsed = (input: ScenarioInput) => {
	const result = parseScenario(input);
	if (!result.ok) throw new Error(JSON.stringify(result.problems));
	return result.scenario;
};

describe('live servers in a scenario', () => {
	it('a live http entry needs no sim block', () => {
		const scenario = parsed({
			mcp_servers: {
				mine: { type: 'http', url: 'http://localhost:3000/mcp', live: true },
				sim: { type: 'http', url: 'https://x.example/mcp' }
			}
		});
		expect(hasLiveServers(scenario)).toBe(true);
		expect([...liveServers(mergeServers(scenario).servers)]).toEqual([
			['mine', { url: 'http://localhost:3000/mcp', headers: {} }]
		]);
	});

	it('counts enabled plugins’ servers, not disabled ones, and not live: false', () => {
		const plugin = (enabled: boolean): ScenarioInput => ({
			mcp_servers: { a: { type: 'http', url: 'https://a.example', live: false } },
			plugins: {
				p: {
					enabled,
					mcp_servers: { b: { type: 'http', url: 'http://localhost:1/mcp', live: true } }
				}
			}
		});
		expect(hasLiveServers(parsed(plugin(true)))).toBe(true);
		expect(hasLiveServers(parsed(plugin(false)))).toBe(false);
	});
});

const withLive = parsed({
	mcp_servers: {
		sim: { type: 'http', url: 'https://x.example/mcp' },
		mine: { type: 'http', url: 'http://localhost:3000/mcp', live: true }
	},
	plugins: {
		team: {
			enabled: true,
			mcp_servers: {
				api: { type: 'http', url: 'http://localhost:3001/mcp', live: true },
				docs: { type: 'http', url: 'https://docs.example/mcp' }
			}
		}
	}
});

describe('withoutLiveServer', () => {
	const scenario = withLive;
	const names = (s: typeof scenario) => mergeServers(s).servers.map((m) => m.name);

	it('takes out a settings or a plugin live server and nothing else', () => {
		expect(names(withoutLiveServer(scenario, 'mine'))).toEqual(['sim', 'team:api', 'team:docs']);
		expect(names(withoutLiveServer(scenario, 'team:api'))).toEqual(['sim', 'mine', 'team:docs']);
		expect(names(scenario)).toEqual(['sim', 'mine', 'team:api', 'team:docs']);
	});

	it('refuses a simulated or unknown server', () => {
		expect(() => withoutLiveServer(scenario, 'sim')).toThrow(
			"This world has no live server named 'sim'."
		);
		expect(() => withoutLiveServer(scenario, 'team:docs')).toThrow(/no live server/);
		expect(() => withoutLiveServer(scenario, 'nope')).toThrow(/no live server/);
	});
});

describe('withLiveUrl', () => {
	const urls = (s: typeof withLive) => mergeServers(s).servers.map((m) => [m.name, m.config]);

	it('moves a settings or a plugin live server to another URL, in its place, headers kept', () => {
		const withHeaders = parsed({
			mcp_servers: {
				mine: {
					type: 'http',
					url: 'http://127.0.0.1:8787/notes/mcp',
					live: true,
					headers: { 'X-Team': 'blue' }
				},
				sim: { type: 'http', url: 'https://x.example/mcp' }
			}
		});
		const moved = withLiveUrl(withHeaders, 'mine', ' http://127.0.0.1:8788/notes/mcp ');
		expect(urls(moved)).toEqual([
			[
				'mine',
				{
					type: 'http',
					url: 'http://127.0.0.1:8788/notes/mcp',
					live: true,
					headers: { 'X-Team': 'blue' }
				}
			],
			['sim', withHeaders.mcp_servers.sim]
		]);
		expect(withHeaders.mcp_servers.mine).toMatchObject({ url: 'http://127.0.0.1:8787/notes/mcp' });

		const plugin = withLiveUrl(withLive, 'team:api', 'http://localhost:3002/mcp');
		expect(urls(plugin).map(([name, config]) => [name, (config as { url: string }).url])).toEqual([
			['sim', 'https://x.example/mcp'],
			['mine', 'http://localhost:3000/mcp'],
			['team:api', 'http://localhost:3002/mcp'],
			['team:docs', 'https://docs.example/mcp']
		]);
	});

	it('refuses a simulated or unknown server', () => {
		expect(() => withLiveUrl(withLive, 'sim', 'http://x/mcp')).toThrow(
			"This world has no live server named 'sim'."
		);
		expect(() => withLiveUrl(withLive, 'nope', 'http://x/mcp')).toThrow(/no live server/);
	});
});
