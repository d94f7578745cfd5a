import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';

// Every route, in both languages, once the world has settled, checked by axe (WCAG 2.1 A/AA).
const routes = [
	'',
	'labs/01-connection-isolation',
	'embed/01-connection-isolation',
	'embed/sandbox'
];

for (const lang of ['en', 'zh-CN']) {
	for (const route of routes) {
		test(`axe: /${route} (${lang})`, async ({ page }) => {
			const errors: string[] = [];
			page.on('console', (message) => {
				if (message.type() === 'error') errors.push(message.text());
			});
			page.on('pageerror', (error) => errors.push(error.message));
			await page.goto(`${route}?lang=${lang}`);
			await expect(page.locator('html')).toHaveAttribute('lang', lang);
			if (route) await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
			await expectNoAxeViolations(page);
			expect(errors).toEqual([]);
		});
	}
}

test('the dark theme passes axe too', async ({ page }) => {
	await page.goto('embed/01-connection-isolation?theme=dark');
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
	await expectNoAxeViolations(page);
});
