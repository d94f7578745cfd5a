import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/parse';
import { hasLiveServers } from './live-servers';
import {
	addToScenario,
	checkLiveEntry,
	freeName,
	LiveEntryError,
	withLiveServer
} from './live-entry';

const url = 'http://127.0.0.1:8787/filesystem/mcp';

describe('checkLiveEntry', () => {
	it('accepts a named http(s) server with plain headers', () => {
		expect(checkLiveEntry({ name: 'live', url }, ['filesystem'])).toEqual([]);
		expect(
			checkLiveEntry(
				{ name: ' api ', url: 'https://x.example/mcp', headers: { 'X-Api-Key': 'k' } },
				[]
			)
		).toEqual([]);
	});

	it('names each problem a learner can fix, in the order of the form', () => {
		expect(checkLiveEntry({ name: ' ', url: 'not a url' }, [])).toEqual([
			'name-empty',
			'url-invalid'
		]);
		expect(checkLiveEntry({ name: 'filesystem', url: 'ftp://x/mcp' }, ['filesystem'])).toEqual([
			'name-taken',
			'url-scheme'
		]);
		expect(checkLiveEntry({ name: 'x'.repeat(101), url }, [])).toEqual(['name-long']);
		// The browser would refuse it, quoting the password in its error (and so in the log).
		expect(checkLiveEntry({ name: 'a', url: 'http://alice:pw@127.0.0.1:8787/mcp' }, [])).toEqual([
			'url-credentials'
		]);
		expect(checkLiveEntry({ name: 'a', url: 'https://alice@example.test/mcp' }, [])).toEqual([
			'url-credentials'
		]);
		expect(
			checkLiveEntry({ name: 'a', url, headers: { 'X Key': 'v', 'X-Other': 'a\r\nb' } }, [])
		).toEqual(['header-name', 'header-value']);
	});

	it('sends a credential to the token field instead of the scenario', () => {
		expect(
			checkLiveEntry({ name: 'a', url, headers: { authorization: 'Bearer abc' } }, [])
		).toEqual(['header-authorization']);
	});
});

describe('withLiveServer', () => {
	it('adds the server as live http after the others, keeping the rest of the world, as the parser reads it', () => {
		const parsed = parseScenario({
			mcp_servers: { filesystem: { command: 'npx' } },
			permissions: { mode: 'plan' }
		});
		if (!parsed.ok) throw new Error('invalid');
		const next = withLiveServer(parsed.scenario, {
			name: ' live ',
			url: ` ${url} `,
			headers: { 'X-Team': 'blue' }
		});
		expect(Object.keys(next.mcp_servers)).toEqual(['filesystem', 'live']);
		expect(next.mcp_servers.live).toEqual({
			type: 'http',
			url,
			headers: { 'X-Team': 'blue' },
			live: true
		});
		expect(next.permissions?.mode).toBe('plan');
		const reparsed = parseScenario(JSON.parse(JSON.stringify(next)));
		expect(reparsed.ok && reparsed.scenario).toEqual(next);
		expect(hasLiveServers(next)).toBe(true);
		expect(hasLiveServers(parsed.scenario)).toBe(false);
	});
});

describe('addToScenario', () => {
	it('refuses an entry with its problems, the first one as the message', () => {
		const parsed = parseScenario({ mcp_servers: {} });
		if (!parsed.ok) throw new Error('invalid');
		let thrown: unknown;
		try {
			addToScenario(parsed.scenario, ['fs'], { name: 'fs', url: 'nope' });
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toBeInstanceOf(LiveEntryError);
		expect((thrown as LiveEntryError).problems).toEqual(['name-taken', 'url-invalid']);
		expect((thrown as Error).message).toBe(
			'This world already has a server with that name: choose another.'
		);
		expect(addToScenario(parsed.scenario, ['fs'], { name: 'live', url }).mcp_servers.live).toEqual({
			type: 'http',
			url,
			headers: {},
			live: true
		});
	});
});

describe('freeName', () => {
	it('suggests live, then the first free live-n', () => {
		expect(freeName([])).toBe('live');
		expect(freeName(['live', 'live-2'])).toBe('live-3');
	});
});
