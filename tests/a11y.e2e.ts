import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { expectNoAxeViolations } from './helpers/axe';

// Every route, in both languages, once the world has settled, checked by axe (WCAG 2.1 A/AA).
// (The sandbox page has its own axe checks in sandbox.e2e.ts.)
const labs = readdirSync(new URL('../labs/', import.meta.url), { withFileTypes: true })
	.filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
	.map((d) => d.name);
const routes = ['', ...labs.flatMap((lab) => [`labs/${lab}`, `embed/${lab}`]), 'embed/sandbox'];

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
