import { m } from '$lib/paraglide/messages';

/**
 * ToolSource's sentences in the shared panels (Model calls, the harness controls, the clock
 * line): loaded with its parts, so the other worlds' start-up carries none of them.
 */
export const toolSourceWords = {
	restartHarness: m.harness_restart_harness,
	restartHarnessHelp: m.harness_restart_harness_help,
	callCaption: m.toolsource_call_caption,
	otherHint: m.call_other_hint_toolsource,
	interrupted: m.toolsource_call_interrupted,
	timeoutNote: m.lab_timeout_note_toolsource
};
