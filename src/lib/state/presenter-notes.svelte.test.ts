// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '$lib/test-support/until';
import { channelName, parseCommand, windowMessage } from '$lib/core/presenter/channel';
import { stateMessage } from '$lib/core/presenter/channel-state';
import { PresenterNotes } from './presenter-notes.svelte';

const lab = '01-connection-isolation';
let closers: Array<() => void> = [];
afterEach(() => {
	for (const close of closers) close();
	closers = [];
});

/** A lab window's end, as a plain channel: the commands addressed to `w`, and a way to post. */
function labWindow(w: string) {
	const channel = new BroadcastChannel(channelName(lab));
	const heard: unknown[] = [];
	channel.onmessage = (event) => {
		const command = parseCommand(event.data, lab, w);
		if (command) heard.push(command);
	};
	closers.push(() => channel.close());
	return { heard, post: (message: unknown) => channel.postMessage(message) };
}

function notesFor(w: string | null, options: ConstructorParameters<typeof PresenterNotes>[2] = {}) {
	const notes = new PresenterNotes(lab, undefined, options);
	closers.push(notes.connect(w));
	return notes;
}

const cues = [{ id: 'kill-filesystem', actions: [], pause: true }];

describe('the notes window’s end of the channel', () => {
	it('says hello to its lab window on opening and sends it Previous and Next', async () => {
		const main = labWindow('a');
		const other = labWindow('b');
		const notes = notesFor('a');
		await until(() => main.heard.length === 1);
		notes.send('next');
		await until(() => main.heard.length === 2);
		expect(main.heard).toEqual(['hello', 'next']);
		expect(other.heard).toEqual([]);
	});

	it('follows the state its lab window posts, and ignores other windows, labs and messages', async () => {
		const main = labWindow('a');
		const notes = notesFor('a');
		main.post({ ...stateMessage('02-naming', 'a', 9, null, 0, false), lab: '02-naming' });
		main.post({ hello: 'world' });
		main.post(stateMessage(lab, 'b', 7, null, 0, false));
		main.post(stateMessage(lab, 'a', 3, cues, 1, false));
		await until(() => notes.state !== null);
		expect(notes.state?.step).toBe(3);
		expect(notes.state?.cues?.current?.id).toBe('kill-filesystem');
		main.post(stateMessage(lab, 'b', 7, null, 0, false));
		main.post(stateMessage(lab, 'a', 4, cues, 1, false));
		await until(() => notes.state?.step !== 3);
		expect(notes.state?.step).toBe(4);
	});

	it('opened without an id, pairs with the first lab window to answer, and keeps to it', async () => {
		const first = labWindow('a');
		const second = labWindow('b');
		const paired: string[] = [];
		const notes = notesFor(null, { onPair: (w) => paired.push(w) });
		await until(() => first.heard.length === 1 && second.heard.length === 1);
		first.post(stateMessage(lab, 'a', 1, null, 0, false));
		await until(() => notes.state !== null);
		second.post(stateMessage(lab, 'b', 5, null, 0, false));
		first.post(stateMessage(lab, 'a', 2, null, 0, false));
		await until(() => notes.state?.step === 2);
		expect(notes.w).toBe('a');
		expect(paired).toEqual(['a']);
		notes.send('next');
		await until(() => first.heard.length === 2);
		expect(second.heard).toEqual(['hello']);
	});

	it('notices its lab window’s goodbye, and follows it again when it is back', async () => {
		const main = labWindow('a');
		const notes = notesFor('a');
		main.post(stateMessage(lab, 'a', 1, null, 0, false));
		await until(() => notes.state !== null);
		main.post(windowMessage(lab, 'b', 'bye'));
		main.post(stateMessage(lab, 'a', 2, null, 0, false));
		await until(() => notes.state?.step === 2);
		expect(notes.lost).toBe(false);
		main.post(windowMessage(lab, 'a', 'bye'));
		await until(() => notes.lost);
		main.post(stateMessage(lab, 'a', 2, null, 0, false));
		await until(() => !notes.lost);
	});

	it('notices a lab window that stops answering (no goodbye), and its return', async () => {
		const main = labWindow('a');
		let answering = true;
		const answers = new BroadcastChannel(channelName(lab));
		closers.push(() => answers.close());
		answers.onmessage = (event) => {
			if (answering && parseCommand(event.data, lab, 'a') === 'hello')
				main.post(stateMessage(lab, 'a', 1, null, 0, false));
		};
		const notes = notesFor('a', { heartbeatMs: 20 });
		await until(() => notes.state !== null);
		// Answering every ask: never taken as gone.
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(notes.lost).toBe(false);
		answering = false;
		await until(() => notes.lost);
		answering = true;
		await until(() => !notes.lost);
	});

	it('hands on the lab window’s language', async () => {
		const main = labWindow('a');
		const locales: string[] = [];
		notesFor('a', { onLocale: (locale) => locales.push(locale) });
		main.post({ ...stateMessage(lab, 'a', 1, null, 0, false), locale: 'zh-CN' });
		await until(() => locales.length === 1);
		expect(locales).toEqual(['zh-CN']);
	});

	it('does nothing where the browser has no BroadcastChannel', () => {
		const notes = new PresenterNotes(lab, () => null);
		const stop = notes.connect('a');
		notes.send('next');
		stop();
		expect(notes.state).toBeNull();
		expect(notes.lost).toBe(false);
	});
});
