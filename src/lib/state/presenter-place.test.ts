import { describe, expect, it } from 'vitest';
import type { Cue } from '$lib/core/presenter/cues';
import { fakeStorage } from './fake-storage';
import { CUE_PLACE_KEY, cuesToReplay, keepPlace, keptPlace, placeNow } from './presenter-place';

const cue = (id: string): Cue => ({ id, actions: [], pause: false });
const cues = [cue('meet'), cue('ask'), cue('kill')];

describe("a tab's place in the cue list, kept for a reload", () => {
	it('is the count of cues played and the last one’s id, per lab; none at the start', () => {
		const storage = fakeStorage();
		keepPlace('01', placeNow(cues, 2, false), () => storage);
		expect(storage.data.get(`${CUE_PLACE_KEY}:01`)).toBe('{"at":2,"id":"ask"}');
		expect(keptPlace('01', () => storage)).toEqual({ at: 2, id: 'ask' });
		expect(keptPlace('10', () => storage)).toBeNull();
		keepPlace('01', placeNow(cues, 0, false), () => storage);
		expect(storage.data.size).toBe(0);
	});

	it('keeps only that an own list was in use, never its cues', () => {
		const storage = fakeStorage();
		keepPlace('01', placeNow(cues, 3, true), () => storage);
		expect(storage.data.get(`${CUE_PLACE_KEY}:01`)).toBe('{"own":true}');
		expect(keptPlace('01', () => storage)).toEqual({ own: true });
		expect(cuesToReplay({ own: true }, cues)).toBe(0);
	});

	it('goes back to a place only while the list still has that cue there', () => {
		expect(cuesToReplay({ at: 3, id: 'kill' }, cues)).toBe(3);
		expect(cuesToReplay({ at: 3, id: 'ask' }, cues)).toBe(0);
		expect(cuesToReplay({ at: 4, id: 'kill' }, cues)).toBe(0);
		expect(cuesToReplay(null, cues)).toBe(0);
	});

	it('reads nothing from a hand-edited or refused storage, and writes on when it is full', () => {
		for (const raw of ['{"at":0,"id":"meet"}', '{"at":1.5,"id":"meet"}', '{"at":1}', '[1]', 'x'])
			expect(keptPlace('01', () => fakeStorage({ [`${CUE_PLACE_KEY}:01`]: raw }))).toBeNull();
		expect(keptPlace('01', () => fakeStorage({}, ['get']))).toBeNull();
		expect(() =>
			keepPlace('01', { at: 1, id: 'meet' }, () => fakeStorage({}, ['set']))
		).not.toThrow();
	});
});
