import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, toPromise, waitFor } from 'xstate';
import { fromIo } from './io-actor';

/** A step whose answer the test gives when it wants. */
function deferred<T>() {
	let resolve!: (value: T) => void;
	let reject!: (error: unknown) => void;
	const promise = new Promise<T>((res, rej) => {
		resolve = res;
		reject = rej;
	});
	return { promise, resolve, reject };
}

/** A machine that invokes one step and records how it ended. */
const stepMachine = setup({
	actors: { step: fromPromise<string, { server: string }>(async () => '') }
}).createMachine({
	context: { ended: '' },
	initial: 'running',
	states: {
		running: {
			invoke: {
				src: 'step',
				input: { server: 'files' },
				onDone: { target: 'done', actions: assign({ ended: ({ event }) => event.output }) },
				onError: {
					target: 'done',
					actions: assign({ ended: ({ event }) => `error: ${String(event.error)}` })
				}
			},
			on: { LEAVE: 'left' }
		},
		left: {},
		done: {}
	}
});

describe('fromIo', () => {
	it('hands the server name to the step and its answer to onDone, as fromPromise does', async () => {
		const servers: string[] = [];
		const actor = createActor(
			stepMachine.provide({
				actors: {
					step: fromIo(async (server) => {
						servers.push(server);
						return `listed ${server}`;
					})
				}
			})
		).start();
		await waitFor(actor, (s) => s.matches('done'));
		expect(servers).toEqual(['files']);
		expect(actor.getSnapshot().context.ended).toBe('listed files');
	});

	it("a failed step's error reaches onError", async () => {
		const actor = createActor(
			stepMachine.provide({
				actors: { step: fromIo(() => Promise.reject(new Error('Connection closed'))) }
			})
		).start();
		await waitFor(actor, (s) => s.matches('done'));
		expect(actor.getSnapshot().context.ended).toBe('error: Error: Connection closed');
	});

	it('an answer that arrives after the state was left is ignored', async () => {
		const answer = deferred<string>();
		const actor = createActor(
			stepMachine.provide({ actors: { step: fromIo(() => answer.promise) } })
		).start();
		actor.send({ type: 'LEAVE' });
		answer.resolve('too late');
		await answer.promise;
		await new Promise((r) => setImmediate(r));
		expect(actor.getSnapshot().value).toBe('left');
		expect(actor.getSnapshot().context.ended).toBe('');
	});

	it("settles with fromPromise's snapshot, on the same microtask", async () => {
		const order: string[] = [];
		const run = (label: string, logic: ReturnType<typeof fromIo<string>>) => {
			const actor = createActor(logic, { input: { server: 'files' } });
			actor.subscribe({ complete: () => order.push(label) });
			actor.start();
			return actor;
		};
		const io = run(
			'fromIo',
			fromIo(async (server) => `ok ${server}`)
		);
		const promise = run(
			'fromPromise',
			fromPromise<string, { server: string }>(async ({ input }) => `ok ${input.server}`)
		);
		await Promise.all([toPromise(io), toPromise(promise)]);
		expect(order).toEqual(['fromIo', 'fromPromise']);
		expect(io.getSnapshot()).toMatchObject({
			status: 'done',
			output: 'ok files',
			input: undefined
		});
		expect(io.getSnapshot()).toEqual(promise.getSnapshot());
	});

	it('starts its step without making an AbortController (fromPromise makes one per start)', async () => {
		const Original = globalThis.AbortController;
		let made = 0;
		globalThis.AbortController = class extends Original {
			constructor() {
				super();
				made++;
			}
		};
		try {
			const io = createActor(
				fromIo(async () => 'x'),
				{ input: { server: 's' } }
			).start();
			await toPromise(io);
			expect(made).toBe(0);
			const promise = createActor(fromPromise(async () => 'x')).start();
			await toPromise(promise);
			expect(made).toBe(1);
		} finally {
			globalThis.AbortController = Original;
		}
	});
});
