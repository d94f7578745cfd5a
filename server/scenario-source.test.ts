import { describe, expect, it } from 'vitest';
import { loadScenario } from './scenario-source';

const fromText = (text: string) => loadScenario({ scenario: 'my.json' }, async () => text);

describe('the scenario the lab server serves', () => {
	it("builds a lab's servers from its lab.json as the world does", async () => {
		const result = await loadScenario({ lab: '01-connection-isolation' });
		if (!result.ok) throw new Error(result.error);
		expect(result.loaded.label).toBe('lab 01-connection-isolation');
		expect(result.loaded.servers.map((s) => s.name)).toEqual([
			'filesystem',
			'internal-api',
			'realtime'
		]);
		// No sim block: the built-in behaviour of the well-known filesystem package.
		expect(result.loaded.servers[0].sim.serverInfo?.name).toBe('secure-filesystem-server');
	});

	it('names a lab that does not exist', async () => {
		expect(await loadScenario({ lab: '99-nothing' })).toEqual({
			ok: false,
			error: 'Lab "99-nothing" was not found: no file labs/99-nothing/lab.json.'
		});
	});

	it('reports every scenario problem with its JSON path', async () => {
		const result = await fromText(
			JSON.stringify({ mcp_servers: { a: { type: 'sse', url: 'x' }, b: { command: 3 } } })
		);
		expect(result).toEqual({
			ok: false,
			error: [
				'Invalid scenario in my.json:',
				"  at mcp_servers.a.type: Invalid discriminator value. Expected 'stdio' | 'http' | 'ws'",
				'  at mcp_servers.b.command: Invalid input: expected string, received number'
			].join('\n')
		});
	});

	it("gives a lab's problems their path inside lab.json", async () => {
		const lab = JSON.stringify({ id: '07-x', scenario: { mcp_servers: { x: { type: 'http' } } } });
		expect(await loadScenario({ lab: '07-x' }, async () => lab)).toEqual({
			ok: false,
			error: [
				'Invalid scenario in labs/07-x/lab.json:',
				'  at scenario.mcp_servers.x.url: Invalid input: expected string, received undefined'
			].join('\n')
		});
	});

	it('refuses a file that is not JSON, or has nothing to serve', async () => {
		expect(await fromText('{ nope')).toMatchObject({
			ok: false,
			error: expect.stringMatching(/^my\.json is not valid JSON: /)
		});
		expect(await fromText('{}')).toEqual({ ok: false, error: 'my.json has no servers to serve.' });
	});

	it("serves plugins' servers under <plugin>:<name> and lists live servers as not served", async () => {
		const result = await fromText(
			JSON.stringify({
				mcp_servers: { real: { type: 'http', url: 'http://127.0.0.1:9/mcp', live: true } },
				plugins: { kit: { mcp_servers: { tools: { command: 'x' } } } }
			})
		);
		expect(result).toMatchObject({
			ok: true,
			loaded: { servers: [{ name: 'kit:tools', sim: {} }], skipped: ['real'] }
		});
	});
});
