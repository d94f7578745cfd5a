import { describe, expect, it } from 'vitest';
import { parseScenario } from './parse';
import { unsupported } from './problems';
import { profileIds } from './schema';

const scenario = (input: unknown) => {
	const parsed = parseScenario(input);
	if (!parsed.ok) throw new Error('invalid');
	return parsed.scenario;
};

describe('unsupported scenarios', () => {
	it('accepts every profile of the contract, with simulated servers', () => {
		for (const profile of profileIds)
			expect(
				unsupported(scenario({ profile, mcp_servers: { a: { type: 'http', url: 'https://x' } } }))
			).toEqual([]);
	});

	it('refuses other profiles by path, and accepts live servers (in settings and plugins)', () => {
		expect(
			unsupported(
				scenario({
					profile: 'miniharness',
					mcp_servers: { 'my.api': { type: 'http', url: 'https://x', live: true } }
				}),
				['openharness', 'toolsource']
			)
		).toEqual([
			{
				path: 'profile',
				message:
					'The miniharness profile is not available in this version yet (only openharness, toolsource).'
			}
		]);
		expect(
			unsupported(
				scenario({
					mcp_servers: { live: { type: 'http', url: 'http://127.0.0.1:8787/x/mcp', live: true } },
					plugins: {
						tools: { mcp_servers: { api: { type: 'http', url: 'https://y/mcp', live: true } } }
					}
				})
			)
		).toEqual([]);
	});
});
