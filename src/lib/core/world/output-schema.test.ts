import { describe, expect, it } from 'vitest';
import { startedWorlds } from './test-world';

/**
 * A sim tool with an outputSchema: listed as is, and OpenHarness's Python MCP session checks each
 * result that is not an error against it (`_validate_tool_result`): a failure is raised, so the
 * model gets `call failed: <the SDK's text>`.
 */
const schema = {
	type: 'object',
	properties: { city: { type: 'string' }, celsius: { type: 'number' } },
	required: ['city', 'celsius']
};
const tool = (name: string, result: Record<string, unknown>) => ({
	name,
	inputSchema: { type: 'object', properties: {} },
	outputSchema: schema,
	result
});
const text = [{ type: 'text', text: 'weather' }];
const started = startedWorlds({
	mcp_servers: {
		weather: {
			command: 'weather-mcp',
			sim: {
				tools: [
					tool('now', { content: text, structuredContent: { city: 'Lisbon', celsius: 21 } }),
					tool('liar', { content: text, structuredContent: { city: 'Lisbon', celsius: '21' } }),
					tool('silent', { content: text }),
					tool('failing', { content: text, isError: true }),
					{ name: 'free', result: { content: text, structuredContent: { celsius: 'warm' } } },
					{
						name: 'remote',
						outputSchema: { $ref: 'https://schemas.example.test/weather' },
						result: { content: text, structuredContent: { city: 'Lisbon' } }
					}
				]
			}
		}
	}
});

describe('a sim tool with an outputSchema', () => {
	it('lists it, and a result that matches it reaches the model', async () => {
		const world = await started();
		const listed = world.wire.entries.find(
			(e) => e.kind === 'message' && 'result' in e.message && 'tools' in (e.message.result ?? {})
		);
		expect(JSON.stringify(listed)).toContain('"outputSchema"');
		await world.callTool('mcp__weather__now', {});
		expect(world.calls.at(-1)).toMatchObject({ isError: false, output: 'weather' });
	});

	it('fails a result whose structured content breaks it, with jsonschema’s whole text', async () => {
		const world = await started();
		await world.callTool('mcp__weather__liar', {});
		expect(world.calls.at(-1)).toMatchObject({
			isError: true,
			output: [
				"MCP server 'weather' call failed: Invalid structured content returned by tool liar: " +
					"'21' is not of type 'number'",
				'',
				"Failed validating 'type' in schema['properties']['celsius']:",
				"    {'type': 'number'}",
				'',
				"On instance['celsius']:",
				"    '21'"
			].join('\n')
		});
	});

	it('fails a result with no structured content at all', async () => {
		const world = await started();
		await world.callTool('mcp__weather__silent', {});
		expect(world.calls.at(-1)).toMatchObject({
			isError: true,
			output:
				"MCP server 'weather' call failed: Tool silent has an output schema but did not return structured content"
		});
	});

	it('does not check an error result, nor a tool listed without an outputSchema', async () => {
		const world = await started();
		await world.callTool('mcp__weather__failing', {});
		// OpenHarness ignores isError: the tool's error text reaches the model as a success.
		expect(world.calls.at(-1)).toMatchObject({ isError: false, output: 'weather' });
		await world.callTool('mcp__weather__free', {});
		expect(world.calls.at(-1)).toMatchObject({ isError: false, output: 'weather' });
	});

	it('fails the call with jsonschema’s own error for a $ref it cannot resolve', async () => {
		const world = await started();
		await world.callTool('mcp__weather__remote', {});
		expect(world.calls.at(-1)).toMatchObject({
			isError: true,
			output: "MCP server 'weather' call failed: Unresolvable: https://schemas.example.test/weather"
		});
	});

	it('checks against the listing of the current session', async () => {
		const world = await started();
		await world.reconnectAll();
		await world.callTool('mcp__weather__liar', {});
		expect(world.calls.at(-1)!.output).toContain(
			'Invalid structured content returned by tool liar'
		);
	});
});

describe('a server whose outputSchema pattern backtracks for ever on its own result', () => {
	// `^(a+)+$` against a run of a's and a `!` takes a backtracking engine (JavaScript's, and
	// Python's `re`) time doubling with each a: forty froze the page. RE2 answers in linear time,
	// so the call ends as jsonschema would have ended it, had it finished.
	const started = startedWorlds({
		mcp_servers: {
			evil: {
				command: 'evil-mcp',
				sim: {
					tools: [
						{
							name: 'loop',
							outputSchema: {
								type: 'object',
								properties: { v: { type: 'string', pattern: '^(a+)+$' } },
								patternProperties: { '^(\\s*)*\\s*$': { type: 'number' } }
							},
							result: {
								content: [{ type: 'text', text: 'x' }],
								structuredContent: { v: `${'a'.repeat(2_000)}!`, [' '.repeat(2_000)]: 1 }
							}
						},
						{
							name: 'python_style',
							// A named group in Python's spelling, which JavaScript's RegExp cannot read.
							outputSchema: { properties: { id: { pattern: '^(?P<n>[A-Z]+)-\\d+$' } } },
							result: { content: [{ type: 'text', text: 'ok' }], structuredContent: { id: 't-12' } }
						},
						{
							name: 'lookahead',
							// RE2 reads no look-around: such a pattern is not checked, and the result passes.
							outputSchema: { properties: { id: { pattern: '^(?!T-)' } } },
							result: { content: [{ type: 'text', text: 'ok' }], structuredContent: { id: 'T-12' } }
						}
					]
				}
			}
		}
	});

	it('fails the call with jsonschema’s text, and the page goes on', async () => {
		const world = await started();
		await world.callTool('mcp__evil__loop', {});
		const call = world.calls.at(-1)!;
		expect(call.isError).toBe(true);
		expect(call.output).toContain(
			"MCP server 'evil' call failed: Invalid structured content returned by tool loop: 'aaaa"
		);
		expect(call.output).toContain("does not match '^(a+)+$'");
	});

	it('reads Python’s own pattern syntax, and leaves a look-around pattern unchecked', async () => {
		const world = await started();
		await world.callTool('mcp__evil__python_style', {});
		expect(world.calls.at(-1)).toMatchObject({ isError: true });
		expect(world.calls.at(-1)?.output).toContain("'t-12' does not match '^(?P<n>[A-Z]+)-\\\\d+$'");
		await world.callTool('mcp__evil__lookahead', {});
		expect(world.calls.at(-1)).toMatchObject({ isError: false, output: 'ok' });
	});
});
