import { describe, expect, it } from 'vitest';
import { loadLab } from '../../../labs/test-support';
import { i18n } from '$lib/i18n/locale.svelte';
import { WorldState } from '$lib/state/world-state.svelte';
import HungNote from './HungNote.svelte';
import { html, text } from './test-support/render';

// A hung server's card says who gives up on it and after how long: the world's harness, not
// always OpenHarness (lab 05's ToolSource waits 5 s; lab 06's MiniHarness 30 s, its own default).
const noteOf = async (folder: string) => {
	const { lab } = loadLab(new URL(`../../../labs/${folder}/`, import.meta.url));
	const world = new WorldState(lab.scenario);
	try {
		await world.run((w) => w.startSession());
		return text(html(world, HungNote)).trim();
	} finally {
		world.dispose();
	}
};

describe('the hung-server note', () => {
	it('names the harness of the world and its own timeout', async () => {
		expect(await noteOf('01-connection-isolation')).toBe(
			'A hung server reads no requests and sends no answers. OpenHarness sets no read timeout; the lab gives up after 30 simulated seconds (an illustration).'
		);
		expect(await noteOf('05-fault-drills')).toBe(
			'A hung server reads no requests and sends no answers. ToolSource stops waiting for a call after 5 simulated seconds (toolsource.timeoutMs).'
		);
		expect(await noteOf('06-sdk-client-discipline')).toBe(
			'A hung server reads no requests and sends no answers. MiniHarness fails each request to it after 30 simulated seconds, its session’s timeout (miniharness.timeoutMs).'
		);
		expect(await noteOf('07-per-run-headers')).toContain(
			'The reference gives this harness no timeout'
		);
	});

	it('says it in Chinese on a Chinese page', async () => {
		i18n.locale = 'zh-CN';
		expect(await noteOf('05-fault-drills')).toContain('ToolSource 对一次调用最多等待模拟时间 5 秒');
	});
});
