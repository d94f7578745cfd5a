// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { channelName, parseCommand } from '$lib/core/presenter/channel';
import { stateMessage } from '$lib/core/presenter/channel-state';
import { PresenterNotes } from './presenter-notes.svelte';

const lab = '01-connection-isolation';
let closers: Array<() => void> = [];
afterEach(() => {
	for (const close of closers) close();
	closers = [];
});

/** The lab window's end, as a plain channel: what it hears, and a way to post. */
function labWindow() {
	const channel = new BroadcastChannel(channelName(lab));
	const heard: unknown[] = [];
	let arrived: () => void = () => {};
	channel.onmessage = (event) => {
		heard.push(parseCommand(event.data, lab));
		arrived();
	};
	closers.push(() => channel.close());
	return {
		heard,
		post: (message: unknown) => channel.postMessage(message),
		next: () => new Promise<void>((resolve) => (arrived = resolve))
	};
}

describe('the notes window’s end of the channel', () => {
	it('says hello on opening and sends Previous and Next', async () => {
		const main = labWindow();
		const notes = new PresenterNotes(lab);
		let arrival = main.next();
		closers.push(notes.connect());
		await arrival;
		arrival = main.next();
		notes.send('next');
		await arrival;
		expect(main.heard).toEqual(['hello', 'next']);
	});

	it('follows the state the lab window posts, and ignores other labs and other messages', async () => {
		const main = labWindow();
		let own: BroadcastChannel | null = null;
		const notes = new PresenterNotes(lab, (name) => (own = new BroadcastChannel(name)));
		closers.push(notes.connect());
		// Resolves once the notes' own channel has handled the third message.
		const handled = new Promise<void>((resolve) => {
			const take = own!.onmessage!;
			let count = 0;
			own!.onmessage = (event) => {
				take.call(own!, event);
				if (++count === 3) resolve();
			};
		});
		const cues = [{ id: 'kill-filesystem', actions: [], pause: true }];
		main.post({ ...stateMessage('02-naming', 9, null, 0, false), lab: '02-naming' });
		main.post({ hello: 'world' });
		main.post(stateMessage(lab, 3, cues, 1, false));
		await handled;
		expect(notes.state?.step).toBe(3);
		expect(notes.state?.cues?.current?.id).toBe('kill-filesystem');
	});

	it('does nothing where the browser has no BroadcastChannel', () => {
		const notes = new PresenterNotes(lab, () => null);
		const stop = notes.connect();
		notes.send('next');
		stop();
		expect(notes.state).toBeNull();
	});
});
