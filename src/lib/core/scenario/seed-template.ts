import { parseScenario } from './parse';
import type { Scenario, ScenarioInput } from './schema';

/**
 * The sandbox's starting world (lab 01's, which the editor's first template brings back) and
 * the templates' ids: what the sandbox needs at start. The other templates are data the editor
 * fetches when one is loaded (templates.ts), not with the page.
 */

export const templateIds = ['lab-01', 'plugins', 'naming-stress', 'empty'] as const;
export type TemplateId = (typeof templateIds)[number];

export const objectSchema = (properties: Record<string, unknown>, required: string[] = []) => ({
	type: 'object',
	properties,
	...(required.length ? { required } : {})
});

export const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

/** Lab 01's world as its lab.json has it (a test keeps the two the same). */
export const lab01: ScenarioInput = {
	profile: 'openharness',
	mcp_servers: {
		filesystem: {
			type: 'stdio',
			command: 'npx',
			args: ['-y', '@modelcontextprotocol/server-filesystem', '/data']
		},
		'internal-api': {
			type: 'http',
			url: 'https://mcp.internal.example.com/mcp',
			sim: {
				latencyMs: 40,
				tools: [
					{
						name: 'search_orders',
						description: 'Search customer orders by a free-text query.',
						inputSchema: objectSchema(
							{ query: { type: 'string', description: 'Words to search for' } },
							['query']
						),
						result: text('3 orders match "late delivery"')
					},
					{
						name: 'create_ticket',
						description: 'Open a support ticket.',
						inputSchema: objectSchema(
							{ title: { type: 'string' }, priority: { type: 'string', enum: ['low', 'high'] } },
							['title']
						),
						result: text('Ticket T-1042 created')
					}
				]
			}
		},
		realtime: { type: 'ws', url: 'wss://realtime.example.com/mcp' }
	},
	permissions: { mode: 'full_auto' }
};

/** Lab 01's world, validated (the templates are tested to be valid). */
export function seedScenario(): Scenario {
	const parsed = parseScenario(lab01);
	if (!parsed.ok) throw new Error(`the seed world is invalid: ${parsed.problems[0]?.message}`);
	return parsed.scenario;
}
