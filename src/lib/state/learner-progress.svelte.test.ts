import { describe, expect, it } from 'vitest';
import { PROGRESS_KEY } from '$lib/core/labs/stored-progress';
import { fakeStorage } from './fake-storage';
import { LearnerProgress } from './learner-progress.svelte';

describe('LearnerProgress', () => {
	it('loads, records and resets through storage', () => {
		const storage = fakeStorage({
			[PROGRESS_KEY]: '{"v":1,"labs":{"01-a":{"done":[0],"finished":false}}}'
		});
		const progress = new LearnerProgress(() => storage);
		progress.load();
		expect(progress.progress.labs['01-a'].done).toEqual([0]);
		progress.markStepDone('01-a', 1, 2);
		expect(JSON.parse(storage.data.get(PROGRESS_KEY)!).labs['01-a']).toEqual({
			done: [0, 1],
			finished: true
		});
		progress.resetLab('01-a');
		expect(storage.data.has(PROGRESS_KEY)).toBe(false);
		expect(progress.progress.labs).toEqual({});
	});

	it('keeps steps another tab wrote since this one loaded', () => {
		const storage = fakeStorage();
		const here = new LearnerProgress(() => storage);
		const there = new LearnerProgress(() => storage);
		here.load();
		there.load();
		there.markStepDone('01-a', 0, 3);
		here.markStepDone('01-a', 1, 3);
		expect(JSON.parse(storage.data.get(PROGRESS_KEY)!).labs['01-a'].done).toEqual([0, 1]);
	});

	it('works in memory when storage throws on every access', () => {
		const progress = new LearnerProgress(() => {
			throw new DOMException('denied', 'SecurityError');
		});
		progress.load();
		progress.markStepDone('01-a', 0, 2);
		expect(progress.progress.labs['01-a'].done).toEqual([0]);
	});

	it('works in memory once a write fails (quota), without reading stale storage back', () => {
		const storage = fakeStorage({}, ['set']);
		const progress = new LearnerProgress(() => storage);
		progress.load();
		progress.markStepDone('01-a', 0, 2);
		progress.markStepDone('01-a', 1, 2);
		expect(progress.progress.labs['01-a']).toEqual({ done: [0, 1], finished: true });
		expect(storage.data.size).toBe(0);
	});

	it('shows empty progress when storage holds garbage', () => {
		const progress = new LearnerProgress(() => fakeStorage({ [PROGRESS_KEY]: '<script>' }));
		progress.load();
		expect(progress.progress.labs).toEqual({});
	});

	it('follows another tab through the storage event', () => {
		const listeners = new Map<string, (event: StorageEvent) => void>();
		const target = {
			addEventListener: (type: string, fn: (event: StorageEvent) => void) =>
				listeners.set(type, fn),
			removeEventListener: (type: string) => listeners.delete(type)
		} as unknown as Window;
		const progress = new LearnerProgress(() => null);
		const stop = progress.follow(target);
		const fire = (key: string | null, newValue: string | null) =>
			listeners.get('storage')!({ key, newValue } as StorageEvent);
		fire('other-key', '{"v":1,"labs":{"01-a":{"done":[0],"finished":false}}}');
		expect(progress.progress.labs).toEqual({});
		fire(PROGRESS_KEY, '{"v":1,"labs":{"01-a":{"done":[0],"finished":false}}}');
		expect(progress.progress.labs['01-a'].done).toEqual([0]);
		fire(null, null);
		expect(progress.progress.labs).toEqual({});
		stop();
		expect(listeners.size).toBe(0);
	});
});
