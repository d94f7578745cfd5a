import { describe, expect, it } from 'vitest';
import { parseScenario } from './parse';
import { describeProblems, unsupported } from './problems';
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

describe('describeProblems', () => {
	it('gives the first problem at its path, both bounded: a world may name a server with megabytes', () => {
		const long = 'x'.repeat(200_000);
		const parsed = parseScenario({ mcp_servers: { [long]: { type: 'stdio', command: 1 } } });
		expect(parsed.ok).toBe(false);
		if (parsed.ok) return;
		// The path itself stays whole (the editor goes to it); the sentence cuts it.
		expect(parsed.problems[0].path).toHaveLength(200_020);
		expect(describeProblems(parsed.problems)).toBe(
			`Invalid scenario at mcp_servers.${'x'.repeat(188)}…: Invalid input: expected string, received number`
		);
		expect(describeProblems([{ path: '', message: 'y'.repeat(600) }])).toBe(
			`Invalid scenario at (root): ${'y'.repeat(500)}…`
		);
	});
});
