import { formatPath, type ScenarioProblem } from './parse';
import type { Scenario } from './schema';

const RUNNABLE: readonly string[] = ['openharness', 'toolsource'];

/**
 * Valid scenarios this build cannot run faithfully yet. Running them anyway would show one
 * harness while claiming another, so they are refused with the path of what is missing.
 */
export function unsupported(scenario: Scenario): ScenarioProblem[] {
	const problems: ScenarioProblem[] = [];
	if (!RUNNABLE.includes(scenario.profile))
		problems.push({
			path: 'profile',
			message: `The ${scenario.profile} profile is not available in this version yet (only ${RUNNABLE.join(' and ')}).`
		});
	const blocks: Array<[PropertyKey[], Scenario['mcp_servers']]> = [
		[['mcp_servers'], scenario.mcp_servers],
		...Object.entries(scenario.plugins ?? {}).map(
			([plugin, block]): [PropertyKey[], Scenario['mcp_servers']] => [
				['plugins', plugin, 'mcp_servers'],
				block.mcp_servers
			]
		)
	];
	for (const [at, servers] of blocks)
		for (const [name, config] of Object.entries(servers))
			if (config.type === 'http' && config.live === true)
				problems.push({
					path: formatPath([...at, name, 'live']),
					message:
						'Live servers are not available in this version yet: remove "live" to simulate this server.'
				});
	return problems;
}
