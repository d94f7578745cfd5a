import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { expectNoAxeViolations } from './helpers/axe';
import { refuseLiveServers } from './helpers/live-lab';
import { englishLeft } from './helpers/english-left';
import { switchLanguage } from './helpers/language';
import { callFirstTool, openEditor, watchProblems } from './helpers/page-problems';
import { labSteps, settled } from './helpers/play-lab';

// Every route once the world has settled, checked by axe (WCAG 2.1 A/AA): all of them in English,
// and in Chinese every page but the lab embeds, which draw the lab page's own panels (two of them
// stay: one simulated world, one with a live server). Sweeping the other embeds again in Chinese
// cost about 50 s of CI and never found what the lab pages had not.
// Every load is also watched for CSP violations, console errors and uncaught exceptions; each lab
// page and lab embed is then used under the site's strict policy, in the same load: its world
// editor opened (CodeMirror loads on demand) and a tool called. csp.e2e.ts checks the policy
// itself and the pages this sweep does not drive.
// A page with the header's language links is then switched to Chinese in place, as a learner
// does, and checked again there: the same page, its editor open and a call made, where a second
// load in Chinese cost 2–4 s a route. Embeds have no language links: they load in Chinese.
// (The sandbox page has its own axe checks in sandbox.e2e.ts.)
const labs = readdirSync(new URL('../labs/', import.meta.url), { withFileTypes: true })
	.filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
	.map((d) => d.name);
const routes = [
	'',
	'embed',
	...labs.flatMap((lab) => [`labs/${lab}`, `embed/${lab}`]),
	'embed/sandbox'
];

const zhEmbeds = ['embed/01-connection-isolation', 'embed/08-live-mode'];
for (const kept of zhEmbeds)
	if (!routes.includes(kept)) throw new Error(`a11y: ${kept} is not a route any more`);
const inChinese = (route: string) => !/^embed\/\d\d-/.test(route) || zhEmbeds.includes(route);

// Colour contrast on the lab embeds: their panels are the lab pages' own components, with the
// same CSS, and /labs/<lab> checks every one of them for contrast just before. What an embed
// adds is its page's background (slate-50 where a lab page is white): the text drawn straight
// on it is the narration's (black, slate-600 and link blue, the same colours in every lab). One
// lab embed keeps the contrast rule (lab 00's, with the most text on that background), as do
// /embed (a lab embed in its preview frame), /embed/sandbox and the dark-theme embed (in
// theme.e2e.ts); the other ten skip it, about 1 s of axe each. Every other rule runs on every
// embed.
const contrastEmbed = 'embed/00-protocol-basics';
if (!routes.includes(contrastEmbed))
	throw new Error(`a11y: ${contrastEmbed} is not a route any more`);
const skipsContrast = (route: string) => /^embed\/\d\d-/.test(route) && route !== contrastEmbed;

// A lab at the default speed takes 1.5 s more to settle while its connections step through their
// machines; the settled world is the same. One lab keeps the default speed a learner opens with.
const instant = (route: string, lang: string) =>
	/^(labs|embed)\/\d\d-/.test(route) &&
	!(route === 'labs/01-connection-isolation' && lang === 'en');

/** Pages whose header has the language links: checked in Chinese in the same load. */
const switchable = (route: string) => route === '' || route.startsWith('labs/');

for (const lang of ['en', 'zh-CN']) {
	const checked =
		lang === 'en' ? routes : routes.filter((route) => inChinese(route) && !switchable(route));
	for (const route of checked) {
		const thenChinese = lang === 'en' && inChinese(route) && switchable(route);
		test(`axe and CSP: /${route} (${thenChinese ? 'en, then zh-CN' : lang})`, async ({ page }) => {
			// A lab with a live server opens with it refused (no lab server running).
			const lab = labs.find((id) => route.endsWith(`/${id}`)) ?? '';
			if (lab) await refuseLiveServers(page, lab);
			const problems = await watchProblems(page, lab);
			await page.goto(`${route}?lang=${lang}${instant(route, lang) ? '&speed=instant' : ''}`);
			await expect(page.locator('html')).toHaveAttribute('lang', lang);
			// The /embed page's world is in its preview frame (axe checks inside frames too).
			const world = route === 'embed' ? page.frameLocator('[data-testid="embed-preview"]') : page;
			if (route)
				await expect(world.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
			await expectNoAxeViolations(page, {
				disableRules: skipsContrast(route) ? ['color-contrast'] : []
			});
			if (lab && lang === 'en') {
				await openEditor(page);
				await callFirstTool(page);
			}
			expect(await problems()).toEqual([]);
			if (!thenChinese) return;
			await switchLanguage(page, 'zh-CN');
			if (route) await settled(page);
			await expectNoAxeViolations(page);
			expect(await problems()).toEqual([]);
			expect(await englishLeft(page)).toEqual([]);
		});
	}
}

// The dark theme's axe passes (with colour contrast) are in theme.e2e.ts: a lab embed with
// theme=dark, a lab page, /, /embed, /live and /sandbox on a dark system.

// Progress only appears after the page reads storage, so its states are checked on their own:
// the home page with steps done, a finished lab and an open reset question, and a lab page
// offering what to try next.
// In English only: progress.e2e.ts checks the home page's progress in Chinese, and the pages
// themselves pass axe in Chinese above.
for (const lang of ['en']) {
	test(`axe: learner progress on the home page and at a lab's end (${lang})`, async ({ page }) => {
		// Lab 02 finished: every step done, the page opened at its last step.
		const last = labSteps('02-naming').length - 1;
		await page.addInitScript((steps) => {
			localStorage.setItem(
				'mcp-lab.progress.v1',
				JSON.stringify({
					v: 1,
					labs: {
						'01-connection-isolation': { done: [0, 2], finished: false },
						'02-naming': { done: [...Array(steps).keys()], finished: true }
					}
				})
			);
		}, last + 1);
		await page.goto(`?lang=${lang}`);
		await expect(page.getByTestId('lab-progress')).toHaveCount(2);
		await expectNoAxeViolations(page);
		await page
			.getByRole('listitem')
			.filter({ has: page.locator('#lab-link-02-naming') })
			.getByRole('button')
			.click();
		await expect(page.getByRole('group')).toBeVisible();
		await expectNoAxeViolations(page);

		await page.goto(`labs/02-naming?lang=${lang}&step=${last}`);
		await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
		await expect(page.getByTestId('what-next')).toBeVisible();
		await expectNoAxeViolations(page);
	});
}
