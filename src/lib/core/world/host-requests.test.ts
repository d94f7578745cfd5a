import { describe, expect, it } from 'vitest';
import { fullHost, hostScenario, messages, wireFor } from './host-test-world';
import { makeWorld } from './test-world';

/** `null`: no host block at all (OpenHarness's own client, declaring nothing). */
async function started(host: Parameters<typeof hostScenario>[0] | null = fullHost) {
	const world = makeWorld(hostScenario(host ?? undefined));
	await world.startSession();
	return world;
}

const call = (name: string) => `mcp__assistant__${name}`;

/** The request ids the server cancelled (notifications/cancelled sent to the host). */
const serverCancels = (world: Awaited<ReturnType<typeof started>>) =>
	messages(world.wire.entries)
		.filter(
			(e) =>
				e.dir === 'to-host' &&
				'method' in e.message &&
				e.message.method === 'notifications/cancelled'
		)
		.map((e) => (e.message as unknown as { params: { requestId: unknown } }).params.requestId);

describe('the host declares what its scenario enables', () => {
	it('declares nothing without a host block (OpenHarness), everything with a full one', async () => {
		const bare = await started(null);
		expect(wireFor(bare.wire.entries, 'initialize').request?.message).toMatchObject({
			params: { capabilities: {} }
		});
		const full = await started();
		expect(wireFor(full.wire.entries, 'initialize').request?.message).toMatchObject({
			params: {
				capabilities: {
					sampling: {},
					elicitation: { form: {}, url: {} },
					roots: { listChanged: true }
				}
			}
		});
	});
});

describe('sampling', () => {
	it('waits for a person without moving the clock, then the server continues with the reply', async () => {
		const world = await started();
		const waiting = await world.callTool(call('summarise'));
		expect(waiting.state).toBe('executing');
		// Nothing moves while the person thinks: no 30 s timeout fires.
		expect(world.clock.now).toBe(80);
		expect(world.hostRequests).toMatchObject([
			{
				id: 'h1',
				server: 'assistant',
				kind: 'sampling',
				state: 'pending',
				ask: {
					messages: [{ role: 'user', text: 'Summarise the open tickets.' }],
					maxTokens: 100
				}
			}
		]);
		expect(world.events.at(-1)).toMatchObject({ kind: 'hostRequest', id: 'h1', state: 'pending' });

		await world.answerSampling('h1', { action: 'approve' });
		const done = world.calls.at(-1)!;
		expect(done).toMatchObject({ state: 'completed', isError: false });
		expect(done.output).toBe('summarise called with {}\nsampling: Three tickets are open.');
		const { request, answer } = wireFor(world.wire.entries, 'sampling/createMessage');
		expect(request?.dir).toBe('to-host');
		expect(answer).toMatchObject({
			dir: 'to-server',
			message: {
				result: {
					role: 'assistant',
					content: { type: 'text', text: 'Three tickets are open.' },
					model: 'mcp-lab-scripted-model'
				}
			}
		});
		expect(world.hostRequests[0]).toMatchObject({
			state: 'approved',
			reply: 'Three tickets are open.'
		});
	});

	it('sends an edited reply instead of the scripted one', async () => {
		const world = await started();
		await world.callTool(call('summarise'));
		await world.answerSampling('h1', { action: 'approve', text: 'Edited by a person.' });
		expect(world.calls.at(-1)!.output).toContain('sampling: Edited by a person.');
	});

	it('rejected: the server gets a JSON-RPC error and the tool reports it', async () => {
		const world = await started();
		await world.callTool(call('summarise'));
		await world.answerSampling('h1', { action: 'reject' });
		expect(wireFor(world.wire.entries, 'sampling/createMessage').answer?.message).toMatchObject({
			error: { code: -1, message: 'User rejected sampling request' }
		});
		// OpenHarness ignores a result's isError flag: the model reads the failure as text.
		expect(world.calls.at(-1)).toMatchObject({
			isError: false,
			output:
				'summarise: sampling/createMessage failed: MCP error -1: User rejected sampling request'
		});
		expect(world.hostRequests[0].state).toBe('rejected');
	});

	it('not negotiated: the request crosses the wire and the client answers Method not found', async () => {
		const world = await started(null);
		const done = await world.callTool(call('summarise'));
		expect(world.hostRequests).toEqual([]);
		expect(wireFor(world.wire.entries, 'sampling/createMessage').answer?.message).toMatchObject({
			error: { code: -32601, message: 'Method not found' }
		});
		expect(done).toMatchObject({
			state: 'completed',
			output: 'summarise: sampling/createMessage failed: MCP error -32601: Method not found'
		});
	});

	it('refuses an answer to a request that is not pending', async () => {
		const world = await started();
		await expect(world.answerSampling('h9', { action: 'approve' })).rejects.toThrow(
			'Host request h9 is not a sampling request waiting for an answer.'
		);
	});

	it('withdrawn when the process dies: the call fails and the request is closed', async () => {
		const world = await started();
		await world.callTool(call('summarise'));
		await world.kill('assistant');
		expect(world.hostRequests[0].state).toBe('withdrawn');
		expect(world.calls.at(-1)).toMatchObject({ state: 'completed', isError: true });
	});

	it('another command that moves the clock lets the waiting call time out; the server withdraws', async () => {
		const world = await started();
		// The server's first request to this host has id 0 (see the next test); use id 1.
		await world.callTool(call('where_am_i'));
		await world.callTool(call('summarise'));
		await world.delay('assistant', 30_000);
		await world.readResource('assistant', 'file:///notes.txt');
		expect(world.calls.at(-1)).toMatchObject({ state: 'completed' });
		expect(world.calls.at(-1)!.output).toContain('Request timed out');
		// The timeout cancels tools/call; the server then cancels its own question, which the host
		// hears once that notification has crossed the (slow) wire.
		await world.delay('assistant', 0);
		await world.readResource('assistant', 'file:///notes.txt');
		expect(world.hostRequests[1]).toMatchObject({ kind: 'sampling', state: 'withdrawn' });
		expect(serverCancels(world)).toEqual([1]);
	});

	it('SDK 1.32 ignores notifications/cancelled for request id 0: that request stays pending', async () => {
		const world = await started();
		await world.callTool(call('summarise'));
		await world.delay('assistant', 30_000);
		await world.readResource('assistant', 'file:///notes.txt');
		await world.delay('assistant', 0);
		await world.readResource('assistant', 'file:///notes.txt');
		expect(serverCancels(world)).toEqual([0]);
		// The client's `if (!requestId) return` treats id 0 as missing, so its handler runs on.
		expect(world.hostRequests[0].state).toBe('pending');
		await world.answerSampling('h1', { action: 'approve' });
		expect(wireFor(world.wire.entries, 'sampling/createMessage').answer?.dir).toBe('to-server');
	});
});

describe('elicitation', () => {
	it('accept with content that fits the requested schema', async () => {
		const world = await started();
		await world.callTool(call('book_trip'));
		expect(world.hostRequests[0]).toMatchObject({
			kind: 'elicitation',
			ask: { mode: 'form', message: 'Where to?', requestedSchema: { required: ['city'] } }
		});
		await world.answerElicitation('h1', { action: 'accept', content: { city: 'Oslo', nights: 2 } });
		expect(world.calls.at(-1)!.output).toBe(
			'book_trip called with {}\nelicitation: accept {"city":"Oslo","nights":2}'
		);
		expect(wireFor(world.wire.entries, 'elicitation/create').answer?.message).toMatchObject({
			result: { action: 'accept', content: { city: 'Oslo', nights: 2 } }
		});
	});

	it('refuses content that does not fit: a sentence, and the request stays pending', async () => {
		const world = await started();
		await world.callTool(call('book_trip'));
		await expect(
			world.answerElicitation('h1', { action: 'accept', content: { nights: 0 } })
		).rejects.toThrow(/^The answer does not fit the requested form: /);
		expect(world.hostRequests[0]).toMatchObject({ state: 'pending' });
		// Each field's own problem in plain words, not every keyword above it saying "does not
		// match schema" in the validator's words.
		expect(world.hostRequests[0].problem).toBe(
			'The answer does not fit the requested form: city is required. nights must be at least 1.'
		);
		expect(world.hostRequests[0].problemWhy).toMatchObject({
			key: 'answer_misfit',
			params: { rule1: 'required', field1: 'city', rule2: 'minimum', field2: 'nights', limit2: '1' }
		});
		await expect(
			world.answerElicitation('h1', { action: 'accept', content: { city: { nested: true } } })
		).rejects.toThrow(
			'An answer holds only strings, numbers, booleans or lists of strings, one per field.'
		);
		expect(world.calls.at(-1)!.state).toBe('executing');
		await world.answerElicitation('h1', { action: 'accept', content: { city: 'Rome' } });
		expect(world.hostRequests[0]).toMatchObject({ state: 'accepted', problem: '' });
	});

	it('decline and cancel go back as actions, not errors', async () => {
		const world = await started();
		await world.callTool(call('book_trip'));
		await world.answerElicitation('h1', { action: 'decline' });
		expect(world.calls.at(-1)).toMatchObject({
			isError: false,
			output: 'book_trip called with {}\nelicitation: decline'
		});
		await world.callTool(call('book_trip'));
		await world.answerElicitation('h2', { action: 'cancel' });
		expect(world.calls.at(-1)!.output).toBe('book_trip called with {}\nelicitation: cancel');
		expect(world.hostRequests.map((r) => r.state)).toEqual(['declined', 'cancelled']);
	});

	it('URL mode: the person consents (accept) without content', async () => {
		const world = await started();
		await world.callTool(call('connect_account'));
		expect(world.hostRequests[0]).toMatchObject({
			ask: {
				mode: 'url',
				url: 'https://tickets.example.com/oauth',
				elicitationId: 'connect_account-1',
				requestedSchema: null
			}
		});
		await world.answerElicitation('h1', { action: 'accept' });
		expect(world.calls.at(-1)!.output).toBe('connect_account called with {}\nelicitation: accept');
	});

	it('not negotiated: the SDK server refuses before sending anything', async () => {
		const world = await started(null);
		const done = await world.callTool(call('book_trip'));
		expect(wireFor(world.wire.entries, 'elicitation/create').request).toBeUndefined();
		expect(done.output).toBe(
			'book_trip: elicitation/create failed: Client does not support form elicitation.'
		);
	});

	it('form only: URL mode is refused by the SDK server', async () => {
		const world = await started({ elicitation: { form: true } });
		const done = await world.callTool(call('connect_account'));
		expect(done.output).toBe(
			'connect_account: elicitation/create failed: Client does not support url elicitation.'
		);
	});
});

describe('roots', () => {
	it('answers roots/list from the host list at once, and records it', async () => {
		const world = await started();
		const done = await world.callTool(call('where_am_i'));
		expect(done.output).toBe('where_am_i called with {}\nroots: file:///workspace');
		expect(world.hostRequests).toMatchObject([
			{ kind: 'roots', state: 'answered', reply: '["file:///workspace"]' }
		]);
		expect(wireFor(world.wire.entries, 'roots/list').answer?.message).toMatchObject({
			result: { roots: [{ uri: 'file:///workspace' }] }
		});
	});

	it('setRoots sends notifications/roots/list_changed, and the next answer has the new list', async () => {
		const world = await started();
		await world.setRoots(['file:///repo', { uri: 'file:///docs', name: 'Docs' }]);
		expect(wireFor(world.wire.entries, 'notifications/roots/list_changed').request?.dir).toBe(
			'to-server'
		);
		expect(world.events.some((e) => e.kind === 'roots' && e.count === 2)).toBe(true);
		expect((await world.callTool(call('where_am_i'))).output).toContain(
			'roots: file:///repo, file:///docs'
		);
	});

	it('refuses setRoots without the capability, and a root that is not a file:// URI', async () => {
		const bare = await started(null);
		await expect(bare.setRoots(['file:///x'])).rejects.toThrow(
			'This host declares no roots capability'
		);
		const world = await started();
		await expect(world.setRoots(['https://x'])).rejects.toThrow(
			'A root is a file:// URI, not "https://x".'
		);
	});

	it('not negotiated: the client answers roots/list with Method not found', async () => {
		const world = await started({ sampling: true });
		const done = await world.callTool(call('where_am_i'));
		expect(done.output).toBe('where_am_i: roots/list failed: MCP error -32601: Method not found');
	});
});

describe('logging', () => {
	it('collects log messages per server with secrets masked', async () => {
		const world = await started();
		await world.callTool(call('sync'));
		expect(world.serverLogs.map(({ level, logger, text }) => ({ level, logger, text }))).toEqual([
			{ level: 'debug', logger: '', text: '"starting sync"' },
			{
				level: 'info',
				logger: 'sync',
				text: '{"user":"ana","password":"***","note":"Bearer ***"}'
			},
			{ level: 'error', logger: '', text: '"sync failed: token=***"' }
		]);
		// The wire shows what really crossed it; masking is for display.
		expect(
			messages(world.wire.entries).filter(
				(e) => 'method' in e.message && e.message.method === 'notifications/message'
			)
		).toHaveLength(3);
	});

	it('logging/setLevel on the wire filters what the server sends', async () => {
		const world = await started();
		const result = await world.setLogLevel('assistant', 'warning');
		expect(result).toMatchObject({ method: 'logging/setLevel', state: 'ok', result: {} });
		expect(wireFor(world.wire.entries, 'logging/setLevel').request?.message).toMatchObject({
			params: { level: 'warning' }
		});
		await world.callTool(call('sync'));
		expect(world.serverLogs.map((l) => l.level)).toEqual(['error']);
	});

	it('refuses an unknown level; a server without logging answers Method not found', async () => {
		const world = await started();
		await expect(world.setLogLevel('assistant', 'loud')).rejects.toThrow(
			'A log level is one of debug, info, notice, warning, error, critical, alert, emergency; not "loud".'
		);
		const plain = makeWorld({
			mcp_servers: { s: { command: 'x', sim: { tools: [{ name: 't' }] } } }
		});
		await plain.startSession();
		expect(await plain.setLogLevel('s', 'info')).toMatchObject({
			state: 'error',
			error: 'MCP error -32601: Method not found'
		});
	});
});
