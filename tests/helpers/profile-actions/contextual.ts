import type { ProfileAction } from '../profile-actions';
import { t } from '../messages';

/** The contextual profile's commands as a learner performs them in its panel. */
export const contextualActions: Record<string, ProfileAction> = {
	startRun: async (page, locale, args) => {
		const panel = page.locator('[data-profile="contextual"]');
		const form = panel.getByTestId('contextual-run-form');
		const context = (args.context ?? {}) as Record<string, unknown>;
		await form.getByLabel(t(locale, 'contextual_identity')).selectOption(String(args.identity));
		await form.getByLabel(t(locale, 'contextual_run_id')).fill(String(context.run_id ?? ''));
		await form.getByLabel(t(locale, 'contextual_thread_id')).fill(String(context.thread_id ?? ''));
		if (context.metadata !== undefined)
			await form
				.getByLabel(t(locale, 'contextual_metadata'))
				.fill(JSON.stringify(context.metadata));
		if (Array.isArray(args.servers)) {
			const boxes = form.getByRole('group', { name: t(locale, 'contextual_servers_legend') });
			for (const box of await boxes.getByRole('checkbox').all()) {
				const name = await box.evaluate((el) => el.closest('label')?.textContent?.trim() ?? '');
				await box.setChecked(args.servers.includes(name));
			}
		}
		await form
			.getByRole('button', { name: t(locale, 'contextual_start_run'), exact: true })
			.click();
	},
	endRun: async (page, locale) => {
		await page
			.locator('[data-profile="contextual"]')
			.getByRole('button', { name: t(locale, 'contextual_end_run'), exact: true })
			.click();
	}
};
