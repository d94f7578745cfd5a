import { describe, expect, it } from 'vitest';
import { resultText } from './calls';
import { argsHash, canonicalJson, decide } from './executor';
import { byPriority, routeTools, transportOf } from './routing';

describe('MiniHarness transports', () => {
	it('knows stdio and streamable_http, with http as its alias', () => {
		expect(transportOf('stdio')).toEqual({ ok: true, transport: 'stdio' });
		expect(transportOf('streamable_http')).toEqual({ ok: true, transport: 'streamable_http' });
		expect(transportOf('http')).toEqual({ ok: true, transport: 'streamable_http' });
		expect(transportOf('ws')).toEqual({ ok: false, error: 'Unknown MCP transport type: ws' });
		expect(transportOf('sse')).toEqual({ ok: false, error: 'Unknown MCP transport type: sse' });
	});
});

describe('MiniHarness routing', () => {
	it('orders servers by priority, high first, ties in config order', () => {
		expect(byPriority(['a', 'b', 'c', 'd'], { priority: { c: 3, b: 1, d: 1 } })).toEqual([
			'c',
			'b',
			'd',
			'a'
		]);
	});

	it('gives a shared raw name to the first server in discovery order', () => {
		const tool = (name: string) => ({ name, description: '', inputSchema: {} });
		expect(
			routeTools([
				{ server: 'top', tools: [tool('search')] },
				{ server: 'low', tools: [tool('search'), tool('status')] }
			])
		).toEqual([
			{ name: 'search', server: 'top', shadowed: ['low'] },
			{ name: 'status', server: 'low', shadowed: [] }
		]);
	});
});

describe('MiniHarness executor', () => {
	const approvals = [{ user: 'alice', tool: 'send', argsHash: argsHash({ to: 'a' }), at: 0 }];

	it('hashes arguments whatever their key order', () => {
		expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe('{"a":[{"x":1,"y":2}],"b":1}');
		expect(argsHash({ a: 1, b: 2 })).toBe(argsHash({ b: 2, a: 1 }));
		expect(argsHash({ a: 1 })).not.toBe(argsHash({ a: 2 }));
		expect(argsHash({})).toMatch(/^[0-9a-f]{8}$/);
	});

	it('decides DENY, AUTO, ASK, and a cached approval for the same user and arguments only', () => {
		const config = { policy: { rm: 'deny', ls: 'auto', send: 'ask' } as const };
		const hash = argsHash({ to: 'a' });
		expect(decide(config, approvals, 'alice', 'rm', hash)).toEqual({
			kind: 'deny',
			error: "Tool 'rm' is denied by policy"
		});
		expect(decide(config, approvals, 'alice', 'ls', hash)).toEqual({
			kind: 'allow',
			because: 'auto'
		});
		expect(decide(config, approvals, 'alice', 'send', hash)).toEqual({
			kind: 'allow',
			because: 'approved_before'
		});
		expect(decide(config, approvals, 'bob', 'send', hash)).toEqual({ kind: 'ask' });
		expect(decide(config, approvals, 'alice', 'send', argsHash({ to: 'b' }))).toEqual({
			kind: 'ask'
		});
		expect(decide({}, [], 'alice', 'anything', hash)).toEqual({ kind: 'ask' });
	});
});

describe('MiniHarness results', () => {
	it('joins text parts, else structured content, else the parts; an error result raises its text', () => {
		const part = (text: string) => ({ type: 'text', text });
		expect(resultText('t', { content: [part('a'), part('b')] })).toEqual({
			state: 'completed',
			output: 'a\nb',
			isError: false
		});
		expect(resultText('t', { content: [], structuredContent: { n: 1 } }).output).toBe('{"n":1}');
		expect(resultText('t', { content: [{ type: 'image' }] }).output).toBe('[{"type":"image"}]');
		expect(resultText('t', { content: [part('boom')], isError: true })).toEqual({
			state: 'failed',
			output: 'boom',
			isError: true
		});
		expect(resultText('t', { content: [], isError: true }).output).toBe("Tool 't' failed");
	});
});
