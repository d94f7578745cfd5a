import { describe, expect, it } from 'vitest';
import { templateById, templateText } from '$lib/core/scenario/templates';
import { checkScenarioText, DEFAULT_ERROR_CODE, type EditResult } from './scenario-text';
import { changeGone, changeTool, readToolFields, type ToolFields } from './tool-change';

const seed = templateText(templateById('lab-01')!);

function textOf(result: EditResult): string {
	if (!result.ok) throw new Error(JSON.stringify(result.error));
	return result.text;
}

describe('changing what an existing tool does when called', () => {
	const parsed = (text: string) => JSON.parse(text);
	const orders = () => parsed(seed).mcp_servers['internal-api'].sim.tools[0];
	const plain: ToolFields = {
		name: 'search_orders',
		description: orders().description,
		behaviour: 'text',
		result: '3 orders match "late delivery"',
		errorCode: DEFAULT_ERROR_CODE,
		errorMessage: '',
		latencyMs: '',
		inputSchema: JSON.stringify(orders().inputSchema, null, 2)
	};
	/** search_orders changed, the whole world read back: only that tool may differ from the seed. */
	function changed(fields: Partial<ToolFields>, text = seed) {
		const initial = readToolFields(text, 'internal-api', 0)!;
		const next = textOf(changeTool(text, 'internal-api', 0, initial, { ...plain, ...fields }));
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
			name: 'both',
			description: '',
			behaviour: 'rpc-error',
			result: 'kept',
			errorCode: '-32001',
			errorMessage: 'Quota',
			latencyMs: '500',
			inputSchema: ''
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
			const inputSchema = JSON.stringify(rich.inputSchema, null, 2);
			const fetch = { ...plain, name: 'fetch', description: 'd', inputSchema };
			const next = textOf(
				changeTool(text, 'fs', 0, readToolFields(text, 'fs', 0)!, { ...fetch, ...fields })
			);
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
		const change = (fields: Partial<ToolFields>, index = 0) =>
			changeTool(seed, 'internal-api', index, plain, { ...plain, ...fields });
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
		expect(changeTool(seed, 'filesystem', 0, plain, plain)).toEqual({
			ok: false,
			error: { kind: 'shape' }
		});
		expect(changeTool(seed, 'nope', 0, plain, plain)).toEqual({
			ok: false,
			error: { kind: 'no-server', name: 'nope' }
		});
		expect(changeTool('{', 'fs', 0, plain, plain)).toEqual({
			ok: false,
			error: { kind: 'json' }
		});
	});

	it('renames a tool in place, as typed; refuses a blank name or one its server already lists', () => {
		const { text, tool } = changed({ name: 'find orders' });
		// Same place, same keys, same order: only the name is new.
		expect(tool).toEqual({ ...orders(), name: 'find orders' });
		expect(Object.keys(tool)).toEqual(Object.keys(orders()));
		expect(readToolFields(text, 'internal-api', 0)).toMatchObject({ name: 'find orders' });
		// Another server's tool name is allowed: that collision is what the naming lab shows.
		const other = JSON.parse(seed);
		other.mcp_servers.filesystem.sim = { tools: [{ name: 'read_file', inputSchema: {} }] };
		expect(changed({ name: 'read_file' }, JSON.stringify(other)).tool.name).toBe('read_file');
		const change = (name: string) => changeTool(seed, 'internal-api', 0, plain, { ...plain, name });
		expect(change(' ')).toEqual({ ok: false, error: { kind: 'name-required' } });
		expect(change('create_ticket')).toEqual({
			ok: false,
			error: { kind: 'tool-taken', server: 'internal-api', name: 'create_ticket' }
		});
	});

	it('changes, adds after the name, or removes a description; an untouched one stays as written', () => {
		expect(changed({ description: '  Find orders.  ' }).tool).toEqual({
			...orders(),
			description: 'Find orders.'
		});
		const { description: _d, ...bare } = orders();
		const removed = changed({ description: ' ' });
		expect(removed.tool).toEqual(bare);
		// Written where a reader looks for it, right after the name, not at the end.
		const added = changed({ description: 'Back again.' }, removed.text);
		expect(Object.keys(added.tool)).toEqual(Object.keys(orders()));
		// Padded by hand in the JSON and not touched in the form: not trimmed behind the learner.
		const padded = JSON.parse(seed);
		padded.mcp_servers['internal-api'].sim.tools[0].description = ' spaced ';
		expect(changed({ description: ' spaced ' }, JSON.stringify(padded)).tool.description).toBe(
			' spaced '
		);
	});

	it('writes only the fields the learner changed since they opened', () => {
		const initial = readToolFields(seed, 'internal-api', 0)!;
		// The result was edited in the JSON view while the fields were open; only the name changes.
		const edited = JSON.parse(seed);
		edited.mcp_servers['internal-api'].sim.tools[0].result.content[0].text = 'edited by hand';
		const renamed = JSON.parse(
			textOf(
				changeTool(JSON.stringify(edited), 'internal-api', 0, initial, {
					...initial,
					name: 'renamed'
				})
			)
		);
		expect(renamed.mcp_servers['internal-api'].sim.tools[0]).toEqual({
			...edited.mcp_servers['internal-api'].sim.tools[0],
			name: 'renamed'
		});
		// A hand-written code the schema will refuse does not stop a rename it has nothing to do with.
		const odd = JSON.stringify({
			mcp_servers: { fs: { command: 'x', sim: { tools: [{ name: 'odd', error: { code: 'x' } }] } } }
		});
		const read = readToolFields(odd, 'fs', 0)!;
		const next = textOf(changeTool(odd, 'fs', 0, read, { ...read, name: 'even' }));
		expect(JSON.parse(next).mcp_servers.fs.sim.tools[0]).toEqual({
			name: 'even',
			error: { code: 'x' }
		});
		// Changed, that code is refused as the add form refuses it.
		expect(changeTool(odd, 'fs', 0, read, { ...read, errorMessage: 'm' })).toEqual({
			ok: false,
			error: { kind: 'code-invalid' }
		});
	});

	it('writes an input schema as typed, removes it when emptied, and refuses one not an object', () => {
		const schema = { type: 'object', properties: { query: { type: 'integer' } } };
		const { tool } = changed({ inputSchema: JSON.stringify(schema) });
		expect(tool).toEqual({ ...orders(), inputSchema: schema });
		// Emptied: listed with no inputSchema at all (the scenario allows it; a lesson of its own).
		const { tool: bare } = changed({ inputSchema: '  ' });
		const { inputSchema: _schema, ...without } = orders();
		expect(bare).toEqual(without);
		expect(readToolFields(changed({ inputSchema: '' }).text, 'internal-api', 0)!.inputSchema).toBe(
			''
		);
		// Not JSON, or JSON that is not an object: refused, nothing written.
		const initial = readToolFields(seed, 'internal-api', 0)!;
		for (const inputSchema of ['{ "type": "object",', '[]', '"object"', 'null'])
			expect(changeTool(seed, 'internal-api', 0, initial, { ...initial, inputSchema })).toEqual({
				ok: false,
				error: { kind: 'schema-invalid' }
			});
		// Untouched, a schema the text holds is not rewritten (its key order, as written).
		const odd = JSON.parse(seed);
		odd.mcp_servers['internal-api'].sim.tools[0].inputSchema = { required: [], type: 'object' };
		const text = JSON.stringify(odd, null, 2);
		const read = readToolFields(text, 'internal-api', 0)!;
		const next = textOf(changeTool(text, 'internal-api', 0, read, { ...read, name: 'find' }));
		expect(next).toContain('"required": [],\n');
	});

	it('says when the text has lost the tool the fields opened on, and only then', () => {
		const opened = { server: 'internal-api', index: 0, initial: plain };
		expect(changeGone(seed, opened)).toBeNull();
		// Another edit of the same tool leaves it where it was: the fields stay.
		expect(changeGone(changed({ description: 'x' }).text, opened)).toBeNull();
		const closed =
			'The text changed: internal-api no longer has tool search_orders where the form read it, so its fields were closed.';
		expect(changeGone(changed({ name: 'renamed' }).text, opened)).toBe(closed);
		const moved = JSON.parse(seed);
		moved.mcp_servers['internal-api'].sim.tools.reverse();
		expect(changeGone(JSON.stringify(moved), opened)).toBe(closed);
		const { 'internal-api': _gone, ...others } = JSON.parse(seed).mcp_servers;
		expect(changeGone(JSON.stringify({ mcp_servers: others }), opened)).toBe(closed);
		// Text that is not JSON (a comma being typed): the fields wait for readable text.
		expect(changeGone('{', opened)).toBeNull();
		// A name with bidi controls is isolated in the sentence, as every form sentence has it.
		const rtl = { ...opened, initial: { ...plain, name: 'a\u202eb' } };
		expect(changeGone(seed, rtl)).toContain('\u2068a\u202eb\u2069');
	});
});
