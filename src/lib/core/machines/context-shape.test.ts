import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { toolSourceSchema } from '../profiles/toolsource/policy';
import { loadCallChecks } from '../profiles/openharness/lazy-call-checks';
import { callWithExecute } from './call.machine';
import { connectionMachine } from './connection.machine';
import { toolSourceCallMachine } from './toolsource-call.machine';

// The world loads the input model with its first command; these tests drive the machine alone.
await loadCallChecks();

// XState copies a machine's context with `Object.assign({}, context, update)` on every assign.
// V8 turns such a copy into a slow dictionary object once it has 20 or more fields (measured on
// Node 20: 0.46 µs per copy at 19 fields, 3.3 µs at 20), and the call machines assign on every
// stage of every call. These contexts are per call or per connection: keep them under 20.
const FAST_FIELDS = 19;

describe('machine contexts stay small enough to copy fast', () => {
	it('the OpenHarness call machine, at every stage of a call that runs to its end', async () => {
		const machine = callWithExecute(async () => ({ content: [{ type: 'text', text: 'ok' }] }));
		const actor = createActor(machine, {
			input: {
				id: 'c1',
				name: 'mcp__fs__read',
				arguments: { path: '/a' },
				registry: [
					{
						name: 'mcp__fs__read',
						server: 'fs',
						tool: 'read',
						description: '',
						inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
						readOnly: false
					}
				],
				permissions: { mode: 'full_auto' },
				now: () => 0
			}
		});
		const sizes: number[] = [];
		actor.subscribe((snapshot) => sizes.push(Object.keys(snapshot.context).length));
		actor.start();
		const outcome = await toPromise(actor);
		expect(outcome.output).toBe('ok');
		expect(sizes.length).toBeGreaterThan(1);
		expect(Math.max(...sizes)).toBeLessThanOrEqual(FAST_FIELDS);
	});

	it('the ToolSource call machine and the connection machine', () => {
		const toolsource = createActor(toolSourceCallMachine, {
			input: {
				id: 'c1',
				name: 'mcp.fs.read',
				arguments: {},
				tools: [],
				policy: toolSourceSchema.parse({ allow: {} }),
				now: () => 0
			}
		});
		const connection = createActor(connectionMachine, {
			input: { server: 'fs', transport: 'stdio' }
		});
		for (const actor of [toolsource, connection])
			expect(Object.keys(actor.getSnapshot().context).length).toBeLessThanOrEqual(FAST_FIELDS);
	});
});
