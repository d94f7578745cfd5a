import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { labSchema } from '$lib/core/labs/lab-schema';
import { withLiveUrl } from '$lib/core/live/live-servers';
import { fakeStorage } from './fake-storage';
import {
	LIVE_ADDRESSES_KEY,
	rememberLiveAddresses,
	withRememberedAddresses
} from './live-addresses';

const lab = labSchema.parse(
	JSON.parse(readFileSync(new URL('../../../labs/08-live-mode/lab.json', import.meta.url), 'utf8'))
);
const OWN = 'http://127.0.0.1:8787/notes/mcp';
const MOVED = 'http://127.0.0.1:8788/notes/mcp';
const at = (url: string) => withLiveUrl(lab.scenario, 'notes-live', url);
const urlOf = (scenario: typeof lab.scenario | null) =>
	(scenario?.mcp_servers['notes-live'] as { url: string } | undefined)?.url;

describe('live addresses kept for a lab in this tab', () => {
	it('keeps a moved address, opens the lab on it, and forgets it once back at the lab’s own', () => {
		expect(urlOf(lab.scenario)).toBe(OWN);
		const storage = fakeStorage();
		// What Reset the lab comes back to: the lab's world at the kept address.
		expect(rememberLiveAddresses(lab, at(MOVED), storage)).toEqual(at(MOVED));
		expect(JSON.parse(storage.data.get(LIVE_ADDRESSES_KEY)!)).toEqual({
			'08-live-mode': { 'notes-live': MOVED }
		});
		const opened = withRememberedAddresses(lab, storage);
		expect(urlOf(opened)).toBe(MOVED);
		// Nothing else of the world changes.
		expect(opened).toEqual(at(MOVED));

		expect(rememberLiveAddresses(lab, at(OWN), storage)).toBeNull();
		expect(storage.data.has(LIVE_ADDRESSES_KEY)).toBe(false);
		expect(withRememberedAddresses(lab, storage)).toBeNull();
	});

	it('keeps no address that may carry a secret: a query, a fragment, a user name', () => {
		const storage = fakeStorage();
		for (const url of [
			`${MOVED}?key=s3cret`,
			`${MOVED}#token=s3cret`,
			'http://me:pw@127.0.0.1:8788/notes/mcp'
		]) {
			rememberLiveAddresses(lab, at(url), storage);
			expect(storage.data.has(LIVE_ADDRESSES_KEY), url).toBe(false);
		}
	});

	it('reads storage as hostile: only the lab’s live servers, only plain http(s) addresses', () => {
		const stored = (value: unknown) => fakeStorage({ [LIVE_ADDRESSES_KEY]: JSON.stringify(value) });
		for (const value of [
			{ '08-live-mode': { 'notes-live': 'javascript:alert(1)' } },
			{ '08-live-mode': { 'notes-live': `${MOVED}?key=s3cret` } },
			{ '08-live-mode': { notes: MOVED, __proto__: { 'notes-live': MOVED } } },
			{ '08-live-mode': ['notes-live'] },
			{ '08-live-mode': { 'notes-live': 42 } },
			'not an object'
		])
			expect(withRememberedAddresses(lab, stored(value)), JSON.stringify(value)).toBeNull();
		expect(
			withRememberedAddresses(lab, fakeStorage({ [LIVE_ADDRESSES_KEY]: '{not json' }))
		).toBeNull();
	});

	it('goes on without storage that refuses: nothing stored, nothing thrown', () => {
		const refusing = fakeStorage({}, ['get', 'set']);
		// Kept for the page all the same: Reset the lab still comes back to it.
		expect(rememberLiveAddresses(lab, at(MOVED), refusing)).toEqual(at(MOVED));
		expect(withRememberedAddresses(lab, refusing)).toBeNull();
		expect(withRememberedAddresses(lab, null)).toBeNull();
	});
});
