import type { LabAction } from '../labs/lab-schema';
import type { PanelTarget } from '../labs/panel-targets';

/** A harness profile's own panel: a page shows at most one of them (Workspace.svelte). */
const PROFILE_PANELS = [
	'trust',
	'contextual',
	'miniharness',
	'toolsource',
	'pipeline-stages'
] as const;

/**
 * Where on a lab page the room sees what a cue's action does, as the page's panel ids (`<Panel
 * id>`), the first one the page shows. Projected at a large zoom the cue list fills the screen and
 * these panels are thousands of pixels below it: the page brings each one into view as its action
 * plays. Each is on the lab panel a learner's control for the action is on (lab-check's
 * PANEL_OF), so every lab that passes its check shows it. Empty: nothing on the page to look at
 * (a prediction is the narration's own).
 */
export const CUE_PLACES: Record<LabAction['do'], readonly PanelTarget[]> = {
	// The server cards: their state, the process, the warning that the harness has not noticed.
	startSession: ['servers'],
	closeSession: ['servers'],
	connectAll: ['servers'],
	reconnectAll: ['servers'],
	restartHarness: ['servers'],
	kill: ['servers'],
	restart: ['servers'],
	hang: ['servers'],
	// The mode's buttons, which say which one is on.
	setPermissionMode: ['harness'],
	// The list of calls, newest first: the call's stages and the result the model receives.
	call: ['calls'],
	answer: ['calls'],
	cancel: ['calls'],
	reconcile: ['toolsource', 'calls'],
	profile: PROFILE_PANELS,
	setScenario: ['editor', 'servers'],
	wireStep: ['messages'],
	answerSampling: ['host'],
	answerElicitation: ['host'],
	setRoots: ['host'],
	listResources: ['protocol'],
	listResourceTemplates: ['protocol'],
	listPrompts: ['protocol'],
	readResource: ['protocol'],
	getPrompt: ['protocol'],
	predict: []
};

/** The panel ids where the room sees this action, best first. */
export const cuePlaces = (action: LabAction): readonly PanelTarget[] => CUE_PLACES[action.do];
