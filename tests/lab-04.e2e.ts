import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { t } from './helpers/messages';
import { labHint, settled } from './helpers/play-lab';
import { playProfileCommand } from './helpers/profile-actions';

// Lab 04 beyond what labs.e2e.ts plays: the exact texts the trust panel shows, the grant
// editor used by keyboard alone, what is announced, and axe in both languages.

const GH = 'mcp__github__list_issues';
const EMPTY_BLOCK =
	'<available_deferred_tools>\n(no connectors connected — use trust_connector to activate)\n</available_deferred_tools>';

// In English only: labs.e2e.ts plays lab 04 in Chinese to its goals and finds no English left on
// the played page; this keyboard walk again in Chinese cost 7 s.
for (const locale of ['en']) {
	test(`lab 04: the trust panel by keyboard, its texts and its announcements (${locale})`, async ({
		page
	}) => {
		await page.goto(`labs/04-trust-and-grants?lang=${locale}&speed=instant`);
		await settled(page);
		const panel = page.locator('[data-profile="trust"]');
		await expect(
			panel.getByRole('heading', { name: t(locale, 'trust_panel_title') })
		).toBeVisible();
		await expect(panel.getByTestId('deferred-block')).toHaveText(EMPTY_BLOCK);
		await expect(
			panel.locator('[data-connector="github"] [data-testid="connector-state"]')
		).toHaveText('disconnected');
		// The page speaks of this harness, not OpenHarness: its two tools, and /mcp only as a
		// format to compare with.
		const builtins = page.locator('[data-builtin]');
		await expect(builtins).toHaveText(['ToolSearch', 'DeferExecuteTool']);
		await expect(page.locator('#registry')).toContainText(
			t(locale, 'registry_builtins_note_trust')
		);
		await expect(page.locator('#registry')).not.toContainText(t(locale, 'registry_builtins_note'));
		// Not "the model sees only the harness built-ins": it also reads the deferred block.
		await expect(page.locator('#registry')).toContainText(t(locale, 'registry_no_mcp_tools_trust'));
		await expect(page.locator('#registry')).not.toContainText(t(locale, 'registry_no_mcp_tools'));
		await expect(page.locator('#status')).toContainText(t(locale, 'status_caption_other'));
		await expect(page.locator('#harness-title')).toHaveText(t(locale, 'harness_title_trust'));
		await expectNoAxeViolations(page);

		// Trust by keyboard: the button is reached and pressed without a pointer.
		const trust = panel.getByRole('button', {
			name: t(locale, 'trust_trust_label', { connector: 'github' }),
			exact: true
		});
		await trust.focus();
		await page.keyboard.press('Enter');
		await settled(page);
		await expect(
			panel.locator('[data-connector="github"] [data-testid="connector-state"]')
		).toHaveText('connected');
		await expect(page.getByTestId('live-region')).toContainText(
			t(locale, 'trust_event_trusted', { connector: 'github' })
		);
		await expect(panel.getByTestId('deferred-block')).toHaveText(
			[
				'<available_deferred_tools>',
				'- mcp__github__create_pull_request: Create a pull request on a GitHub repository.',
				`- ${GH}: List issues on a GitHub repository.`,
				'</available_deferred_tools>'
			].join('\n')
		);

		// The network switch and a tool's box, by Space; the box keeps the focus as it moves.
		const network = panel.getByRole('switch', {
			name: t(locale, 'trust_network_label'),
			exact: true
		});
		await network.focus();
		await page.keyboard.press('Space');
		await settled(page);
		await expect(network).toBeChecked();
		const box = panel.getByRole('checkbox', {
			name: t(locale, 'trust_grant_tool_label', { tool: GH }),
			exact: true
		});
		await expect(box).not.toBeChecked();
		await box.focus();
		await page.keyboard.press('Space');
		await settled(page);
		await expect(box).toBeChecked();
		await expect(box).toBeFocused();
		await expect(panel.locator(`[data-region="both"]`)).toContainText(GH);
		await expect(panel.getByTestId('pool-heading')).toHaveText(t(locale, 'trust_venn_pool'));
		await expect(panel.getByTestId('pool-count')).toHaveText(
			t(locale, 'trust_pool_count', { count: 1 })
		);
		await expect(page.getByTestId('live-region')).toContainText(
			t(locale, 'trust_event_grant_changed', {
				tools: 1,
				network: t(locale, 'trust_network_on')
			})
		);

		// The pressure table, closed until opened (by keyboard): both rows, the estimate said as one.
		await expect(panel.locator('[data-row="generated"]')).toBeHidden();
		await panel.locator('summary', { hasText: t(locale, 'trust_pressure_heading') }).focus();
		await page.keyboard.press('Enter');
		await expect(panel.locator('[data-row="generated"]')).toContainText(
			t(locale, 'trust_pressure_cell', { chars: '180,801', tokens: '45,201' })
		);
		await expect(panel.getByText(t(locale, 'trust_pressure_illustration'))).toBeVisible();

		// Revoke by keyboard clears the pool.
		await panel
			.getByRole('button', { name: t(locale, 'trust_revoke_button'), exact: true })
			.focus();
		await page.keyboard.press('Enter');
		await settled(page);
		await expect(panel.getByTestId('pool-count')).toHaveText(
			t(locale, 'trust_pool_count', { count: 0 })
		);
		await expect(network).not.toBeChecked();

		// A whole grant as the helper plays it: boxes ticked, a name no circle shows typed in.
		await playProfileCommand(page, locale, 'grant', { tools: [GH, 'mcp__x__y'], network: true });
		await settled(page);
		await expect(panel.locator('[data-region="granted"]')).toHaveText('mcp__x__y');
		await expect(panel.getByTestId('pool-count')).toHaveText(
			t(locale, 'trust_pool_count', { count: 1 })
		);
		await expectNoAxeViolations(page);
	});
}

test('a hint that shows on arriving at a step is said after the step’s name', async ({ page }) => {
	// Trust withdrawn from github two steps early: the health step cannot kill a connected github.
	await page.goto('labs/04-trust-and-grants?step=3&speed=instant');
	await settled(page);
	await page
		.getByRole('button', { name: t('en', 'trust_untrust_label', { connector: 'github' }) })
		.click();
	await settled(page);
	const next = page.getByRole('button', { name: t('en', 'lab_next') });
	await next.click();
	await expect(page.getByRole('region', { name: t('en', 'lab_hint_heading') })).toHaveCount(0);
	await next.click();
	const words = labHint('04-trust-and-grants', 'en', 'health', 'github-untrusted');
	await expect(
		page.getByRole('region', { name: t('en', 'lab_hint_heading') }).getByRole('listitem')
	).toHaveText([words]);
	await expect(page.getByTestId('live-region')).toContainText(
		t('en', 'announce_hint', { text: words })
	);
});
