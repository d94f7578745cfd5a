// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { seenWorld } from '$lib/test-support/seen-world';
import { labSchema } from '$lib/core/labs/lab-schema';
import { fakeStorage } from './fake-storage';
import { LabSession } from './lab-session.svelte';
import { MomentKeeper, momentKey } from './moment-keeper';
import { restoreMoment } from './restore-moment';

const lab01 = labSchema.parse(
	JSON.parse(
		readFileSync(new URL('../../../labs/01-connection-isolation/lab.json', import.meta.url), 'utf8')
	)
);
const KEY = momentKey(lab01.id);
const PREDICT = lab01.steps.findIndex((s) => s.predict);

let sessions: LabSession[] = [];
afterEach(() => {
	for (const s of sessions) s.dispose();
	sessions = [];
});

function open() {
	const session = new LabSession(lab01.id, lab01);
	session.world.speed = 'instant';
	sessions.push(session);
	return session;
}

const seen = (session: LabSession) => seenWorld(session, { wire: false });

/** A keeper over `store`, armed as the page arms it once open. */
function keeperOf(session: LabSession, store: ReturnType<typeof fakeStorage>) {
	const keeper = new MomentKeeper(
		session,
		lab01,
		() => store,
		() => false
	);
	keeper.arm('');
	return keeper;
}

describe('a lab page’s kept moment', () => {
	it('keeps nothing for the lab as it opens, and forgets a moment once the lab is reset', async () => {
		const store = fakeStorage({ [KEY]: 'older' });
		const session = open();
		await session.start();
		session.lab?.check();
		const keeper = keeperOf(session, store);
		await keeper.flush();
		expect(store.data.has(KEY)).toBe(false);

		await session.world.run((w) => w.kill('filesystem'));
		await keeper.flush();
		expect(store.data.has(KEY)).toBe(true);
		await session.reset();
		session.lab?.check();
		await keeper.flush();
		expect(store.data.has(KEY)).toBe(false);
	});

	it('leaving the lab keeps its moment, though the writing code is still on its way', async () => {
		const store = fakeStorage();
		const session = open();
		await session.start();
		await session.world.run((w) => w.kill('filesystem'));
		const keeper = keeperOf(session, store);
		// As the page's onDestroy does: flush, then nothing more.
		const written = keeper.flush();
		keeper.disarm();
		await written;
		expect(store.data.has(KEY)).toBe(true);
	});

	it('brings back the step, the world, the answer and the ticks, without goals met by the replay', async () => {
		const store = fakeStorage();
		const before = open();
		await before.start();
		before.lab?.check();
		before.lab?.goTo(PREDICT);
		before.lab?.answer('marked-failed');
		await before.world.run((w) => w.kill('filesystem'));
		before.lab?.check();
		await keeperOf(before, store).flush();

		const after = open();
		const restored = await restoreMoment(after, lab01, store.data.get(KEY)!, {
			forget: () => store.removeItem(KEY)
		});
		expect(restored).toEqual({ ok: true, step: PREDICT, redacted: false });
		expect(seen(after)).toBe(seen(before));
		expect(after.step).toBe(PREDICT);
		expect(after.lab?.progress.steps.map((s) => [s.met, s.prediction])).toEqual(
			before.lab?.progress.steps.map((s) => [s.met, s.prediction])
		);
		// Checked again as the page checks after every change: the rebuilt history meets nothing.
		const progress = after.lab?.progress;
		after.lab?.check();
		expect(after.lab?.progress).toBe(progress);
		expect(after.timeline?.at).toBe(2);
		expect(after.lab?.hiddenPanels).toEqual([]);
		// The world is the lab's own: the keeper knows it for the lab's again.
		expect(after.scenario).toBe(lab01.scenario);
	});

	it('a moment that does not check is forgotten, and the lab opens at its start', async () => {
		const store = fakeStorage();
		const before = open();
		await before.start();
		await before.world.run((w) => w.kill('filesystem'));
		await keeperOf(before, store).flush();
		const record = JSON.parse(store.data.get(KEY)!);
		record.actions[1].action = { do: 'explode' };
		store.setItem(KEY, JSON.stringify(record));

		const after = open();
		const restored = await restoreMoment(after, lab01, store.data.get(KEY)!, {
			forget: () => store.removeItem(KEY)
		});
		expect(restored).toEqual({ ok: false });
		expect(store.data.has(KEY)).toBe(false);
		expect(after.step).toBe(0);
		expect(after.world.world.actions.map((a) => a.action.do)).toEqual(['startSession']);
		expect(after.timeline?.error ?? null).toBeNull();
	});
});
