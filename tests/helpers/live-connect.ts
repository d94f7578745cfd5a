import type { Frame, Page } from '@playwright/test';
import { t } from './messages';

const en = (key: string) => t('en', key);

/**
 * Fills "Connect a live server" in a page or an embed's frame (opening it unless it is: the live
 * page opens it) and presses Connect; a token goes in its own field.
 */
export async function submitLiveConnect(
	scope: Page | Frame,
	name: string,
	address: string,
	token = ''
): Promise<void> {
	const form = scope.getByTestId('live-connect');
	// The form itself loads a moment after opening.
	const title = scope.getByText(en('live_connect_title'), { exact: true });
	if (!(await title.evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open)))
		await title.click();
	await form.getByLabel(en('live_connect_name'), { exact: true }).fill(name);
	await form.getByLabel(en('live_connect_url'), { exact: true }).fill(address);
	if (token) await form.getByLabel(en('live_connect_token'), { exact: true }).fill(token);
	await form.getByRole('button', { name: en('live_connect_submit'), exact: true }).click();
}
