import type { ScenarioInput } from './schema';
import { lab01, objectSchema, text, templateIds, type TemplateId } from './seed-template';

export { templateIds, type TemplateId };

/**
 * Starting worlds for the scenario editor. Pure data: titles live in the UI's messages
 * (`template_<id with underscores>`), so the core stays free of i18n. Fetched when the editor
 * loads one: the sandbox starts with the first alone (seed-template.ts).
 */

export interface ScenarioTemplate {
	id: TemplateId;
	scenario: ScenarioInput;
}

/**
 * OpenHarness plugins: each enabled plugin's servers join under `<plugin>:<name>`, so the
 * colon (and the adapted names' `_` in its place) shows; a disabled plugin adds nothing.
 */
const plugins: ScenarioInput = {
	profile: 'openharness',
	mcp_servers: {
		filesystem: {
			type: 'stdio',
			command: 'npx',
			args: ['-y', '@modelcontextprotocol/server-filesystem', '/data']
		}
	},
	plugins: {
		github: {
			enabled: true,
			mcp_servers: {
				search: {
					type: 'stdio',
					command: 'github-mcp',
					args: ['search'],
					sim: {
						tools: [
							{
								name: 'search_code',
								description: 'Search code across repositories.',
								inputSchema: objectSchema({ q: { type: 'string' } }, ['q']),
								result: text('2 matches in octo/app')
							}
						]
					}
				},
				issues: {
					type: 'http',
					url: 'https://github-mcp.example.com/mcp',
					sim: {
						tools: [
							{
								name: 'list.open',
								description: 'List open issues.',
								inputSchema: objectSchema({ repo: { type: 'string' } }),
								result: text('#12 Crash on start')
							}
						]
					}
				}
			}
		},
		jira: {
			enabled: false,
			mcp_servers: {
				tickets: { type: 'stdio', command: 'jira-mcp' }
			}
		}
	},
	permissions: { mode: 'full_auto' }
};

const tool = (name: string, description: string) => ({
	name,
	description,
	inputSchema: objectSchema({}),
	result: text(`${name} ran`)
});

/**
 * Names a harness has to adapt: dots, spaces, Unicode, leading digits, and raw names that
 * collide once every character outside [A-Za-z0-9_-] becomes `_`.
 */
const namingStress: ScenarioInput = {
	profile: 'openharness',
	mcp_servers: {
		'my.api': {
			type: 'http',
			url: 'https://api.example.com/mcp',
			sim: {
				tools: [
					tool('search', 'Search (collides with my_api’s search once adapted).'),
					tool('get.item', 'Fetch one item by id.'),
					tool('get item', 'The same adapted name as get.item.')
				]
			}
		},
		my_api: {
			type: 'stdio',
			command: 'node',
			args: ['my-api.js'],
			sim: { tools: [tool('search', 'Another search, another server, one adapted name.')] }
		},
		'1password': {
			type: 'stdio',
			command: 'op-mcp',
			sim: { tools: [tool('2fa-code', 'A leading digit gets a prefix.')] }
		},
		'weather station ☀': {
			type: 'http',
			url: 'https://weather.example.com/mcp',
			sim: { tools: [tool('forecast today', 'Spaces and a symbol.')] }
		},
		数据: {
			type: 'stdio',
			command: 'data-mcp',
			sim: { tools: [tool('查询', 'Chinese names become underscores.')] }
		}
	},
	permissions: { mode: 'full_auto' }
};

const empty: ScenarioInput = { profile: 'openharness', mcp_servers: {} };

export const templates: readonly ScenarioTemplate[] = [
	{ id: 'lab-01', scenario: lab01 },
	{ id: 'plugins', scenario: plugins },
	{ id: 'naming-stress', scenario: namingStress },
	{ id: 'empty', scenario: empty }
];

export function templateById(id: string): ScenarioTemplate | undefined {
	return templates.find((t) => t.id === id);
}

/** The editor's text for a template: 2-space JSON, as the editor's form writes it. */
export function templateText(template: ScenarioTemplate): string {
	return JSON.stringify(template.scenario, null, 2);
}
