import { formatPath, type ScenarioProblem } from './parse';
import type { Scenario } from './schema';

/**
 * Valid scenarios this build cannot run faithfully yet. Running them anyway would show one
 * harness while claiming another, so they are refused with the path of what is missing.
 */
export function unsupported(scenario: Scenario): ScenarioProblem[] {
	const problems: ScenarioProblem[] = [];
	if (scenario.profile !== 'openharness')
		problems.push({
			path: 'profile',
			message: `The ${scenario.profile} profile is not available in this version yet (only openharness).`
		});
	for (const [name, config] of Object.entries(scenario.mcp_servers))
		if (config.type === 'http' && config.live === true)
			problems.push({
				path: formatPath(['mcp_servers', name, 'live']),
				message:
					'Live servers are not available in this version yet: remove "live" to simulate this server.'
			});
	return problems;
}
