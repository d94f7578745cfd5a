import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { labSchema } from '../labs/lab-schema';
import { scenarioSchema } from './schema';
import { keysAt } from './schema-keys';

describe('keysAt: the keys a schema allows for the object at a path', () => {
	it('a sim block, a sim tool, a plugin tool (strict objects of the scenario)', () => {
		const sim = keysAt(scenarioSchema, ['mcp_servers', 'any name', 'sim']);
		expect(sim).toEqual(expect.arrayContaining(['tools', 'resources', 'prompts', 'serverInfo']));
		expect(sim).not.toContain('command');
		const tool = keysAt(scenarioSchema, ['mcp_servers', 'x', 'sim', 'tools', 3]);
		expect(tool).toEqual(expect.arrayContaining(['name', 'description', 'inputSchema', 'error']));
		expect(keysAt(scenarioSchema, ['plugins', 'p', 'tools', 0])).toEqual(
			expect.arrayContaining(['name', 'description', 'inputSchema', 'result'])
		);
	});

	it('every branch of a union: a server config of either transport', () => {
		const server = keysAt(scenarioSchema, ['mcp_servers', 'x']);
		expect(server).toEqual(expect.arrayContaining(['command', 'args', 'url', 'headers', 'sim']));
	});

	it("through lazy, recursive schemas: a lab goal inside an 'all'", () => {
		const goal = keysAt(labSchema, ['steps', 0, 'checks', 1, 'goal', 'all', 0]);
		expect(goal).toEqual(expect.arrayContaining(['state', 'call', 'all', 'any', 'not']));
	});

	it('nothing where there is no object, or no such place', () => {
		expect(keysAt(scenarioSchema, ['mcp_servers', 'x', 'command'])).toEqual([]);
		expect(keysAt(scenarioSchema, ['nowhere', 'at', 'all'])).toEqual([]);
		expect(keysAt(z.string(), [])).toEqual([]);
	});

	it('through wrappers and pipes, and a tuple by position', () => {
		const schema = z.object({
			a: z.preprocess((v) => v, z.strictObject({ b: z.number() })).optional(),
			t: z.tuple([z.strictObject({ first: z.string() }), z.strictObject({ second: z.string() })])
		});
		expect(keysAt(schema, [])).toEqual(['a', 't']);
		expect(keysAt(schema, ['a'])).toEqual(['b']);
		expect(keysAt(schema, ['t', 1])).toEqual(['second']);
	});
});
