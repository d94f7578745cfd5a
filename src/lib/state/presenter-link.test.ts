// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '$lib/test-support/until';
import {
	channelName,
	commandMessage,
	parseState,
	parseWindow,
	type PresenterState as Posted,
	type WindowMessage
} from '$lib/core/presenter/channel';
import { stateMessage } from '$lib/core/presenter/channel-state';
import { LabLink, renewWindowId, storedWindowId, WINDOW_ID_KEY } from './presenter-link';

const lab = '01-connection-isolation';
let closers: Array<() => void> = [];
afterEach(() => {
	for (const close of closers) close();
	closers = [];
});

/** Another end on the channel (a notes window, another lab window): what it hears, and a way to post. */
function listener() {
	const channel = new BroadcastChannel(channelName(lab));
	const states: Posted[] = [];
	const words: WindowMessage[] = [];
	channel.onmessage = (event) => {
		const state = parseState(event.data, lab);
		if (state) states.push(state);
		const word = parseWindow(event.data, lab);
		if (word) words.push(word);
	};
	closers.push(() => channel.close());
	return { states, words, post: (message: unknown) => channel.postMessage(message) };
}

/** A lab window with id `id` at step `step`, and the commands it took. */
function labWindow(id: string, step = 0) {
	const end = {
		id,
		commands: [] as string[],
		renewed: 0
	};
	const link = new LabLink(
		lab,
		{
			id: () => end.id,
			renew: () => {
				end.renewed++;
				end.id = `${id}-new`;
			},
			state: () => stateMessage(lab, end.id, step, null, 0, false),
			command: (command) => end.commands.push(command)
		},
		undefined,
		20
	);
	const stop = link.connect();
	closers.push(stop);
	return { end, link, stop };
}

describe('the lab window’s end of the channel', () => {
	it('claims its id, then posts its state; answers a hello and takes the commands for it', async () => {
		const notes = listener();
		const { end } = labWindow('a', 2);
		await until(() => notes.states.length === 1);
		expect(notes.words.map((w) => w.event)).toEqual(['claim']);
		expect(notes.states[0]).toMatchObject({ w: 'a', step: 2 });
		notes.post(commandMessage(lab, 'a', 'hello'));
		await until(() => notes.states.length === 2);
		notes.post(commandMessage(lab, 'b', 'next'));
		notes.post(commandMessage(lab, '', 'next'));
		notes.post(commandMessage(lab, 'a', 'previous'));
		await until(() => end.commands.length === 1);
		expect(end.commands).toEqual(['previous']);
	});

	it('answers an unaddressed hello (a notes window pairing)', async () => {
		const notes = listener();
		labWindow('a');
		await until(() => notes.states.length === 1);
		notes.post(commandMessage(lab, '', 'hello'));
		await until(() => notes.states.length === 2);
	});

	it('says goodbye when taken down', async () => {
		const notes = listener();
		const { stop } = labWindow('a');
		await until(() => notes.states.length === 1);
		stop();
		await until(() => notes.words.some((w) => w.event === 'bye'));
		expect(notes.words.at(-1)).toMatchObject({ w: 'a', event: 'bye' });
	});

	it('a copy holding an open window’s id (a duplicated tab) takes a new one', async () => {
		const notes = listener();
		const original = labWindow('a', 1);
		await until(() => notes.states.length === 1);
		const copy = labWindow('a', 5);
		await until(() => copy.end.renewed === 1);
		await until(() => notes.states.some((s) => s.w === 'a-new'));
		expect(original.end.renewed).toBe(0);
		// Under the first id, only the original spoke.
		expect(notes.states.filter((s) => s.w === 'a').map((s) => s.step)).toEqual([1, 1]);
		notes.post(commandMessage(lab, 'a', 'next'));
		notes.post(commandMessage(lab, 'a-new', 'previous'));
		await until(() => original.end.commands.length === 1 && copy.end.commands.length === 1);
		expect(original.end.commands).toEqual(['next']);
		expect(copy.end.commands).toEqual(['previous']);
	});

	it('a window reloaded with its id keeps it (nobody else holds it)', async () => {
		const notes = listener();
		const first = labWindow('a');
		await until(() => notes.states.length === 1);
		first.stop();
		const again = labWindow('a');
		await until(() => notes.states.length === 2);
		expect(again.end.renewed).toBe(0);
		expect(notes.states[1].w).toBe('a');
	});
});

describe('the window id', () => {
	function memory() {
		const items = new Map<string, string>();
		return () => ({
			getItem: (key: string) => items.get(key) ?? null,
			setItem: (key: string, value: string) => void items.set(key, value),
			removeItem: (key: string) => void items.delete(key)
		});
	}

	it('is kept per tab and lab, and renewed on demand', () => {
		const storage = memory();
		const a = storedWindowId(lab, storage);
		expect(storedWindowId(lab, storage)).toBe(a);
		expect(storage().getItem(`${WINDOW_ID_KEY}:${lab}`)).toBe(a);
		expect(storedWindowId('02-naming', storage)).not.toBe(a);
		const b = renewWindowId(lab, storage);
		expect(b).not.toBe(a);
		expect(storedWindowId(lab, storage)).toBe(b);
	});

	it('is new for a stored value that is no id, and for refused storage', () => {
		const storage = memory();
		storage().setItem(`${WINDOW_ID_KEY}:${lab}`, '<bad id>');
		expect(storedWindowId(lab, storage)).toMatch(/^[0-9a-f]{16}$/);
		const refused = () => {
			throw new Error('SecurityError');
		};
		expect(storedWindowId(lab, refused)).toMatch(/^[0-9a-f]{16}$/);
		expect(storedWindowId(lab, () => null)).toMatch(/^[0-9a-f]{16}$/);
	});
});
