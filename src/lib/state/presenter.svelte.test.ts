// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { labSchema, type Lab } from '$lib/core/labs/lab-schema';
import { LabSession } from './lab-session.svelte';
import { PresenterState, RESET_CONFIRM_MS } from './presenter.svelte';

const lab01 = labSchema.parse(
	JSON.parse(
		readFileSync(new URL('../../../labs/01-connection-isolation/lab.json', import.meta.url), 'utf8')
	)
);
const stepOf = (id: string) => lab01.steps.findIndex((s) => s.id === id);

let sessions: LabSession[] = [];
afterEach(() => {
	for (const s of sessions) s.dispose();
	sessions = [];
});

async function presenting(lab: Lab = lab01) {
	const session = new LabSession(lab.id, lab);
	session.world.speed = 'instant';
	sessions.push(session);
	await session.start();
	return { session, presenter: new PresenterState(session) };
}

const filesystem = (session: LabSession) =>
	session.world.world.servers().find((s) => s.name === 'filesystem')!;

describe('presenting lab 01 with its cue list', () => {
	it('plays cue by cue on the real world, moving the narration to each cue’s step', async () => {
		const { session, presenter } = await presenting();
		expect(presenter.next?.id).toBe('meet');
		expect(await presenter.forward()).toEqual({ kind: 'cue', n: 1, total: 10, id: 'meet' });
		expect(await presenter.forward()).toMatchObject({ kind: 'cue', id: 'ask-the-room' });
		expect(session.step).toBe(stepOf('predict-the-kill'));
		expect(filesystem(session).process).toBe('running');

		expect(await presenter.forward()).toMatchObject({ kind: 'cue', n: 3, id: 'kill-filesystem' });
		expect(session.step).toBe(stepOf('kill-and-call'));
		expect(filesystem(session).process).toBe('killed');
		expect(filesystem(session).status).toBe('connected');
		expect(presenter.current?.id).toBe('kill-filesystem');
		expect(presenter.next?.id).toBe('call-dead-server');
	});

	it('plays to the next pause point and stops there', async () => {
		const { session, presenter } = await presenting();
		await presenter.playToPause();
		expect(presenter.at).toBe(1);
		await presenter.forward();
		await presenter.playToPause();
		// kill-filesystem is a pause point: the call after it waits.
		expect(presenter.current?.id).toBe('kill-filesystem');
		await presenter.playToPause();
		expect(presenter.current?.id).toBe('call-other-server');
		expect(session.world.world.calls.map((c) => c.output).at(-2)).toBe(
			"MCP server 'filesystem' call failed: "
		);
	});

	it('stops playing on after the cue in progress when asked', async () => {
		const { session, presenter } = await presenting();
		for (let i = 0; i < 3; i++) await presenter.forward();
		// Asked while cue 4 (call-dead-server) runs: its call is under way in the world.
		const unsubscribe = session.world.world.subscribe(() => {
			if (presenter.playingOn && presenter.at === 4) presenter.stop();
		});
		await presenter.playToPause();
		unsubscribe();
		// call-other-server, the next pause, was not reached.
		expect(presenter.current?.id).toBe('call-dead-server');
		expect(presenter.playingOn).toBe(false);
	});

	it('plays cues asked for in a row one after the other, as a clicker sends them, but not past a question', async () => {
		const { session, presenter } = await presenting();
		const moves = [presenter.forward(), presenter.forward(), presenter.forward()];
		// The third press was made before "ask the room" (a pause with nothing to play) showed.
		expect((await Promise.all(moves)).map((o) => (o.kind === 'cue' ? o.id : o.kind))).toEqual([
			'meet',
			'ask-the-room',
			'busy'
		]);
		expect(presenter.at).toBe(2);
		expect(filesystem(session).process).toBe('running');
		// Pressed once the question is on screen, it plays on.
		expect(await presenter.forward()).toMatchObject({ kind: 'cue', id: 'kill-filesystem' });
		expect(filesystem(session).process).toBe('killed');
	});

	it('steps back to the world as it was before the current cue', async () => {
		const { session, presenter } = await presenting();
		for (let i = 0; i < 3; i++) await presenter.forward();
		expect(filesystem(session).process).toBe('killed');
		expect(await presenter.back()).toEqual({ kind: 'back', n: 3, total: 10 });
		expect(presenter.at).toBe(2);
		expect(filesystem(session).process).toBe('running');
		expect(session.step).toBe(stepOf('predict-the-kill'));
		// Played again from there, the same cue kills the same server.
		await presenter.forward();
		expect(filesystem(session).process).toBe('killed');
	});

	it('resets to the lab’s starting world and the first cue', async () => {
		const { session, presenter } = await presenting();
		for (let i = 0; i < 3; i++) await presenter.forward();
		// The key asks first: one stray r changes nothing.
		expect(await presenter.run('reset')).toEqual({ kind: 'confirmReset' });
		expect(presenter.at).toBe(3);
		expect(filesystem(session).process).toBe('killed');
		expect(await presenter.run('reset')).toEqual({ kind: 'reset' });
		expect(presenter.at).toBe(0);
		expect(session.step).toBe(0);
		expect(filesystem(session).process).toBe('running');
		expect(session.world.world.actions.map((a) => a.action.do)).toEqual(['startSession']);
		expect(presenter.news?.outcome).toEqual({ kind: 'reset' });
	});

	it('asks again for a reset key pressed more than RESET_CONFIRM_MS after the first', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		try {
			const { presenter } = await presenting();
			await presenter.forward();
			expect(await presenter.run('reset')).toEqual({ kind: 'confirmReset' });
			vi.setSystemTime(Date.now() + RESET_CONFIRM_MS + 1);
			expect(await presenter.run('reset')).toEqual({ kind: 'confirmReset' });
			expect(presenter.at).toBe(1);
		} finally {
			vi.useRealTimers();
		}
	});

	it('follows a move back on the time slider: Next plays the cue that follows where the world is', async () => {
		const { session, presenter } = await presenting();
		for (let i = 0; i < 3; i++) await presenter.forward();
		expect(filesystem(session).process).toBe('killed');
		const timeline = await session.loadTimeline();
		// Step 2: after the first cue's call, before the kill; "ask the room" has nothing to play,
		// so it stands as played there.
		await timeline.goTo(2);
		presenter.sync();
		expect(presenter.at).toBe(2);
		expect(filesystem(session).process).toBe('running');
		expect(await presenter.forward()).toMatchObject({ kind: 'cue', n: 3, id: 'kill-filesystem' });
		expect(filesystem(session).process).toBe('killed');
		// Back to the start of the log: nothing is played.
		await timeline.goTo(1);
		presenter.sync();
		expect(presenter.at).toBe(0);
		expect(await presenter.forward()).toMatchObject({ kind: 'cue', n: 1, id: 'meet' });
	});

	it('says where the list ends and where it starts', async () => {
		const { presenter } = await presenting();
		expect(await presenter.back()).toEqual({ kind: 'start' });
		presenter.at = presenter.cues.length;
		expect(await presenter.forward()).toEqual({ kind: 'end' });
	});

	it('tells the notes window the step and the cues, without arguments', async () => {
		const { presenter } = await presenting();
		await presenter.forward();
		const message = presenter.message;
		expect(message.step).toBe(0);
		expect(message.cues?.current?.id).toBe('meet');
		expect(message.cues?.next?.id).toBe('ask-the-room');
		expect(JSON.stringify(message)).not.toContain('/data/notes.txt');
	});

	it('opens the help for the ? shortcut', async () => {
		const { presenter } = await presenting();
		expect(await presenter.run('help')).toBeNull();
		expect(presenter.helpOpen).toBe(true);
	});
});

describe('back at the cue kept from before a reload', () => {
	/** A reloaded page: a fresh world, started, and the place its tab kept. */
	async function reloaded(kept: ConstructorParameters<typeof PresenterState>[2]) {
		const session = new LabSession(lab01.id, lab01);
		sessions.push(session);
		await session.start();
		return { session, presenter: new PresenterState(session, undefined, kept) };
	}

	it('plays the cues up to it again on the fresh world, and says so once', async () => {
		const { session, presenter } = await reloaded({ at: 3, id: 'kill-filesystem' });
		expect(presenter.resuming).toBe(true);
		expect(filesystem(session).process).toBe('running');
		const said: string[] = [];
		session.announcer.say = (text: string) => void said.push(text);
		// At the page's own speed: the replay plays at once, and leaves that speed as it was.
		expect(session.world.speed).not.toBe('instant');
		const speed = session.world.speed;
		expect(await presenter.resume()).toEqual({ kind: 'resumed', n: 3, total: 10 });
		expect(session.world.speed).toBe(speed);
		expect(presenter.resuming).toBe(false);
		expect(presenter.at).toBe(3);
		expect(presenter.place).toEqual({ at: 3, id: 'kill-filesystem' });
		expect(filesystem(session).process).toBe('killed');
		expect(session.step).toBe(stepOf('kill-and-call'));
		// Played again unannounced: the page says the outcome itself.
		expect(said).toEqual([]);
		// Going back a cue works as after cues played by hand.
		expect(await presenter.back()).toEqual({ kind: 'back', n: 3, total: 10 });
		expect(filesystem(session).process).toBe('running');
		expect(await presenter.resume()).toBeNull();
	});

	it('plays nothing for a place the list no longer has, or an own list, which it says is gone', async () => {
		const changed = await reloaded({ at: 3, id: 'not-this-one' });
		expect(await changed.presenter.resume()).toBeNull();
		expect(changed.presenter.at).toBe(0);
		expect(changed.presenter.resuming).toBe(false);
		const own = await reloaded({ own: true });
		expect(await own.presenter.resume()).toEqual({ kind: 'ownLost' });
		expect(own.presenter.at).toBe(0);
		expect(own.session.world.world.actions.map((a) => a.action.do)).toEqual(['startSession']);
	});

	it('stops at a cue that cannot be played again, and stands before it', async () => {
		const broken: Lab = {
			...lab01,
			cues: [lab01.cues![0], { id: 'bad', pause: false, actions: [{ do: 'kill', server: 'nope' }] }]
		};
		const session = new LabSession(broken.id, broken);
		sessions.push(session);
		await session.start();
		const presenter = new PresenterState(session, undefined, { at: 2, id: 'bad' });
		expect(await presenter.resume()).toMatchObject({ kind: 'resumeFailed', n: 2 });
		expect(presenter.at).toBe(1);
	});
});

describe('recording cues by acting', () => {
	it('turns each action taken while recording into a cue, played back after a reset', async () => {
		const { session, presenter } = await presenting();
		presenter.startRecording();
		await session.world.run((w) => w.kill('filesystem'));
		await session.world.run((w) => w.setStepMode(true));
		await session.world.run((w) => w.setStepMode(false));
		await session.world.run((w) => w.reconnectAll());
		presenter.collect();
		expect(presenter.recorder.count).toBe(4);
		expect(presenter.stopRecording()).toEqual({ kind: 'recorded', count: 2, skipped: 2 });
		expect(presenter.own).toBe(true);
		expect(presenter.cues.map((c) => c.actions)).toEqual([
			[{ do: 'kill', server: 'filesystem' }],
			[{ do: 'reconnectAll' }]
		]);
		expect(presenter.at).toBe(2);

		await presenter.reset();
		expect(filesystem(session).status).toBe('connected');
		await presenter.playToPause();
		expect(filesystem(session).process).toBe('killed');
		expect(filesystem(session).status).toBe('failed');
	});

	it('keeps recording across a reset without taking the new world’s start-up', async () => {
		const { session, presenter } = await presenting();
		presenter.startRecording();
		await session.world.run((w) => w.hang('internal-api'));
		await presenter.reset();
		await session.world.run((w) => w.kill('filesystem'));
		presenter.stopRecording();
		expect(presenter.cues.map((c) => c.actions[0])).toEqual([
			{ do: 'hang', server: 'internal-api' },
			{ do: 'kill', server: 'filesystem' }
		]);
	});

	it('keeps the lab’s list when nothing was recorded', async () => {
		const { presenter } = await presenting();
		presenter.startRecording();
		expect(presenter.stopRecording()).toEqual({ kind: 'recorded', count: 0, skipped: 0 });
		expect(presenter.cues).toBe(presenter.labCues);
	});
});

describe('cue files', () => {
	it('saves the list and loads it back; a bad file changes nothing and says where', async () => {
		const { presenter } = await presenting();
		const saved = presenter.fileJson();
		expect(await presenter.loadFile(saved)).toEqual({ kind: 'loaded', count: 10 });
		expect(presenter.own).toBe(true);
		expect(presenter.cues).toEqual(presenter.labCues);

		const broken = JSON.parse(saved);
		broken.cues[2].actions[0].server = 7;
		expect(await presenter.loadFile(JSON.stringify(broken))).toMatchObject({
			kind: 'invalid',
			path: 'cues[2].actions[0].server'
		});
		expect(presenter.cues).toHaveLength(10);
		expect(presenter.useLabCues()).toEqual({ kind: 'labCues' });
		expect(presenter.own).toBe(false);
	});
});

describe('presenting a lab without cues', () => {
	it('moves between the lab’s steps', async () => {
		const { session, presenter } = await presenting({ ...lab01, cues: undefined });
		expect(presenter.message.cues).toBeNull();
		await presenter.run('next');
		expect(session.step).toBe(1);
		await presenter.run('previous');
		expect(session.step).toBe(0);
		expect(await presenter.run('previous')).toEqual({ kind: 'start' });
	});
});
