import { describe, expect, it } from 'vitest';
import {
	answerIsFixed,
	exampleArguments,
	exampleText,
	exampleValue,
	parseArguments
} from './call-arguments';

describe('exampleArguments', () => {
	it('fills the required properties of the filesystem read_file schema', () => {
		const schema = {
			type: 'object',
			properties: { path: { type: 'string' } },
			required: ['path']
		};
		expect(exampleArguments(schema)).toEqual({ path: 'example' });
		expect(exampleText(schema)).toBe('{\n  "path": "example"\n}');
	});

	it('uses a placeholder per type, the first enum value, and skips optional properties', () => {
		const schema = {
			type: 'object',
			properties: {
				q: { type: 'string' },
				limit: { type: 'integer' },
				ratio: { type: 'number' },
				dryRun: { type: 'boolean' },
				tags: { type: 'array', items: { type: 'string' } },
				filter: { type: 'object' },
				mode: { type: 'string', enum: ['fast', 'slow'] },
				note: { type: 'string' }
			},
			required: ['q', 'limit', 'ratio', 'dryRun', 'tags', 'filter', 'mode']
		};
		expect(exampleArguments(schema)).toEqual({
			q: 'example',
			limit: 1,
			ratio: 1,
			dryRun: true,
			tags: [],
			filter: {},
			mode: 'fast'
		});
	});

	it('ignores required names missing from properties, as OpenHarness does', () => {
		expect(
			exampleArguments({
				type: 'object',
				properties: { a: { type: 'string' } },
				required: ['a', 'b']
			})
		).toEqual({ a: 'example' });
	});

	it('gives {} for the default schema, a missing schema, or non-object properties', () => {
		expect(exampleArguments({ type: 'object', properties: {} })).toEqual({});
		expect(exampleArguments(undefined)).toEqual({});
		expect(exampleArguments({ type: 'object', properties: [], required: ['x'] })).toEqual({});
	});

	it('reads a nullable type list and falls back to null for an untyped property', () => {
		expect(exampleValue({ type: ['string', 'null'] })).toBe('example');
		expect(exampleValue({ type: ['null', 'integer'] })).toBe(1);
		expect(exampleValue({})).toBeNull();
		expect(exampleValue({ const: 'v1' })).toBe('v1');
	});
});

describe('parseArguments', () => {
	it('accepts one JSON object, and empty input as {}', () => {
		expect(parseArguments('{"path": "/data/notes.txt"}')).toEqual({
			ok: true,
			value: { path: '/data/notes.txt' }
		});
		expect(parseArguments('  ')).toEqual({ ok: true, value: {} });
	});
	it('reports invalid JSON with the parser message', () => {
		const result = parseArguments('{"path": ');
		expect(result.ok).toBe(false);
		expect(result).toMatchObject({ reason: 'syntax' });
		if (!result.ok && result.reason === 'syntax') expect(result.detail).not.toBe('');
	});
	it('rejects JSON that is not an object', () => {
		for (const text of ['[]', '"x"', '1', 'null'])
			expect(parseArguments(text)).toEqual({ ok: false, reason: 'not-object' });
	});
});

describe('whether a tool answers the same whatever its arguments', () => {
	const server = (tool: Record<string, unknown>, live: unknown = null) => ({
		config: { type: 'stdio', command: 'x', args: [], sim: { tools: [{ name: 't', ...tool }] } },
		live
	});
	it('is so when the scenario writes its result or its error', () => {
		expect(answerIsFixed(server({ result: { content: [] } }) as never, 't')).toBe(true);
		expect(answerIsFixed(server({ error: { code: -32000, message: 'no' } }) as never, 't')).toBe(
			true
		);
	});
	it('is not for a tool that echoes its arguments, a live server, or a tool it does not list', () => {
		expect(answerIsFixed(server({}) as never, 't')).toBe(false);
		expect(
			answerIsFixed(server({ result: { content: [] } }, { url: 'http://x' }) as never, 't')
		).toBe(false);
		expect(answerIsFixed(server({ result: { content: [] } }) as never, 'added-later')).toBe(false);
		expect(answerIsFixed(undefined, 't')).toBe(false);
	});
	it('reads a well-known command’s built-in tools', () => {
		const filesystem = {
			config: {
				type: 'stdio',
				command: 'npx',
				args: ['-y', '@modelcontextprotocol/server-filesystem']
			},
			live: null
		};
		expect(answerIsFixed(filesystem as never, 'read_file')).toBe(true);
	});
});
