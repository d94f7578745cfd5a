import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import { i18n } from '$lib/i18n/locale.svelte';
import StaleNote from './StaleNote.svelte';
import { text } from './test-support/render';

// A card whose harness still says connected over a dead session: killed or hung, or restarted
// (the new process has no session until a reconnect).
const note = (restarted: boolean) => text(render(StaleNote, { props: { restarted } }).body).trim();

afterEach(() => {
	i18n.locale = 'en';
});

describe('the stale-connection warning', () => {
	it('says what the harness has not noticed, and for a restart that the session is the old one', () => {
		expect(note(false)).toBe(
			'⚠ The harness has not noticed: the status still says connected. A failed call does not change it; only a reconnect does, or a health check in a harness that has one.'
		);
		expect(note(true)).toBe(
			'⚠ The harness has not noticed: the status still says connected, but its session is with the process that went away. The new process gets a session only from a reconnect; a failed call changes nothing.'
		);
	});

	it('says it in Chinese on a Chinese page', () => {
		i18n.locale = 'zh-CN';
		expect(note(true)).toContain('它的会话连着的是已经不在的那个进程');
	});
});
