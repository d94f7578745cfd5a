import { m } from '$lib/paraglide/messages';

/** What the harness controls' three buttons do, in the words of one profile. */
export interface HarnessHelp {
	start: string;
	reconnect: string;
	close: string;
}

// OpenHarness's texts (harness_*_help) stay in HarnessControls, which every page loads; these
// are loaded only by a world running one of these profiles. ToolSource runs OpenHarness's
// lifecycle unchanged, so it uses OpenHarness's texts (harness-help.world.test.ts).

export function trustHelp(): HarnessHelp {
	return {
		start: m.harness_help_trust_start(),
		reconnect: m.harness_help_trust_reconnect(),
		close: m.harness_help_trust_close()
	};
}

export function miniHarnessHelp(): HarnessHelp {
	return {
		start: m.harness_help_miniharness_start(),
		reconnect: m.harness_help_miniharness_reconnect(),
		close: m.harness_help_miniharness_close()
	};
}

export function contextualHelp(): HarnessHelp {
	return {
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
