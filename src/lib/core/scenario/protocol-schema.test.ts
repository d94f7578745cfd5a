import { describe, expect, it } from 'vitest';
import { fullHost, hostScenario } from '../world/host-test-world';
import { parseScenario } from './parse';

const problemsOf = (sim: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
	const result = parseScenario({ mcp_servers: { s: { command: 'x', sim } }, ...extra });
	return result.ok ? [] : result.problems;
};

describe('scenario: the protocol side of a sim block', () => {
	it('accepts resources, templates, prompts, capabilities, versions, steps and a host block', () => {
		const result = parseScenario(hostScenario(fullHost));
		expect(result.ok).toBe(true);
		if (!result.ok) return;
		expect(result.scenario.host).toEqual(fullHost);
		const sim = result.scenario.mcp_servers.assistant.sim!;
		// Defaults: a sampling step's maxTokens; a prompt's messages.
		expect(sim.tools![0].steps).toEqual([
			{ do: 'sample', prompt: 'Summarise the open tickets.', maxTokens: 100 }
		]);
		expect(problemsOf({ tools: [{ name: 't', steps: [{ do: 'sample', prompt: 'p' }] }] })).toEqual(
			[]
		);
	});

	it('names the path of a resource with both text and blob, or a blob that is not base64', () => {
		expect(problemsOf({ resources: [{ uri: 'a', name: 'a', text: 'x', blob: 'AAAA' }] })).toEqual([
			{
				path: 'mcp_servers.s.sim.resources[0].blob',
				message: 'A resource has either text or blob (base64), not both.'
			}
		]);
		expect(problemsOf({ resources: [{ uri: 'a', name: 'a', blob: 'not base64!' }] })).toEqual([
			{
				path: 'mcp_servers.s.sim.resources[0].blob',
				message: 'A blob is base64 (RFC 4648, padded), e.g. "iVBORw0KGgo=".'
			}
		]);
	});

	it('names a bad template and a template content with both bodies', () => {
		const problems = problemsOf({
			resourceTemplates: [
				{ uriTemplate: 'x://{a', name: 't' },
				{ uriTemplate: 'x://{a}', name: 'u', contents: [{ uri: 'x://1', text: '', blob: '' }] }
			]
		});
		expect(problems.map((p) => p.path)).toEqual([
			'mcp_servers.s.sim.resourceTemplates[0].uriTemplate',
			'mcp_servers.s.sim.resourceTemplates[1].contents[0].blob'
		]);
		expect(problems[0].message).toMatch(/^Not a URI template: /);
	});

	it('names bad steps: unknown kind, missing schema, bad level, bad URL', () => {
		const problems = problemsOf({
			tools: [
				{
					name: 't',
					steps: [
						{ do: 'dance' },
						{ do: 'elicit', message: 'm' },
						{ do: 'log', level: 'loud' },
						{ do: 'elicitUrl', message: 'm', url: 'not a url' }
					]
				}
			]
		});
		expect(problems.map((p) => p.path)).toEqual([
			'mcp_servers.s.sim.tools[0].steps[0].do',
			'mcp_servers.s.sim.tools[0].steps[1].requestedSchema',
			'mcp_servers.s.sim.tools[0].steps[2].level',
			'mcp_servers.s.sim.tools[0].steps[3].url'
		]);
	});

	it('names prompt, capability and version problems', () => {
		const problems = problemsOf({
			prompts: [{ name: 'p', arguments: [{ name: '' }], messages: [{ role: 'system', text: '' }] }],
			capabilities: { logging: 'yes' },
			protocolVersions: []
		});
		expect(problems.map((p) => p.path)).toEqual([
			'mcp_servers.s.sim.prompts[0].arguments[0].name',
			'mcp_servers.s.sim.prompts[0].messages[0].role',
			'mcp_servers.s.sim.capabilities.logging',
			'mcp_servers.s.sim.protocolVersions'
		]);
	});

	it('names a host root that is not a file:// URI', () => {
		expect(problemsOf({}, { host: { roots: ['file:///ok', 'https://no'] } })).toEqual([
			{ path: 'host.roots[1]', message: 'A root is a file:// URI, not "https://no".' }
		]);
	});
});
