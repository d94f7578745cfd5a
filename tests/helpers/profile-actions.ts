import type { Page } from '@playwright/test';
import { contextualActions } from './profile-actions/contextual';
import { miniHarnessActions } from './profile-actions/miniharness';
import { trustActions } from './profile-actions/trust';

/** How a learner performs one profile command in the UI (the profile's panel, by accessible name). */
export type ProfileAction = (
	page: Page,
	locale: string,
	args: Record<string, unknown>
) => Promise<void>;

const actions: Record<string, Record<string, ProfileAction>> = {
	trust: trustActions,
	miniharness: miniHarnessActions,
	contextual: contextualActions
};

/** Plays `{do: 'profile', command, args}` through the panel of the profile that has the command. */
export async function playProfileCommand(
	page: Page,
	locale: string,
	command: string,
	args: Record<string, unknown>
): Promise<void> {
	const profile = await page.getAttribute('[data-profile]', 'data-profile');
	const play = profile ? actions[profile]?.[command] : undefined;
	if (!play) throw new Error(`No UI action for profile command '${command}' (profile ${profile}).`);
	await play(page, locale, args);
}
