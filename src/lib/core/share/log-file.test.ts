import { describe, expect, it } from 'vitest';
import { makeWorld } from '../world/test-world';
import { logFileJson, parseLogFile, wireTraceJson } from './log-file';

async function logged() {
	const world = makeWorld({
		mcp_servers: {
			fs: { type: 'stdio', command: 'x', env: { TOKEN: 'ghp_secret' } }
		}
	});
	await world.startSession();
	await world.kill('fs');
	return world;
}

describe('log files', () => {
	it('round-trips the scenario and every action, with env and header values redacted', async () => {
		const world = await logged();
		const text = logFileJson(world.scenario, world.actions);
		expect(text).not.toContain('ghp_secret');
		const parsed = await parseLogFile(text);
		if (!parsed.ok) throw new Error(parsed.error);
		expect(parsed.actions).toEqual(world.actions);
		expect(parsed.scenario.mcp_servers.fs).toMatchObject({ env: { TOKEN: '<redacted>' } });
	});

	it('names the path of what is wrong', async () => {
		const world = await logged();
		const data = JSON.parse(logFileJson(world.scenario, world.actions));
		const bad = (change: (d: typeof data) => void) => {
			const copy = structuredClone(data);
			change(copy);
			return parseLogFile(JSON.stringify(copy));
		};
		expect(await bad((d) => (d.actions[1].action.server = 7))).toMatchObject({
			ok: false,
			error:
				'The file is not an MCP Lab log at actions[1].action.server: Invalid input: expected string, received number'
		});
		expect(await bad((d) => (d.actions[1].seq = 5))).toMatchObject({
			ok: false,
			error: 'The file is not an MCP Lab log at actions[1].seq: expected 2, found 5.'
		});
		expect(await bad((d) => (d.actions[1].during = 2))).toMatchObject({
			ok: false,
			error: expect.stringContaining('at actions[1].during: ')
		});
		// The kill is no interrupt: the world logs a landing only for cancelCall and restartHarness,
		// so replayed it would be logged without one (a log no run of this world makes).
		expect(await bad((d) => (d.actions[1].during = 1))).toMatchObject({
			ok: false,
			error:
				'The file is not an MCP Lab log at actions[1].during: only an interrupt (cancelCall, restartHarness) lands during another action, not kill.'
		});
		// A hand-edited log's typo is named with the word meant: a misspelt key is reported as
		// itself, not as the required key it left missing ("expected string, received undefined").
		expect(await bad((d) => (d.actions[1].action = { do: 'kill', sever: 'fs' }))).toMatchObject({
			ok: false,
			error:
				'The file is not an MCP Lab log at actions[1].action: Unrecognized key: "sever" (did you mean "server"?)'
		});
		expect(await bad((d) => (d.actions[1].action.do = 'kil'))).toMatchObject({
			ok: false,
			error: expect.stringMatching(
				/^The file is not an MCP Lab log at actions\[1\]\.action\.do: Invalid discriminator value\. .* \(did you mean "kill"\?\)$/
			)
		});
		expect(
			await bad((d) => (d.actions[1].action = { do: 'setPermissionMode', mode: 'fullauto' }))
		).toMatchObject({
			ok: false,
			error:
				'The file is not an MCP Lab log at actions[1].action.mode: Invalid option: expected one of "default"|"plan"|"full_auto" (did you mean "full_auto"?)'
		});
		expect(await bad((d) => (d.scenario.mcp_servers.fs.sim = { tool: [] }))).toMatchObject({
			ok: false,
			error:
				'The file is not an MCP Lab log at scenario.mcp_servers.fs.sim: Unrecognized key: "tool" (did you mean "tools"?)'
		});
		// A key like no other is only refused; a required key missing is only missing.
		expect(
			await bad((d) => (d.actions[1].action = { do: 'kill', server: 'fs', zzz: 1 }))
		).toMatchObject({
			ok: false,
			error: 'The file is not an MCP Lab log at actions[1].action: Unrecognized key: "zzz"'
		});
		expect(await bad((d) => (d.actions[1].action = { do: 'kill', target: 'fs' }))).toMatchObject({
			ok: false,
			error:
				'The file is not an MCP Lab log at actions[1].action.server: Invalid input: expected string, received undefined'
		});
		expect(await bad((d) => delete d.scenario)).toMatchObject({
			ok: false,
			error: expect.stringMatching(/^The file is not an MCP Lab log at scenario: /)
		});
		expect(await parseLogFile('[]')).toMatchObject({
			ok: false,
			error: expect.stringMatching(/^The file is not an MCP Lab log at its top level: /)
		});
		expect(await parseLogFile('nope')).toMatchObject({
			ok: false,
			error: expect.stringMatching(/^The file is not JSON \(/)
		});
	});

	it('carries where a text that is not JSON broke, for the page to say it in its language', async () => {
		const engine = (text: string) => {
			try {
				JSON.parse(text);
			} catch (error) {
				return (error as Error).message;
			}
			throw new Error(`${text} parsed`);
		};
		const text = '{\n  a: 1}';
		expect(await parseLogFile(text)).toEqual({
			ok: false,
			error: `The file is not JSON (${engine(text)}).`,
			why: { key: 'log_not_json', params: { detail: engine(text), line: '2', column: '3' } }
		});
		// The engine names no place: only its sentence goes.
		expect(await parseLogFile('{"a":')).toEqual({
			ok: false,
			error: 'The file is not JSON (Unexpected end of JSON input).',
			why: { key: 'log_not_json', params: { detail: 'Unexpected end of JSON input' } }
		});
	});

	it('writes the wire trace as the wire keeps it', async () => {
		const world = await logged();
		const trace = JSON.parse(wireTraceJson(world.wire.entries, world.wire.dropped));
		expect(trace.dropped).toBe(0);
		expect(trace.entries).toEqual(JSON.parse(JSON.stringify(world.wire.entries)));
	});
});
