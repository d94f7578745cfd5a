import type { ScenarioInput } from '../scenario/schema';

/**
 * A ToolSource world with every drill of lab 05 in reach, for tests (unit and e2e). Plain data
 * with no runtime imports, so Playwright tests can load it too.
 */
const longLog = Array.from(
	{ length: 60 },
	(_, i) => `line ${String(i + 1).padStart(2, '0')}: GET /api/orders 200 OK in 12 ms`
).join('\n');

export const toolSourceScenario: ScenarioInput = {
	profile: 'toolsource',
	mcp_servers: {
		files: {
			type: 'stdio',
			command: 'files-mcp',
			sim: {
				tools: [
					{
						name: 'read_file',
						inputSchema: {
							type: 'object',
							properties: { path: { type: 'string' } },
							required: ['path']
						},
						result: { content: [{ type: 'text', text: 'hello' }] }
					},
					{
						name: 'write_file',
						inputSchema: {
							type: 'object',
							properties: { path: { type: 'string' }, text: { type: 'string' } },
							required: ['path', 'text']
						},
						result: { content: [{ type: 'text', text: 'wrote 5 bytes' }] }
					},
					{ name: 'delete_file', annotations: { destructiveHint: true } },
					{ name: 'export_log', result: { content: [{ type: 'text', text: longLog }] } },
					{
						name: 'screenshot',
						result: {
							content: [
								{ type: 'text', text: 'screen 1' },
								{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }
							]
						}
					},
					{
						name: 'linked',
						inputSchema: { type: 'object', properties: { x: { $ref: '#/$defs/x' } } }
					}
				]
			}
		},
		tickets: {
			type: 'http',
			url: 'https://tickets.example.com/mcp',
			sim: {
				latencyMs: 200,
				tools: [
					{
						name: 'create_ticket',
						// The server calls it read-only; ToolSource does not take its word for it.
						annotations: { readOnlyHint: true },
						inputSchema: {
							type: 'object',
							properties: { title: { type: 'string' } },
							required: ['title']
						},
						result: { content: [{ type: 'text', text: 'Ticket T-1042 created' }] }
					},
					{ name: 'transfer_funds', crash: true },
					{
						name: 'close_ticket',
						result: { content: [{ type: 'text', text: 'No such ticket' }], isError: true }
					},
					{ name: 'merge_tickets', error: { code: -32602, message: 'tickets must differ' } }
				]
			}
		}
	},
	toolsource: {
		allow: {
			'mcp.files.read_file': 'read',
			'mcp.files.write_file': 'write',
			'mcp.files.export_log': 'read',
			'mcp.files.screenshot': 'read',
			'mcp.files.linked': 'read',
			'mcp.tickets.create_ticket': 'write',
			'mcp.tickets.transfer_funds': 'network',
			'mcp.tickets.close_ticket': 'write',
			'mcp.tickets.merge_tickets': 'write'
		},
		timeoutMs: 5000,
		summaryChars: 500
	}
};
