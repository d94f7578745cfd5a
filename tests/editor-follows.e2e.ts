import { expect, test } from '@playwright/test';
import { command, openHost } from './helpers/embed-host';
import { t } from './helpers/messages';

// The world editor shows the running world wherever it was replaced (the host page's
// setScenario, a share link, time travel). Text the person was editing is kept, and the editor
// says that it is not what runs, so Apply cannot replace the new world unknowingly.

const en = (key: string) => t('en', key);
const scenario = (server: string) => ({
	mcp_servers: { [server]: { type: 'stdio', command: 'x' } }
});

test('the editor follows a host setScenario, and keeps a draft with a word that it is stale', async ({
	page
}) => {
	await openHost(page, { lab: 'sandbox', view: 'editor,servers' });
	const frame = page.frameLocator('#lab');
	const editor = frame.getByRole('textbox', { name: en('editor_json_label') });
	await expect(editor).toBeVisible();

	// No edits yet: the editor follows the host's world.
	expect((await command(page, 'setScenario', { scenario: scenario('hostsrv') })).ok).toBe(true);
	await expect(editor).toContainText('"hostsrv"');
	await expect(frame.getByTestId('editor-stale')).toHaveCount(0);

	// An edit, then the host replaces the world again: the text stays, and says it is stale.
	await editor.click();
	await editor.press('ControlOrMeta+End');
	await editor.pressSequentially(' ');
	expect((await command(page, 'setScenario', { scenario: scenario('second') })).ok).toBe(true);
	await expect(frame.getByTestId('editor-stale')).toContainText(en('editor_stale'));
	await expect(editor).toContainText('"hostsrv"');
	await expect(editor).not.toContainText('"second"');

	// By keyboard: the running world's scenario replaces the draft.
	await frame.getByRole('button', { name: en('editor_show_running') }).focus();
	await page.keyboard.press('Enter');
	await expect(editor).toContainText('"second"');
	await expect(frame.getByTestId('editor-stale')).toHaveCount(0);
});

test('its own Apply at the page’s pace never calls the world it is starting stale', async ({
	page
}) => {
	await openHost(page, { lab: 'sandbox', view: 'editor,servers', speed: 'slow' });
	const frame = page.frameLocator('#lab');
	const editor = frame.getByRole('textbox', { name: en('editor_json_label') });
	await expect(editor).toBeVisible();
	// A latency of its own makes the new session take a while to start after the world is replaced.
	const slow = {
		mcp_servers: { paced: { type: 'stdio', command: 'x', sim: { latencyMs: 1500 } } }
	};
	await frame.getByRole('button', { name: en('editor_apply') }).waitFor();
	await editor.click();
	await editor.press('ControlOrMeta+a');
	await editor.press('Delete');
	await editor.pressSequentially(JSON.stringify(slow));
	// Every moment the stale notice is in the page, from the press to the end of the Apply.
	await page.frames()[1].evaluate(() => {
		(window as unknown as { staleSeen: number }).staleSeen = 0;
		new MutationObserver(() => {
			if (document.querySelector('[data-testid="editor-stale"]'))
				(window as unknown as { staleSeen: number }).staleSeen++;
		}).observe(document.body, { childList: true, subtree: true });
	});
	await frame.getByRole('button', { name: en('editor_apply') }).click();
	await expect(frame.getByRole('button', { name: en('editor_applying') })).toBeVisible();
	await expect(frame.getByRole('button', { name: en('editor_apply') })).toBeVisible({
		timeout: 20_000
	});
	expect(
		await page.frames()[1].evaluate(() => (window as unknown as { staleSeen: number }).staleSeen)
	).toBe(0);
	await expect(frame.getByTestId('editor-stale')).toHaveCount(0);
});
