import { describe, expect, it } from 'vitest';
import { mcpStatusText } from './status-text';

describe('/mcp status text', () => {
	it('prints servers sorted by name with detail, tools and resources', () => {
		expect(
			mcpStatusText([
				{
					name: 'realtime',
					state: 'failed',
					detail: 'Unsupported MCP transport in current build: ws',
					tools: [],
					resources: []
				},
				{
					name: 'filesystem',
					state: 'connected',
					detail: '',
					tools: ['read_file', 'write_file'],
					resources: ['file:///data/a']
				}
			])
		).toBe(
			[
				'MCP servers:',
				'- filesystem: connected',
				'  tools: read_file, write_file',
				'  resources: file:///data/a',
				'- realtime: failed - Unsupported MCP transport in current build: ws'
			].join('\n')
		);
	});

	it('says so when nothing is configured', () => {
		expect(mcpStatusText([])).toBe('No MCP servers configured.');
	});
});
