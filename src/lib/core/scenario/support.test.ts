import { describe, expect, it } from 'vitest';
import { parseScenario } from './parse';
import { unsupported } from './support';

const scenario = (input: unknown) => {
	const parsed = parseScenario(input);
	if (!parsed.ok) throw new Error('invalid');
	return parsed.scenario;
};

describe('unsupported scenarios', () => {
	it('accepts OpenHarness and ToolSource worlds of simulated servers', () => {
		for (const profile of ['openharness', 'toolsource'])
			expect(
				unsupported(scenario({ profile, mcp_servers: { a: { type: 'http', url: 'https://x' } } }))
			).toEqual([]);
	});

	it('refuses other profiles and live servers, by path', () => {
		expect(
			unsupported(
				scenario({
					profile: 'miniharness',
					mcp_servers: { 'my.api': { type: 'http', url: 'https://x', live: true } }
				})
			)
		).toEqual([
			{
				path: 'profile',
				message:
					'The miniharness profile is not available in this version yet (only openharness and toolsource).'
			},
			{
				path: 'mcp_servers["my.api"].live',
				message:
					'Live servers are not available in this version yet: remove "live" to simulate this server.'
			}
		]);
	});
});
