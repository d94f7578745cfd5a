import { describe, expect, it } from 'vitest';
import type { ProfileId } from '$lib/core/scenario/schema';
import { m } from '$lib/paraglide/messages';
import HarnessControls from './HarnessControls.svelte';
import { html, startedStates, text } from './test-support/render';

// On first render (before any lazy module arrives) the controls show OpenHarness's help only
// where it is true: OpenHarness and ToolSource. The other profiles' texts: harness-help.test.ts.

const session = startedStates({ profile: 'openharness', mcp_servers: {} });

/** What a reader gets: a text kept only to hold its room while another loads is neither seen nor read. */
const unseen = /<p class="invisible[^"]*" aria-hidden="true">[^<]*<\/p>/g;

const help = async (profile: ProfileId) =>
	text(html(await session({ profile, mcp_servers: {} }), HarnessControls).replace(unseen, ''));

describe('harness controls help', () => {
	for (const profile of ['openharness', 'toolsource'] as const)
		it(`shows OpenHarness's lifecycle texts for ${profile}`, async () => {
			const all = await help(profile);
			for (const line of [
				m.harness_start_help(),
				m.harness_reconnect_help(),
				m.harness_close_help()
			])
				expect(all).toContain(line);
		});

	for (const profile of ['trust', 'miniharness', 'contextual'] as const)
		it(`shows no OpenHarness text for ${profile} while its own texts load`, async () => {
			const markup = html(await session({ profile, mcp_servers: {} }), HarnessControls);
			// Its room is held: OpenHarness's three lines, unseen and unread, until its own arrive.
			expect(markup.match(unseen)).toHaveLength(3);
			const all = await help(profile);
			for (const label of [m.harness_start(), m.harness_reconnect(), m.harness_close()])
				expect(all).toContain(label);
			expect(all).not.toContain('connect_all');
			expect(all).not.toContain(m.harness_close_help());
		});
});
