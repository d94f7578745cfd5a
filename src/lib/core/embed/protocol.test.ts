import { describe, expect, it } from 'vitest';
import { acceptsFrom, parseMessage, parseOriginParam, parseViews, replyOrigin } from './protocol';

describe('embed protocol', () => {
	it('ignores messages that are not mcp-lab commands', () => {
		expect(parseMessage('hello')).toEqual({ kind: 'ignore' });
		expect(parseMessage({ type: 'other' })).toEqual({ kind: 'ignore' });
		expect(parseMessage({ type: 'mcp-lab:state' })).toEqual({ kind: 'ignore' });
	});

	// What a host can post is what structured cloning carries, which is more than JSON.
	const command = (name: unknown, args?: unknown) =>
		parseMessage(structuredClone({ type: 'mcp-lab:command', id: '9', command: name, args }));

	it('names a command it does not know by a bounded echo, whatever its type', () => {
		expect(command(10n)).toMatchObject({
			error: expect.stringMatching(/^Unknown command \(bigint, not a string\)\. /)
		});
		const cyclic: Record<string, unknown> = {};
		cyclic.self = cyclic;
		expect(command(cyclic)).toMatchObject({
			error: expect.stringMatching(/^Unknown command \(object, not a string\)\. /)
		});
		expect(command(undefined)).toMatchObject({
			error: expect.stringMatching(/^Unknown command \(undefined, not a string\)\. /)
		});
		const long = command('x'.repeat(5_000_000));
		expect(long).toMatchObject({
			kind: 'invalid',
			id: '9',
			error: expect.stringMatching(/^Unknown command "x{100}…"\. Commands: /)
		});
		expect((long as { error: string }).error.length).toBeLessThan(500);
	});

	it('refuses args that are not plain JSON, naming where, and copies the rest as JSON has it', () => {
		const refusal = (args: unknown) => (command('callTool', args) as { error?: string }).error;
		expect(refusal({ name: 't', arguments: { path: 10n } })).toBe(
			'"args" of callTool must be plain JSON: args.arguments.path is a bigint.'
		);
		const cyclic: Record<string, unknown> = { a: [1] };
		(cyclic.a as unknown[]).push(cyclic);
		expect(refusal({ name: 't', arguments: cyclic })).toBe(
			'"args" of callTool must be plain JSON: args.arguments.a[1] refers back to an object that contains it.'
		);
		expect(refusal({ arguments: { when: new Date(0) } })).toBe(
			'"args" of callTool must be plain JSON: args.arguments.when is a Date.'
		);
		expect(refusal({ arguments: { m: new Map() } })).toMatch(/args\.arguments\.m is a Map\.$/);
		expect(refusal({ arguments: { n: [NaN] } })).toMatch(
			/args\.arguments\.n\[0\] is NaN, which JSON cannot carry\.$/
		);
		// The same object twice is not a cycle, and JSON writes it twice.
		const shared = { q: 1 };
		expect(command('callTool', { name: 't', arguments: { a: shared, b: shared } })).toEqual({
			kind: 'command',
			command: {
				id: '9',
				command: 'callTool',
				args: { name: 't', arguments: { a: { q: 1 }, b: { q: 1 } } }
			}
		});
		// Undefined is dropped, as JSON.stringify drops it: the world sees what its log replays.
		expect(
			command('callTool', { name: 't', arguments: { a: undefined, b: [undefined] } })
		).toMatchObject({
			command: { args: { name: 't', arguments: { b: [null] } } }
		});
		// Deep nesting is JSON, as deep as a browser clones it.
		const nest = (levels: number) => {
			let deep: unknown = 'leaf';
			for (let i = 0; i < levels; i++) deep = { d: deep };
			return deep;
		};
		expect(command('setScenario', { scenario: nest(1_000) })).toMatchObject({ kind: 'command' });
		// Deeper than JSON.stringify can go: refused in words, nothing thrown.
		expect(
			parseMessage({
				type: 'mcp-lab:command',
				id: '9',
				command: 'setScenario',
				args: { s: nest(200_000) }
			})
		).toEqual({
			kind: 'invalid',
			id: '9',
			error: '"args" of setScenario must be plain JSON: args nests too deeply.'
		});
	});

	it('parses a command and defaults its args', () => {
		expect(parseMessage({ type: 'mcp-lab:command', id: '1', command: 'getState' })).toEqual({
			kind: 'command',
			command: { id: '1', command: 'getState', args: {} }
		});
	});

	it('answers malformed commands with a sentence', () => {
		expect(parseMessage({ type: 'mcp-lab:command', id: '7', command: 'explode' })).toMatchObject({
			kind: 'invalid',
			id: '7',
			error: expect.stringMatching(/^Unknown command "explode"\. Commands: getState, /)
		});
		expect(parseMessage({ type: 'mcp-lab:command', command: 'getState' })).toMatchObject({
			kind: 'invalid',
			error: 'A command needs an "id" string.'
		});
		// A numbered command is refused, and its number echoed so the host can match the answer.
		expect(parseMessage({ type: 'mcp-lab:command', id: 7, command: 'getState' })).toEqual({
			kind: 'invalid',
			id: 7,
			error: 'A command needs an "id" string.'
		});
		expect(parseMessage({ type: 'mcp-lab:command', id: null, command: 'getState' })).toMatchObject({
			id: null
		});
		// An object is not echoed: it could be of any size.
		expect(
			parseMessage({ type: 'mcp-lab:command', id: { big: 'x'.repeat(1e5) }, command: 'getState' })
		).toMatchObject({ id: '' });
		expect(parseMessage({ type: 'mcp-lab:command', command: 'getState' })).toMatchObject({
			id: ''
		});
		// The empty string is a string: a command, answered with id ''.
		expect(parseMessage({ type: 'mcp-lab:command', id: '', command: 'getState' })).toEqual({
			kind: 'command',
			command: { id: '', command: 'getState', args: {} }
		});
		expect(
			parseMessage({ type: 'mcp-lab:command', id: '2', command: 'kill', args: [] })
		).toMatchObject({
			error: '"args" of kill must be an object.'
		});
	});

	it('accepts commands only from the parent, and only from origin when set', () => {
		const parent = {};
		expect(acceptsFrom({ origin: 'https://a.example', source: parent }, parent, null)).toBe(true);
		expect(acceptsFrom({ origin: 'https://a.example', source: {} }, parent, null)).toBe(false);
		expect(
			acceptsFrom({ origin: 'https://a.example', source: parent }, parent, 'https://a.example')
		).toBe(true);
		expect(
			acceptsFrom({ origin: 'https://b.example', source: parent }, parent, 'https://a.example')
		).toBe(false);
	});

	it('replies to the origin parameter, never "*" when it is set', () => {
		expect(replyOrigin('https://docs.example', '')).toBe('https://docs.example');
		expect(replyOrigin(null, 'https://host.example/page?x=1')).toBe('https://host.example');
		expect(replyOrigin(null, '')).toBe('*');
		// The browser's word on the parent wins over a referrer (absent under no-referrer).
		expect(replyOrigin(null, '', 'https://docs.example')).toBe('https://docs.example');
		expect(replyOrigin(null, 'https://old.example/', 'https://docs.example')).toBe(
			'https://docs.example'
		);
		// An opaque (sandboxed) parent: no origin names it, so only '*' reaches it.
		expect(replyOrigin(null, 'https://host.example/page', 'null')).toBe('*');
		// A page opened from disk: Chromium names it 'file://', but its origin is opaque.
		expect(replyOrigin(null, '', 'file://')).toBe('*');
		expect(replyOrigin(null, 'file:///home/me/test.html')).toBe('*');
		// The origin parameter always wins, and never becomes '*'.
		expect(replyOrigin('https://docs.example', '', 'null')).toBe('https://docs.example');
	});

	it('normalises the origin parameter and refuses a bad one', () => {
		expect(parseOriginParam('https://docs.example.com/')).toEqual({
			origin: 'https://docs.example.com'
		});
		expect(parseOriginParam(null)).toEqual({ origin: null });
		// Given but empty (a template's variable that came out empty) is not "any origin".
		expect(parseOriginParam('')).toEqual({ error: 'origin= is empty.', kind: 'empty' });
		expect(parseOriginParam('not a url')).toMatchObject({ kind: 'malformed' });
		// A file: page can never be told apart (its messages come from origin "null").
		expect(parseOriginParam('file:///home/ana/guide.html')).toEqual({
			error: 'origin=file:///home/ana/guide.html is not a usable origin.',
			kind: 'unusable'
		});
	});

	it('reads view lists', () => {
		expect(parseViews('registry,log,bogus')).toEqual(['registry', 'log']);
		expect(parseViews(null)).toEqual(['all']);
	});
});
