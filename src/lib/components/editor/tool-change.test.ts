import { describe, expect, it } from 'vitest';
import { templateById, templateText } from '$lib/core/scenario/templates';
import { checkScenarioText, DEFAULT_ERROR_CODE, type EditResult } from './scenario-text';
import { changeTool, readToolFields, type ToolFields } from './tool-change';

const seed = templateText(templateById('lab-01')!);

function textOf(result: EditResult): string {
	if (!result.ok) throw new Error(JSON.stringify(result.error));
	return result.text;
}

describe('changing what an existing tool does when called', () => {
	const parsed = (text: string) => JSON.parse(text);
	const orders = () => parsed(seed).mcp_servers['internal-api'].sim.tools[0];
	const plain: ToolFields = {
		behaviour: 'text',
		result: '3 orders match "late delivery"',
		errorCode: DEFAULT_ERROR_CODE,
		errorMessage: '',
		latencyMs: ''
	};
	/** search_orders changed, the whole world read back: only that tool may differ from the seed. */
	function changed(fields: Partial<ToolFields>, text = seed) {
		const next = textOf(
			changeTool(text, 'internal-api', 0, { ...plain, ...fields, name: 'search_orders' })
		);
		expect(checkScenarioText(next).kind).toBe('valid');
		const world = parsed(next);
		const before = parsed(text);
		expect(world.mcp_servers['internal-api'].sim.tools[1]).toEqual(
			before.mcp_servers['internal-api'].sim.tools[1]
		);
		// The rest of the world, internal-api's own keys and sim block included, is as it was.
		const rest = (world: { mcp_servers: Record<string, { sim: object }> }) => {
			const api = world.mcp_servers['internal-api'];
			const sim = { ...api.sim, tools: null };
			return { ...world, mcp_servers: { ...world.mcp_servers, 'internal-api': { ...api, sim } } };
		};
		expect(rest(world)).toEqual(rest(before));
		return { text: next, tool: world.mcp_servers['internal-api'].sim.tools[0] };
	}
	const { result: _result, ...unanswered } = orders();

	it('starts from the tool as the text has it', () => {
		expect(readToolFields(seed, 'internal-api', 0)).toEqual(plain);
		const text = JSON.stringify({
			mcp_servers: {
				fs: {
					command: 'x',
					sim: {
						tools: [
							// `error` wins over `crash`, both over `result.isError`: the server's order.
							{
								name: 'both',
								error: { code: -32001, message: 'Quota' },
								crash: true,
								result: { content: [{ type: 'text', text: 'kept' }], isError: true },
								latencyMs: 500
							},
							{ name: 'boom', crash: true, result: { content: [], isError: true } },
							{
								name: 'bad',
								result: {
									content: [
										{ type: 'image', data: 'AA==', mimeType: 'image/png' },
										{ type: 'text', text: 'first text' },
										{ type: 'text', text: 'second' }
									],
									isError: true
								}
							},
							{ name: 'odd', error: { code: 'x' } },
							'not a tool'
						]
					}
				}
			}
		});
		const read = (index: number) => readToolFields(text, 'fs', index);
		expect(read(0)).toEqual({
			behaviour: 'rpc-error',
			result: 'kept',
			errorCode: '-32001',
			errorMessage: 'Quota',
			latencyMs: '500'
		});
		expect(read(1)).toMatchObject({ behaviour: 'crash', result: '', errorCode: '-32603' });
		expect(read(2)).toMatchObject({ behaviour: 'error-result', result: 'first text' });
		// Hand-written values as written: Save refuses what is not a code.
		expect(read(3)).toMatchObject({ behaviour: 'rpc-error', errorCode: 'x', errorMessage: '' });
		expect(read(4)).toBeNull();
		expect(read(5)).toBeNull();
		expect(readToolFields(text, 'nope', 0)).toBeNull();
		expect(readToolFields('{', 'fs', 0)).toBeNull();
	});

	it('answers with an error result: the text and isError, every other key kept', () => {
		const { tool } = changed({ behaviour: 'error-result', result: 'Order service down' });
		expect(tool).toEqual({
			...orders(),
			result: { content: [{ type: 'text', text: 'Order service down' }], isError: true }
		});
		// An empty text sends no parts, as the add form writes it.
		expect(changed({ behaviour: 'error-result', result: '' }).tool.result).toEqual({
			content: [],
			isError: true
		});
	});

	it('answers with a JSON-RPC error, keeping the result the server then ignores', () => {
		const { tool } = changed({
			behaviour: 'rpc-error',
			result: 'not written: another choice’s field',
			errorCode: ' -32001 ',
			errorMessage: ' Quota exceeded ',
			latencyMs: '500'
		});
		expect(tool).toEqual({
			...orders(),
			error: { code: -32001, message: 'Quota exceeded' },
			latencyMs: 500
		});
	});

	it('crashes, keeping the result and the delay no answer shows; back to an answer restores them', () => {
		const slow = changed({ latencyMs: '250' }).text;
		const crashed = changed({ behaviour: 'crash', latencyMs: '' }, slow);
		expect(crashed.tool).toEqual({ ...orders(), crash: true, latencyMs: 250 });
		expect(readToolFields(crashed.text, 'internal-api', 0)).toEqual({
			...plain,
			behaviour: 'crash',
			latencyMs: '250'
		});
		// The form starts from what the text holds, so Save with it unchanged gives the tool back.
		const back = changed(
			{ ...readToolFields(crashed.text, 'internal-api', 0)!, behaviour: 'text' },
			crashed.text
		);
		expect(back.tool).toEqual({ ...orders(), latencyMs: 250 });
		const rpc = changed({ behaviour: 'rpc-error', errorMessage: 'm' }, crashed.text);
		expect(rpc.tool).toEqual({ ...orders(), error: { code: -32603, message: 'm' } });
		expect(changed(plain, rpc.text).tool).toEqual(orders());
	});

	it('answers with the result text: isError goes, an empty text leaves the default answer', () => {
		const failing = changed({ behaviour: 'error-result', result: 'down' }).text;
		expect(changed({ result: 'fine again' }, failing).tool).toEqual({
			...orders(),
			result: { content: [{ type: 'text', text: 'fine again' }] }
		});
		// Nothing left of the result: the simulated server's own answer, as with the add form.
		expect(changed({ result: '' }, failing).tool).toEqual(unanswered);
		expect(changed({ result: 'new' }, changed({ result: '' }).text).tool).toEqual({
			...orders(),
			result: { content: [{ type: 'text', text: 'new' }] }
		});
	});

	it('keeps the tool’s other keys, its steps, and the result’s other parts and keys', () => {
		const rich = {
			name: 'fetch',
			title: 'Fetch',
			description: 'd',
			inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
			outputSchema: { type: 'object' },
			annotations: { readOnlyHint: true },
			steps: [{ do: 'log', level: 'info', data: 'fetching' }],
			result: {
				content: [
					{ type: 'image', data: 'AA==', mimeType: 'image/png' },
					{ type: 'text', text: 'old', annotations: { priority: 1 } }
				],
				structuredContent: { id: 1 }
			},
			latencyMs: 20
		};
		const text = JSON.stringify({ mcp_servers: { fs: { command: 'x', sim: { tools: [rich] } } } });
		const change = (fields: Partial<ToolFields>) => {
			const next = textOf(changeTool(text, 'fs', 0, { ...plain, ...fields, name: 'fetch' }));
			expect(checkScenarioText(next).kind).toBe('valid');
			return parsed(next).mcp_servers.fs.sim.tools[0];
		};
		expect(change({ behaviour: 'error-result', result: 'new', latencyMs: '20' })).toEqual({
			...rich,
			result: {
				content: [
					rich.result.content[0],
					{ type: 'text', text: 'new', annotations: { priority: 1 } }
				],
				structuredContent: { id: 1 },
				isError: true
			}
		});
		// An emptied text takes its part away; the rest of the result stays, so it stays.
		const { latencyMs: _latency, ...undelayed } = rich;
		expect(change({ result: '' })).toEqual({
			...undelayed,
			result: { content: [rich.result.content[0]], structuredContent: { id: 1 } }
		});
		expect(change({ behaviour: 'crash' })).toEqual({ ...rich, crash: true });
	});

	it('refuses what the add form refuses, and a tool no longer where the form read it', () => {
		const change = (fields: Partial<ToolFields>, index = 0, name = 'search_orders') =>
			changeTool(seed, 'internal-api', index, { ...plain, ...fields, name });
		expect(change({ behaviour: 'rpc-error', errorCode: '1.5', errorMessage: 'm' })).toEqual({
			ok: false,
			error: { kind: 'code-invalid' }
		});
		expect(change({ behaviour: 'rpc-error', errorMessage: ' ' })).toEqual({
			ok: false,
			error: { kind: 'message-required' }
		});
		expect(change({ latencyMs: '3600001' })).toEqual({
			ok: false,
			error: { kind: 'latency-invalid' }
		});
		// The text changed under the form: another tool is at that place now, or none is.
		expect(change({}, 1)).toEqual({
			ok: false,
			error: { kind: 'tool-gone', server: 'internal-api', name: 'search_orders' }
		});
		expect(change({}, 2)).toEqual({ ok: false, error: { kind: 'shape' } });
		expect(changeTool(seed, 'filesystem', 0, { ...plain, name: 'x' })).toEqual({
			ok: false,
			error: { kind: 'shape' }
		});
		expect(changeTool(seed, 'nope', 0, { ...plain, name: 'x' })).toEqual({
			ok: false,
			error: { kind: 'no-server', name: 'nope' }
		});
		expect(changeTool('{', 'fs', 0, { ...plain, name: 'x' })).toEqual({
			ok: false,
			error: { kind: 'json' }
		});
	});
});
