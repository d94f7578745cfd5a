import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// Filtering the protocol log says how many messages the filter leaves, on the page and in the
// live region: the rows change silently otherwise.

const en = (key: string) => t('en', key);

test('a log filter says how many messages match, and the rows are those', async ({ page }) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	const log = page.locator('#log');
	await expect(log.getByTestId('wire-matching')).toHaveCount(0);

	await log.getByLabel(en('wire_filter_kind'), { exact: true }).selectOption('requests');
	const matching = log.getByTestId('wire-matching');
	await expect(matching).toHaveText(/^\d+ of \d+ messages match the filter\.$/);
	const [, count, total] = /^(\d+) of (\d+)/.exec((await matching.textContent())!.trim())!;
	expect(Number(count)).toBeLessThan(Number(total));
	await expect(log.getByRole('list', { name: en('wire_list_label') }).locator('> li')).toHaveCount(
		Number(count)
	);
	await expect(page.getByTestId('live-region')).toContainText(
		`${count} of ${total} messages match the filter.`
	);

	await log.getByLabel(en('wire_filter_kind'), { exact: true }).selectOption('all');
	await expect(matching).toHaveCount(0);
});

test('the log’s server filter lists the servers in the server cards’ order', async ({ page }) => {
	// Lab 06's scenario lists backup, primary, payments, realtime; the cards are in name order.
	await page.goto('labs/06-sdk-client-discipline?speed=instant');
	await settled(page);
	const cards = (await page.locator('#servers article h3').allTextContents()).map((n) => n.trim());
	expect(cards.length).toBeGreaterThan(1);
	const options = page
		.locator('#log')
		.getByLabel(en('wire_filter_server'), { exact: true })
		.locator('option');
	await expect(options).toHaveText([en('wire_all_servers'), ...cards]);
});
