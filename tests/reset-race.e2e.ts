import { expect, test, type Page } from '@playwright/test';
import { t } from './helpers/messages';

// Buttons pressed faster than a person can (a double click landing in one task): the page ends
// settled on the last world, with no false failure and no error thrown into the page.
const en = (key: string) => t('en', key);

async function open(page: Page, lab: string, errors: string[]) {
	page.on('pageerror', (error) => errors.push(String(error)));
	await page.goto(`labs/${lab}?speed=instant&lang=en`);
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
}

/**
 * Clicks these buttons, by their text, one after another, each as soon as the page has drawn it
 * (Reset the lab asks first: its question comes a task or two later), far faster than a person.
 */
async function burst(page: Page, names: string[]) {
	await page.evaluate(async (names) => {
		const find = (name: string) =>
			[...document.querySelectorAll('button')].find(
				(b) => (b.getAttribute('aria-label') || b.textContent || '').trim() === name
			);
		for (const name of names) {
			let button = find(name);
			for (let tries = 0; !button && tries < 500; tries++) {
				await new Promise((resolve) => setTimeout(resolve, 0));
				button = find(name);
			}
			if (!button) throw new Error(`No button ${name}`);
			button.click();
		}
	}, names);
}
const reset = [en('lab_reset'), en('progress_confirm_yes')];

test('two resets in quick succession leave the new world connected, with no failure shown', async ({
	page
}) => {
	const errors: string[] = [];
	await open(page, '01-connection-isolation', errors);
	await burst(page, [...reset, ...reset]);
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
	await expect(page.getByText(en('harness_error'))).toHaveCount(0);
	expect(errors).toEqual([]);
});

test('reset, restart the harness, reset: the page settles and its controls work again', async ({
	page
}) => {
	const errors: string[] = [];
	await open(page, '05-fault-drills', errors);
	await burst(page, [...reset, en('harness_restart_harness'), ...reset]);
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes', {
		timeout: 15_000
	});
	await expect(
		page.getByRole('button', { name: en('harness_restart_harness'), exact: true })
	).toBeEnabled();
	expect(errors).toEqual([]);
});
