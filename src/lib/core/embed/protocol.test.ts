import { describe, expect, it } from 'vitest';
import { acceptsFrom, parseMessage, parseOriginParam, parseViews, replyOrigin } from './protocol';

describe('embed protocol', () => {
	it('ignores messages that are not mcp-lab commands', () => {
		expect(parseMessage('hello')).toEqual({ kind: 'ignore' });
		expect(parseMessage({ type: 'other' })).toEqual({ kind: 'ignore' });
		expect(parseMessage({ type: 'mcp-lab:state' })).toEqual({ kind: 'ignore' });
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
		// The origin parameter always wins, and never becomes '*'.
		expect(replyOrigin('https://docs.example', '', 'null')).toBe('https://docs.example');
	});

	it('normalises the origin parameter and refuses a bad one', () => {
		expect(parseOriginParam('https://docs.example.com/')).toEqual({
			origin: 'https://docs.example.com'
		});
		expect(parseOriginParam(null)).toEqual({ origin: null });
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
