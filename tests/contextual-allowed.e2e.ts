import { expect, test } from '@playwright/test';
import { command, openHost } from './helpers/embed-host';
import { t } from './helpers/messages';

// An allowed_tools entry that names no tool its server lists (a typo, a wrong case) allows
// nothing and hides nothing; the contextual panel says which, once a run has listed the tools.

const scenario = {
	profile: 'contextual',
	mcp_servers: {
		kb: {
			type: 'http',
			url: 'https://kb.example.com/mcp',
			sim: { tools: [{ name: 'search_docs' }, { name: 'whoami' }, { name: 'delete_space' }] }
		}
	},
	contextual: {
		servers: { kb: { allowed_tools: ['whoami', 'serach_docs', 'WhoAmI'] } },
		identities: { alice: { user_id: 'u-alice' } }
	}
};

// In English only: lab-07.e2e.ts drives the contextual panel in Chinese.
for (const locale of ['en']) {
	test(`allowed_tools entries that match no listed tool are named after a run starts (${locale})`, async ({
		page
	}) => {
		await openHost(page, { lab: 'sandbox', lang: locale });
		expect((await command(page, 'setScenario', { scenario })).error).toBeUndefined();
		const frame = page.frameLocator('iframe');
		const panel = frame.locator('[data-profile="contextual"]');
		const unmatched = panel.getByTestId('contextual-unmatched');
		// Before a run nothing is listed, so nothing is said.
		await expect(
			panel.getByRole('button', { name: t(locale, 'contextual_start_run') })
		).toBeVisible();
		await expect(unmatched).toHaveCount(0);

		await panel.getByRole('button', { name: t(locale, 'contextual_start_run') }).click();
		await expect(unmatched).toHaveText(
			t(locale, 'contextual_unmatched', { tools: 'kb/serach_docs, kb/WhoAmI' })
		);
		// The model has the one tool an entry names exactly (not the "Another name…" entry).
		const offered = await frame
			.locator('#calls')
			.getByLabel(t(locale, 'call_tool'), { exact: true })
			.locator('option')
			.evaluateAll((all) =>
				(all as HTMLOptionElement[]).map((o) => o.value).filter((v) => !v.startsWith('\u0000'))
			);
		expect(offered).toEqual(['whoami']);
	});
}
