import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { t } from './helpers/messages';
import { labHint, play, settled } from './helpers/play-lab';
import { visibleTextCount } from './helpers/visible-text';

// Lab 05's reconciliations must give the verdict the step's facts call for, and a call is
// reconciled once: a learner who answered the other way is told so by the step's hint, steps
// back in Time travel and answers again.

const LAB = '05-fault-drills';

// In English only: labs.e2e.ts plays lab 05 in Chinese, with its hints and checks.
for (const locale of ['en']) {
	test(`a call reconciled the wrong way keeps its check open and shows the step's hint; Back one action, then the right answer meets it (${locale})`, async ({
		page
	}) => {
		// Opened at the reconcile step (step=4): the steps before it played, the refund unknown.
		await page.goto(`labs/${LAB}?step=4&speed=instant&lang=${locale}`);
		await settled(page);
		const check = (id: string) => page.getByTestId('checklist').locator(`[data-check="${id}"]`);
		await expect(page.getByTestId('run-interrupted')).toBeVisible();

		// No refund was found: "It happened" is the wrong answer. The run goes on all the same.
		await play(page, locale, { do: 'reconcile', verdict: 'applied' });
		await expect(page.getByTestId('run-interrupted')).toBeHidden();
		await expect(check('reconciled')).not.toHaveAttribute('data-met', 'true');
		await expect(
			page.getByRole('button', { name: new RegExp(t(locale, 'toolsource_reconcile_applied')) })
		).toHaveCount(0);
		// The step says what went wrong and how to put it right, on the page and to a screen reader.
		const words = labHint(LAB, locale, 'reconcile', 'wrong-verdict');
		const hints = page.getByRole('region', { name: t(locale, 'lab_hint_heading') });
		await expect(hints.getByRole('listitem')).toHaveText([words]);
		await expect(page.getByTestId('live-region')).toContainText(
			t(locale, 'announce_hint', { text: words })
		);
		if (locale === 'en') await expectNoAxeViolations(page);

		await page.getByRole('button', { name: t(locale, 'timeline_back'), exact: true }).click();
		await settled(page);
		await expect(page.getByTestId('run-interrupted')).toBeVisible();
		// The wrong turn is undone: its hint goes with it.
		await expect(hints).toHaveCount(0);
		await play(page, locale, { do: 'reconcile', verdict: 'not_applied' });
		await expect(check('reconciled')).toHaveAttribute('data-met', 'true');
		await expect(check('running')).toHaveAttribute('data-met', 'true');
		await expect(hints).toHaveCount(0);
	});
}

test('before its question is answered, lab 05 does not say that annotations are only hints', async ({
	page
}) => {
	// Step 2 asks who decides that a tool only reads: the server's readOnlyHint or the allowlist.
	await page.goto(`labs/${LAB}?step=1&speed=instant`);
	await settled(page);
	expect(await visibleTextCount(page, t('en', 'toolsource_annotations_hint'))).toBe(0);
});
