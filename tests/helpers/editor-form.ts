import { expect, type Page } from '@playwright/test';
import { t } from './messages';
import { settled } from './play-lab';

/**
 * The sandbox in `lang`, settled, with the world editor's form view opened by keyboard (its
 * button: on a window narrower than the editor's two columns, one view shows at a time).
 */
export async function openEditorForm(page: Page, lang: string) {
	await page.goto(`sandbox?speed=instant&lang=${lang}`);
	await expect(page.locator('html')).toHaveAttribute('lang', lang);
	await settled(page);
	await page
		.getByRole('group', { name: t(lang, 'editor_view_label') })
		.getByRole('button', { name: t(lang, 'editor_view_form'), exact: true })
		.focus();
	await page.keyboard.press('Enter');
	return page.getByTestId('scenario-form');
}

/** A world imported into the editor as a file (its Import button's input), in English. */
export async function importWorld(page: Page, world: unknown) {
	await page
		.getByRole('region', { name: t('en', 'editor_title') })
		.locator('input[type="file"]')
		.setInputFiles({
			name: 'world.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify(world))
		});
}
