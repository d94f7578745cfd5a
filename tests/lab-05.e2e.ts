import { expect, test } from '@playwright/test';
import { t } from './helpers/messages';
import { play, settled } from './helpers/play-lab';

// Lab 05's reconciliations must give the verdict the step's facts call for, and a call is
// reconciled once: a learner who answered the other way steps back in Time travel and answers
// again, as the step's text says.

const LAB = '05-fault-drills';

for (const locale of ['en', 'zh-CN']) {
	test(`a call reconciled the wrong way keeps its check open; Back one action, then the right answer meets it (${locale})`, async ({
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

		await page.getByRole('button', { name: t(locale, 'timeline_back'), exact: true }).click();
		await settled(page);
		await expect(page.getByTestId('run-interrupted')).toBeVisible();
		await play(page, locale, { do: 'reconcile', verdict: 'not_applied' });
		await expect(check('reconciled')).toHaveAttribute('data-met', 'true');
		await expect(check('running')).toHaveAttribute('data-met', 'true');
	});
}
