import { describe, expect, it } from 'vitest';
import { scenarioSchemaProblems, schemaProblems } from './schema-lint';

const lines = (schema: unknown) =>
	schemaProblems(schema, 'inputSchema').map((p) => `${p.path}: ${p.message}`);

describe('typos in a tool’s JSON Schema', () => {
	it('finds the audit’s example, each mistake at its path', () => {
		// Audit s8-2 D14: this built, ran, and took {"query": 5}.
		expect(
			lines({ type: 'objekt', properties: { query: { type: 'strin' } }, required: 'query' })
		).toEqual([
			`inputSchema.type: A tool's inputSchema describes an object: its type is "object" (the MCP spec; the TypeScript SDK's client refuses a tool with any other).`,
			'inputSchema.type: Unknown type "objekt" (did you mean "object"?): one of string, number, integer, boolean, object, array, null, or an array of them.',
			'inputSchema.properties.query.type: Unknown type "strin" (did you mean "string"?): one of string, number, integer, boolean, object, array, null, or an array of them.',
			'inputSchema.required: An array of property names, not "query".'
		]);
	});

	it('passes the schemas labs write, with annotations and vendor keywords', () => {
		expect(
			lines({
				type: 'object',
				$schema: 'https://json-schema.org/draft/2020-12/schema',
				description: 'Search',
				'x-internal': true,
				properties: {
					query: { type: 'string', minLength: 3, pattern: '^[a-z]+$', examples: ['late'] },
					when: { type: ['string', 'null'], format: 'date' },
					tags: { type: 'array', items: { enum: ['a', 'b'] }, uniqueItems: true },
					nested: { anyOf: [{ type: 'integer', minimum: 1 }, { const: 'none' }] }
				},
				required: ['query'],
				additionalProperties: false
			})
		).toEqual([]);
		// A tool with no schema at all is the scenario's choice (sent without one).
		expect(
			scenarioSchemaProblems(
				{ mcp_servers: { a: { sim: { tools: [{ name: 't' }] } } } },
				'scenario'
			)
		).toEqual([]);
	});

	it('names a misspelt keyword with the one meant, and the values of the wrong shape', () => {
		expect(
			lines({
				type: 'object',
				propertes: {},
				properties: {
					count: { type: 'integer', minimun: 1, maxLength: -1, minimum: '1' },
					s: { type: 'string', pattern: '(' },
					l: { type: 'array', items: 5, uniqueItems: 'yes' },
					e: { enum: 'a', anyOf: [] }
				},
				required: ['cuont', 'other']
			})
		).toEqual([
			'inputSchema.propertes: Unknown keyword "propertes" (did you mean "properties"?).',
			'inputSchema.properties.count.minimun: Unknown keyword "minimun" (did you mean "minimum"?).',
			'inputSchema.properties.count.maxLength: A whole number of 0 or more, not -1.',
			'inputSchema.properties.count.minimum: A number, not "1".',
			expect.stringMatching(/^inputSchema\.properties\.s\.pattern: Not a regular expression: /),
			'inputSchema.properties.l.items: A schema is an object or a boolean, not 5.',
			'inputSchema.properties.l.uniqueItems: true or false, not "yes".',
			'inputSchema.properties.e.enum: An array of values, not "a".',
			'inputSchema.properties.e.anyOf: A non-empty array of schemas, not [].',
			// "cuont" is a near miss of "count"; "other" is allowed (additional properties are).
			'inputSchema.required[0]: "cuont" is required, but properties has no "cuont" (did you mean "count"?).'
		]);
	});

	it('refuses a required name nothing can give when no other property is allowed', () => {
		expect(
			lines({
				type: 'object',
				properties: { path: { type: 'string' } },
				required: ['filename'],
				additionalProperties: false
			})
		).toEqual([
			'inputSchema.required[0]: "filename" is required, but properties has no "filename" and additionalProperties is false: no arguments can satisfy it.'
		]);
	});

	it('finds every tool schema of a scenario: servers, plugins and tools a step adds', () => {
		const bad = { type: 'object', properties: { q: { type: 'strng' } } };
		const scenario = {
			mcp_servers: {
				'internal-api': {
					type: 'http',
					url: 'https://x',
					sim: { tools: [{ name: 'a', inputSchema: bad }] }
				},
				b: {
					type: 'stdio',
					command: 'b',
					sim: {
						tools: [
							{
								name: 'c',
								outputSchema: { type: 'objct' },
								steps: [{ changeTools: { add: [{ name: 'd', inputSchema: bad }] } }]
							}
						]
					}
				}
			},
			plugins: {
				p: {
					mcp_servers: {
						e: { type: 'stdio', command: 'e', sim: { tools: [{ name: 'f', inputSchema: bad }] } }
					}
				}
			}
		};
		expect(scenarioSchemaProblems(scenario, 'scenario').map((p) => p.path)).toEqual([
			'scenario.mcp_servers.internal-api.sim.tools[0].inputSchema.properties.q.type',
			'scenario.mcp_servers.b.sim.tools[0].outputSchema.type',
			'scenario.mcp_servers.b.sim.tools[0].outputSchema.type',
			'scenario.mcp_servers.b.sim.tools[0].steps[0].changeTools.add[0].inputSchema.properties.q.type',
			'scenario.plugins.p.mcp_servers.e.sim.tools[0].inputSchema.properties.q.type'
		]);
	});

	it('stops at a depth no hand-written schema reaches', () => {
		let deep: Record<string, unknown> = { type: 'strng' };
		for (let i = 0; i < 10_000; i++) deep = { type: 'object', properties: { x: deep } };
		expect(() => lines(deep)).not.toThrow();
	});
});
