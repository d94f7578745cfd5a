import { describe, expect, it } from 'vitest';
import { inertPiece, mcpStatusText } from './status-text';

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

	it('lists no tools or resources for a pending server, as reconnect_all leaves it', () => {
		const status = (state: string) => ({
			name: 'filesystem',
			state,
			detail: '',
			tools: ['read_file'],
			resources: ['file:///data']
		});
		expect(mcpStatusText([status('pending')])).toBe('MCP servers:\n- filesystem: pending');
		expect(mcpStatusText([status('connected')])).toBe(
			'MCP servers:\n- filesystem: connected\n  tools: read_file\n  resources: file:///data'
		);
	});

	it('says so when nothing is configured', () => {
		expect(mcpStatusText([])).toBe('No MCP servers configured.');
	});
});

describe('/mcp status text as the page shows it (inertPiece)', () => {
	const RLO = '\u202e';
	const line = (name: string, tools: string[] = [], detail = '') => ({
		name,
		state: 'connected',
		detail,
		tools,
		resources: []
	});

	it('isolates a piece holding a bidi override, so it cannot reverse the pieces after it', () => {
		const text = mcpStatusText(
			[line('docs', [`report${RLO}fdp.exe`, 'search'], `bad ${RLO}liated`)],
			inertPiece
		);
		expect(text.split('\n')[1]).toBe(`- docs: connected - \u2068bad ${RLO}liated\u2069`);
		expect(text.split('\n')[2]).toBe(`  tools: \u2068report${RLO}fdp.exe\u2069, search`);
	});

	it("a name's line break is shown, and prints no line of its own", () => {
		const text = mcpStatusText(
			[line('evil', ['x\n- other-server: connected', 'y\r\nz\u2028w'])],
			inertPiece
		);
		expect(text.split('\n')).toEqual([
			'MCP servers:',
			'- evil: connected',
			'  tools: x⏎- other-server: connected, y⏎z⏎w'
		]);
	});

	it('leaves plain names, and a detail on several lines, exactly as printed', () => {
		const statuses = [line('fs', ['read_file']), line('web', [], 'first line\nsecond line')];
		expect(mcpStatusText(statuses, inertPiece)).toBe(mcpStatusText(statuses));
	});
});
