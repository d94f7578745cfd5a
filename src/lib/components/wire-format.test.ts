import { describe, expect, it } from 'vitest';
import type { WireEntry } from '$lib/core';
import type { HttpExchange } from '$lib/core/world/wire';
import {
	classify,
	classifyEntries,
	messageJson,
	visibleEntries,
	WireClassifier
} from './wire-format';

let seq = 0;
const msg = (
	server: string,
	dir: 'to-server' | 'to-host',
	message: Record<string, unknown>,
	note?: 'unread'
): WireEntry =>
	({
		seq: ++seq,
		t: seq * 15,
		server,
		kind: 'message',
		dir,
		message: { jsonrpc: '2.0', ...message },
		...(note ? { note } : {})
	}) as WireEntry;

const initialize = msg('filesystem', 'to-server', {
	id: 0,
	method: 'initialize',
	params: {
		protocolVersion: '2025-11-25',
		capabilities: {},
		clientInfo: { name: 'mcp-lab-openharness', version: '1.0.0' }
	}
});
const initializeResult = msg('filesystem', 'to-host', {
	id: 0,
	result: {
		protocolVersion: '2025-11-25',
		capabilities: { tools: {} },
		serverInfo: { name: 'secure-filesystem-server', version: '0.2.0' }
	}
});
const initialized = msg('filesystem', 'to-server', { method: 'notifications/initialized' });
const resourcesList = msg('internal-api', 'to-server', {
	id: 2,
	method: 'resources/list',
	params: {}
});
const methodNotFound = msg('internal-api', 'to-host', {
	id: 2,
	error: { code: -32601, message: 'Method not found' }
});
const toolsCall = msg('internal-api', 'to-server', {
	id: 3,
	method: 'tools/call',
	params: { name: 'search.orders', arguments: { q: 'x' } }
});
const toolError = msg('internal-api', 'to-host', {
	id: 3,
	result: { content: [{ type: 'text', text: 'boom' }], isError: true }
});
const opened: WireEntry = {
	seq: ++seq,
	t: 0,
	server: 'filesystem',
	kind: 'transport',
	event: 'open'
};
const killed: WireEntry = {
	seq: ++seq,
	t: 45,
	server: 'filesystem',
	kind: 'transport',
	event: 'killed'
};

const log = [
	opened,
	initialize,
	initializeResult,
	initialized,
	resourcesList,
	methodNotFound,
	toolsCall,
	toolError,
	killed
];

describe('classify', () => {
	it('reads an initialize request: method and id', () => {
		expect(classify(initialize)).toEqual({
			kind: 'request',
			method: 'initialize',
			id: 0,
			summary: 'initialize id=0'
		});
	});

	it('reads the initialize result by its keys', () => {
		expect(classify(initializeResult)).toMatchObject({
			kind: 'response',
			id: 0,
			toolError: false,
			summary: 'id=0 result: protocolVersion: "2025-11-25", capabilities: {…}, serverInfo: {…}'
		});
	});

	it('reads notifications/initialized as a notification without an id', () => {
		const info = classify(initialized);
		expect(info).toEqual({
			kind: 'notification',
			method: 'notifications/initialized',
			summary: 'notifications/initialized'
		});
		expect(info.id).toBeUndefined();
	});

	it('reads an error response with its code and message', () => {
		expect(classify(methodNotFound)).toMatchObject({
			kind: 'response',
			id: 2,
			error: { code: -32601, message: 'Method not found' },
			summary: 'id=2 error -32601: Method not found'
		});
	});

	it('names the tool of a tools/call and flags an isError result', () => {
		expect(classify(toolsCall).summary).toBe('tools/call search.orders id=3');
		expect(classify(toolError)).toMatchObject({
			kind: 'response',
			toolError: true,
			summary: 'id=3 result: content[1], isError: true'
		});
	});

	it('reads transport events', () => {
		expect(classify(killed)).toEqual({ kind: 'transport', summary: 'killed' });
	});

	it('reads a live connection’s HTTP exchanges; failed ones count as errors', () => {
		const http = (exchange: HttpExchange): WireEntry =>
			({
				seq: ++seq,
				t: 0,
				server: 'live',
				kind: 'transport',
				event: 'http',
				http: exchange
			}) as WireEntry;
		const ok = http({
			method: 'POST',
			rpc: 'initialize',
			status: 200,
			contentType: 'text/event-stream',
			sessionId: true
		});
		expect(classify(ok)).toEqual({
			kind: 'transport',
			summary: 'POST initialize → 200, text/event-stream, mcp-session-id'
		});
		const denied = http({
			method: 'POST',
			rpc: 'initialize',
			status: 401,
			contentType: 'application/json',
			sessionId: false,
			wwwAuthenticate: 'Bearer resource_metadata="https://a.example/m"'
		});
		expect(classify(denied)).toEqual({
			kind: 'transport',
			summary:
				'POST initialize → 401, application/json, WWW-Authenticate: Bearer resource_metadata="https://a.example/m"',
			error: { code: 401, message: '' }
		});
		const refused = http({
			method: 'POST',
			rpc: 'tools/list',
			status: 0,
			contentType: '',
			sessionId: false,
			error: 'Failed to fetch'
		});
		expect(classify(refused)).toMatchObject({
			summary: 'POST tools/list → ✕ Failed to fetch',
			error: { code: 0, message: 'Failed to fetch' }
		});
		const stream = http({
			method: 'GET',
			rpc: '',
			status: 405,
			contentType: '',
			sessionId: false
		});
		expect(classify(stream).summary).toBe('GET → 405');
		// An error answer's body: what the server said, which the harness may not pass on.
		const expired = http({
			method: 'POST',
			rpc: 'tools/call',
			status: 404,
			contentType: 'application/json',
			sessionId: false,
			body: '{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}'
		});
		expect(classify(expired).summary).toBe(
			'POST tools/call → 404, application/json, {"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}'
		);
		// A simulated URL server's request (contextual profile) shows the headers it carried.
		const headed = http({
			method: 'POST',
			rpc: 'tools/call',
			status: 200,
			contentType: 'application/json',
			sessionId: false,
			headers: { Authorization: '••••', 'X-User-ID': 'u-alice' }
		});
		expect(classify(headed).summary).toBe(
			'POST tools/call → 200, application/json · Authorization: ••••; X-User-ID: u-alice'
		);
		const errors = visibleEntries(classifyEntries([ok, denied, refused]), '', 'errors').shown;
		expect(errors.map((i) => i.entry)).toEqual([denied, refused]);
	});

	it('bounds a hostile summary', () => {
		const huge = msg('evil', 'to-host', { method: 'x'.repeat(10_000) });
		expect(classify(huge).summary.length).toBeLessThanOrEqual(201);
	});
});

describe('classifyEntries', () => {
	it('pairs each response with the request it answers, per server', () => {
		const items = classifyEntries(log);
		const answers = items.filter((i) => i.info.kind === 'response').map((i) => i.info.answers);
		expect(answers).toEqual(['initialize', 'resources/list', 'tools/call']);
	});

	it('does not pair an id of one server with a request of another', () => {
		const stray = msg('realtime', 'to-host', { id: 0, result: {} });
		const items = classifyEntries([initialize, stray]);
		expect(items[1].info.answers).toBeUndefined();
	});
});

describe('WireClassifier', () => {
	it('gives a message seen before the same item, and pairs a new answer with its earlier request', () => {
		const classifier = new WireClassifier();
		const request = msg('api', 'to-server', {
			id: 7,
			method: 'tools/call',
			params: { name: 'find' }
		});
		const first = classifier.classify([request]);
		const answer = msg('api', 'to-host', { id: 7, result: { content: [] } });
		const second = classifier.classify([request, answer]);
		expect(second[0]).toBe(first[0]);
		expect(second[1].info.answers).toBe('tools/call');
		// The same as classifying the whole log afresh.
		expect(second).toEqual(classifyEntries([request, answer]));
		// The request left the window (a log keeps its newest entries): the answer keeps its pair.
		expect(classifier.classify([answer])[0]).toBe(second[1]);
	});

	it('forgets open requests when a replaced world numbers its log again', () => {
		const classifier = new WireClassifier();
		classifier.classify([msg('api', 'to-server', { id: 1, method: 'tools/list' })]);
		seq = 0;
		const fresh = msg('api', 'to-host', { id: 1, result: {} });
		expect(classifier.classify([fresh])[0].info.answers).toBeUndefined();
		seq = 1000;
	});

	it('keeps at most OPEN_MAX unanswered requests, forgetting the oldest', () => {
		const classifier = new WireClassifier();
		const requests = Array.from({ length: WireClassifier.OPEN_MAX + 1 }, (_, i) =>
			msg('hung', 'to-server', { id: i, method: 'ping' })
		);
		classifier.classify(requests);
		const answers = classifier.classify([
			msg('hung', 'to-host', { id: 0, result: {} }),
			msg('hung', 'to-host', { id: 1, result: {} })
		]);
		expect(answers.map((a) => a.info.answers)).toEqual([undefined, 'ping']);
	});
});

describe('visibleEntries', () => {
	const items = classifyEntries(log);
	it('filters by server and kind', () => {
		const requests = visibleEntries(items, 'internal-api', 'requests').shown;
		expect(requests.map((i) => i.info.method)).toEqual(['resources/list', 'tools/call']);
		const notifications = visibleEntries(items, '', 'notifications').shown;
		expect(notifications.map((i) => i.info.method)).toEqual(['notifications/initialized']);
	});

	it('counts an error response and an isError result as errors', () => {
		const errors = visibleEntries(items, '', 'errors').shown.map((i) => i.entry.seq);
		expect(errors).toEqual([methodNotFound.seq, toolError.seq]);
	});

	it('keeps the newest matches and says how many earlier ones are hidden', () => {
		const { shown, hidden } = visibleEntries(items, '', 'all', 3);
		expect(hidden).toBe(log.length - 3);
		expect(shown.map((i) => i.entry.seq)).toEqual(log.slice(-3).map((e) => e.seq));
	});
});

describe('messageJson', () => {
	it('pretty-prints and bounds the full message', () => {
		expect(messageJson(initialized).text).toBe(
			'{\n  "jsonrpc": "2.0",\n  "method": "notifications/initialized"\n}'
		);
		const big = msg('evil', 'to-host', { id: 1, result: { text: 'y'.repeat(20_000) } });
		const bounded = messageJson(big);
		expect(bounded.text.length).toBe(8000);
		expect(bounded.omitted).toBeGreaterThan(12_000);
		expect(messageJson(opened)).toEqual({ text: '', omitted: 0 });
	});
});
