import { describe, expect, it } from 'vitest';
import { startedWorlds } from './test-world';

/**
 * A sim tool with an outputSchema: listed as is (it used to be dropped without a word). The
 * client does not check results against it (schema.ts says why).
 */
const schema = {
	type: 'object',
	properties: { city: { type: 'string' }, celsius: { type: 'number' } },
	required: ['city', 'celsius']
};
const tool = (name: string, structuredContent: Record<string, unknown>) => ({
	name,
	inputSchema: { type: 'object', properties: {} },
	outputSchema: schema,
	result: { content: [{ type: 'text', text: 'weather' }], structuredContent }
});
const started = startedWorlds({
	mcp_servers: {
		weather: {
			command: 'weather-mcp',
			sim: {
				tools: [tool('now', { city: 'Lisbon', celsius: 21 })]
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
});
