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
