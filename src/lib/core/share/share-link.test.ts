import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/parse';
import { replay } from '../world/replay';
import { worldSnapshot } from '../world/snapshot';
import { makeWorld, toolSourceScenario } from '../world/test-world';
import { decodeShare, encodeShare, REDACTED, redactActions, SHARE_FORMAT } from './share-link';

const secretScenario = {
	mcp_servers: {
		api: {
			type: 'http',
			url: 'https://api.example.com/mcp',
			headers: { Authorization: 'Bearer sk-live-123' }
		},
		fs: { type: 'stdio', command: 'x', env: { GITHUB_TOKEN: 'ghp_secret' } }
	},
	plugins: {
		p: { mcp_servers: { s: { type: 'stdio', command: 'y', env: { KEY: 'plugin-secret' } } } }
	}
};

describe('share links', () => {
	it('round-trips a world: the link replays to the same snapshot at the same step', async () => {
		const world = makeWorld(toolSourceScenario);
		await world.startSession();
		await world.kill('tickets');
		await world.callTool('mcp.files.read_file', { path: '/a' });
		const link = await encodeShare({
			lab: '05-fault-drills',
			labStep: 2,
			scenario: world.scenario,
			actions: [...world.actions],
			at: world.actions.length
		});
		expect(link.startsWith(`${SHARE_FORMAT}.`)).toBe(true);
		expect(link).toMatch(/^1\.[A-Za-z0-9_-]+$/);
		const decoded = await decodeShare(link);
		if (!decoded.ok) throw new Error(decoded.error);
		expect(decoded.shared).toMatchObject({ lab: '05-fault-drills', labStep: 2, at: 3 });
		const again = await replay(decoded.shared.scenario, decoded.shared.actions);
		expect(worldSnapshot(again, { lab: 'x', step: 0 })).toEqual(
			worldSnapshot(world, { lab: 'x', step: 0 })
		);
	});

	it('never carries header or env values, in settings or plugins', async () => {
		const parsed = parseScenario(secretScenario);
		if (!parsed.ok) throw new Error('invalid');
		const link = await encodeShare({
			lab: null,
			labStep: 0,
			scenario: parsed.scenario,
			actions: [],
			at: 0
		});
		const decoded = await decodeShare(link);
		if (!decoded.ok) throw new Error(decoded.error);
		const text = JSON.stringify(decoded.shared);
		for (const secret of ['sk-live-123', 'ghp_secret', 'plugin-secret'])
			expect(text).not.toContain(secret);
		expect(decoded.shared.scenario.mcp_servers.api).toMatchObject({
			headers: { Authorization: REDACTED }
		});
		expect(decoded.shared.scenario.plugins!.p.mcp_servers.s).toMatchObject({
			env: { KEY: REDACTED }
		});
	});

	it('never carries a live server’s Authorization header; the entry stays live', async () => {
		const parsed = parseScenario({
			mcp_servers: {
				mine: {
					type: 'http',
					url: 'http://localhost:3000/mcp',
					live: true,
					headers: { Authorization: 'Bearer live-token-42', 'X-Api-Key': 'k-99' }
				}
			}
		});
		if (!parsed.ok) throw new Error('invalid');
		const link = await encodeShare({
			lab: null,
			labStep: 0,
			scenario: parsed.scenario,
			actions: [],
			at: 0
		});
		const decoded = await decodeShare(link);
		if (!decoded.ok) throw new Error(decoded.error);
		const text = JSON.stringify(decoded.shared);
		for (const secret of ['live-token-42', 'k-99']) expect(text).not.toContain(secret);
		expect(decoded.shared.scenario.mcp_servers.mine).toEqual({
			type: 'http',
			url: 'http://localhost:3000/mcp',
			live: true,
			headers: { Authorization: REDACTED, 'X-Api-Key': REDACTED }
		});
	});

	it('answers every bad link with a sentence, never a throw', async () => {
		expect(await decodeShare('hello')).toMatchObject({
			ok: false,
			error: 'This is not an MCP Lab share link.',
			why: { key: 'not_share_link' }
		});
		expect(await decodeShare('2.abc')).toMatchObject({
			ok: false,
			error:
				'This link was made by a newer version of MCP Lab (format 2); this version reads format 1.'
		});
		expect(await decodeShare('0.abc')).toMatchObject({
			ok: false,
			error: expect.stringContaining('format 0')
		});
		expect(await decodeShare('1.AAAA')).toMatchObject({
			ok: false,
			error: 'The link is damaged (it could not be unpacked); copy it again.'
		});
		const pack = async (value: unknown) => {
			const stream = new Blob([JSON.stringify(value)])
				.stream()
				.pipeThrough(new CompressionStream('deflate-raw'));
			const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
			return `1.${btoa(String.fromCharCode(...bytes))
				.replace(/\+/g, '-')
				.replace(/\//g, '_')
				.replace(/=+$/, '')}`;
		};
		expect(
			await decodeShare(
				await pack({ v: 1, lab: null, labStep: 0, scenario: {}, actions: [{ seq: 1 }], at: 0 })
			)
		).toMatchObject({
			ok: false,
			error:
				'The link is damaged at actions[0].t: Invalid input: expected number, received undefined'
		});
		expect(
			await decodeShare(
				await pack({ v: 1, lab: null, labStep: 0, scenario: {}, actions: [], at: 3 })
			)
		).toMatchObject({ ok: false, error: 'The link points at step 3 of a log of 0.' });
		// A stranger's link naming a server with 200,000 characters, and a key of as many under it:
		// the refusal (said in the live region, shown in the page) cuts the path and zod's quote.
		const long = 'x'.repeat(200_000);
		const server = { type: 'stdio', command: 'x', sim: { [long]: 1 } };
		const scenario_ = { mcp_servers: { [long]: server } };
		const damaged = await decodeShare(
			await pack({ v: 1, lab: null, labStep: 0, scenario: scenario_, actions: [], at: 0 })
		);
		expect(damaged.ok || damaged.error).toBe(
			`The link is damaged at scenario.mcp_servers.${'x'.repeat(179)}…: Unrecognized key: "${'x'.repeat(481)}…`
		);
		// Numbered as no world numbers its log (as a log file is checked): refused at the place.
		const scenario = { profile: 'openharness', mcp_servers: {} };
		const entry = (seq: number, during: number | null) => ({
			seq,
			t: 0,
			during,
			action: { do: 'startSession' }
		});
		const linked = (actions: unknown[]) =>
			pack({ v: 1, lab: null, labStep: 0, scenario, actions, at: actions.length });
		expect(await decodeShare(await linked([entry(1, null), entry(5, null)]))).toMatchObject({
			ok: false,
			error: 'The link is damaged at actions[1].seq: expected 2, found 5.'
		});
		expect(await decodeShare(await linked([entry(1, null), entry(2, 2)]))).toMatchObject({
			ok: false,
			error:
				'The link is damaged at actions[1].during: an interrupt can only land in an earlier action (found 2).'
		});
		expect(await decodeShare(await linked([entry(1, null), entry(2, 1)]))).toMatchObject({
			ok: false,
			error:
				'The link is damaged at actions[1].during: only an interrupt (cancelCall, restartHarness) lands during another action, not startSession.'
		});
		await fc.assert(
			fc.asyncProperty(fc.string(), async (junk) => {
				const result = await decodeShare(`1.${junk}`);
				expect(typeof result.ok).toBe('boolean');
			}),
			{ numRuns: 200 }
		);
	});

	it('refuses a link that expands past 5 MB without expanding it all', async () => {
		const bomb = new Uint8Array(6_000_000).fill(32);
		const stream = new Blob([bomb]).stream().pipeThrough(new CompressionStream('deflate-raw'));
		const packed = new Uint8Array(await new Response(stream).arrayBuffer());
		let binary = '';
		for (const b of packed) binary += String.fromCharCode(b);
		const link = `1.${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
		expect(link.length).toBeLessThan(20_000);
		expect(await decodeShare(link)).toMatchObject({
			ok: false,
			error: 'This link holds more than MCP Lab opens (over 5 MB).'
		});
	});

	it('never carries what was typed into secret-named fields: tool arguments, elicitation answers', async () => {
		const actions = [
			{
				seq: 1,
				t: 0,
				during: null,
				action: {
					do: 'callTools' as const,
					calls: [
						{
							name: 'mcp__a__login',
							arguments: { user: 'ada', api_key: 'sk-123', auth: { password: 'pw-1' } }
						}
					]
				}
			},
			{
				seq: 2,
				t: 0,
				during: null,
				action: {
					do: 'answerElicitation' as const,
					request: 'h1',
					action: 'accept' as const,
					content: { email: 'ada@example.com', password: 'hunter2' }
				}
			}
		];
		expect(redactActions(actions).map((a) => a.action)).toEqual([
			{
				do: 'callTools',
				calls: [
					{
						name: 'mcp__a__login',
						arguments: { user: 'ada', api_key: REDACTED, auth: { password: REDACTED } }
					}
				]
			},
			{
				do: 'answerElicitation',
				request: 'h1',
				action: 'accept',
				content: { email: 'ada@example.com', password: REDACTED }
			}
		]);
		const parsed = parseScenario({});
		if (!parsed.ok) throw new Error('invalid');
		const link = await encodeShare({
			lab: null,
			labStep: 0,
			scenario: parsed.scenario,
			actions,
			at: 2
		});
		const decoded = await decodeShare(link);
		expect(JSON.stringify(decoded)).not.toMatch(/sk-123|hunter2|pw-1/);
	});

	it('never carries secret-named claims of a profile command or a contextual identity, at any depth', async () => {
		const profile = {
			seq: 1,
			t: 0,
			during: null,
			action: {
				do: 'profile' as const,
				command: 'startRun',
				args: { identity: 'ada', context: { metadata: { tenant: 'acme', session_token: 't-9' } } }
			}
		};
		expect(redactActions([profile])[0].action).toEqual({
			do: 'profile',
			command: 'startRun',
			args: { identity: 'ada', context: { metadata: { tenant: 'acme', session_token: REDACTED } } }
		});
		const parsed = parseScenario({
			profile: 'contextual',
			mcp_servers: {},
			contextual: { identities: { ada: { user_id: 'u-1', api_key: 'sk-ada' } } }
		});
		if (!parsed.ok) throw new Error('invalid');
		const link = await encodeShare({
			lab: null,
			labStep: 0,
			scenario: parsed.scenario,
			actions: [profile],
			at: 1
		});
		const decoded = JSON.stringify(await decodeShare(link));
		expect(decoded).not.toMatch(/sk-ada|t-9/);
		expect(decoded).toContain('u-1');
	});
});
