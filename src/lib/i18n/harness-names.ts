import type { ProfileId } from '$lib/core';
import { m } from '$lib/paraglide/messages';

/**
 * Each harness profile's human name, in the page's language: what the world editor's harness
 * choice lists and says. The harness panel's titles ("Harness (MiniHarness)") name the same.
 */
const names: Record<ProfileId, () => string> = {
	openharness: m.harness_name_openharness,
	toolsource: m.harness_name_toolsource,
	trust: m.harness_name_trust,
	miniharness: m.harness_name_miniharness,
	contextual: m.harness_name_contextual
};

export function harnessName(profile: ProfileId): string {
	return names[profile]();
}
