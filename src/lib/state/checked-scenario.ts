import type { Scenario } from '$lib/core';
import { parseScenario } from '$lib/core/scenario/parse';
import { describeProblems, unsupported } from '$lib/core/scenario/problems';
import { unusedKeys, type UnusedKey } from '$lib/core/scenario/unused-keys';

/**
 * A world given to a running page (LabSession.setScenario), parsed and checked, with its keys
 * that change nothing (unused-keys.ts). A module of its
 * own, loaded when the first such world comes: the scenario schemas are 4 KiB of an embed's
 * start-up otherwise. (Imported as this one module, the chunk needs no namespace object, which
 * would move the bundler's runtime helpers into a start-up chunk of their own.)
 */
// Said in English for the embed's answer (LabSession.setScenario), fetched with the checker.
export { unusedNotes } from '$lib/core/scenario/unused-keys';

export function checkedScenario(
	input: unknown
): { ok: true; scenario: Scenario; unused: UnusedKey[] } | { ok: false; error: string } {
	const parsed = parseScenario(input);
	if (!parsed.ok) return { ok: false, error: describeProblems(parsed.problems) };
	const refused = unsupported(parsed.scenario);
	if (refused.length)
		return { ok: false, error: describeProblems(refused, 'Unsupported scenario') };
	return { ok: true, scenario: parsed.scenario, unused: unusedKeys(input) };
}
