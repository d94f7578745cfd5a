import type { ScenarioInput } from '../../scenario/schema';

/** Three connectors after s17's catalogue, for the trust profile's tests. */
export const trustScenario: ScenarioInput = {
	profile: 'trust',
	mcp_servers: {
		github: {
			type: 'stdio',
			command: 'npx',
			args: ['-y', '@modelcontextprotocol/server-github'],
			sim: {
				latencyMs: 20,
				tools: [
					{
						name: 'list_issues',
						description: 'List issues on a GitHub repository.',
						inputSchema: {
							type: 'object',
							properties: { repo: { type: 'string' } },
							required: ['repo']
						},
						result: { content: [{ type: 'text', text: '2 open issues: #12, #15' }] }
					},
					{
						name: 'create_pull_request',
						description: 'Create a pull request on a GitHub repository.',
						result: { content: [{ type: 'text', text: 'PR #7 opened' }] }
					}
				]
			}
		},
		notion: {
			type: 'stdio',
			command: 'npx',
			args: ['-y', '@workbuddy/mcp-notion'],
			sim: {
				latencyMs: 20,
				tools: [
					{
						name: 'search_pages',
						description: 'Search Notion pages by query.',
						result: { content: [{ type: 'text', text: '1 page found' }] }
					}
				]
			}
		}
	}
};
