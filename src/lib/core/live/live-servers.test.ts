import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/parse';
import type { ScenarioInput } from '../scenario/schema';
import { hasLiveServers, liveServers } from './live-servers';
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
