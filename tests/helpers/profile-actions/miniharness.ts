import { t } from '../messages';
import type { ProfileAction } from '../profile-actions';

/** The miniharness profile's commands as a learner performs them in its panel. */
export const miniHarnessActions: Record<string, ProfileAction> = {
	retry: async (page, locale, args) => {
		await page
			.locator('[data-profile="miniharness"]')
			.getByRole('button', {
				name: t(locale, 'miniharness_retry_label', { call: String(args.call) })
			})
			.click();
	},
	wait: async (page, locale, args) => {
		const panel = page.locator('[data-profile="miniharness"]');
		await panel.getByLabel(t(locale, 'miniharness_wait_seconds')).fill(String(args.seconds));
		await panel.getByRole('button', { name: t(locale, 'miniharness_wait_button') }).click();
	}
};
