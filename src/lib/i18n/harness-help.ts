import type { MiniHarnessView } from '$lib/core/profiles/miniharness/view';
import type { ProfileView } from '$lib/core/world/profile-extension';
import { m } from '$lib/paraglide/messages';

/** What the harness controls' three buttons do, in the words of one profile. */
export interface HarnessHelp {
	/** The harness panel's title, naming the harness. */
	title: string;
	start: string;
	reconnect: string;
	close: string;
	/**
	 * The status line for a started session whose profile state says otherwise than
	 * "Session started: the tool registry has been built", else null (the common line stands).
	 */
	started?: (view: ProfileView | null) => string | null;
}

// OpenHarness's texts (harness_*_help) stay in HarnessControls, which every page loads; these
// are loaded only by a world running one of these profiles. ToolSource runs OpenHarness's
// lifecycle unchanged, so it uses OpenHarness's texts (harness-help.world.test.ts).

export function trustHelp(): HarnessHelp {
	return {
		title: m.harness_title_trust(),
		start: m.harness_help_trust_start(),
		reconnect: m.harness_help_trust_reconnect(),
		close: m.harness_help_trust_close()
	};
}

export function miniHarnessHelp(): HarnessHelp {
	return {
		title: m.harness_title_miniharness(),
		start: m.harness_help_miniharness_start(),
		reconnect: m.harness_help_miniharness_reconnect(),
		close: m.harness_help_miniharness_close(),
		// After Reconnect all the world's session is still on, but every client is closed.
		started: (view) =>
			view?.profile === 'miniharness' && (view as MiniHarnessView).session === 'closed'
				? m.harness_status_miniharness_closed()
				: null
	};
}

export function contextualHelp(): HarnessHelp {
	return {
		title: m.harness_title_contextual(),
		start: m.harness_help_contextual_start(),
		reconnect: m.harness_help_contextual_reconnect(),
		close: m.harness_help_contextual_close()
	};
}

const byProfile: Record<string, () => HarnessHelp> = {
	trust: trustHelp,
	miniharness: miniHarnessHelp,
	contextual: contextualHelp
};

/** The profile's own texts, or null for a profile that uses OpenHarness's. */
export function harnessHelp(profile: string): HarnessHelp | null {
	return Object.hasOwn(byProfile, profile) ? byProfile[profile]() : null;
}
