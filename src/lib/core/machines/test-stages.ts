import type { CallStage } from './call.stages';

/** Every stage of an OpenHarness call that asks nobody, in their order (for tests). */
export const UNASKED_STAGES: readonly CallStage[] = [
	'preToolUse',
	'lookup',
	'validation',
	'permission',
	'executing',
	'normalising',
	'postToolUse'
];
