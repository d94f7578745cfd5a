import type { PanelName } from '../embed/protocol';

/**
 * The page's panels a narration may link to, `[Model calls](#calls)`, by their element id (each
 * is a `<Panel id>` in src/lib/components), with the lab panel (lab.json `panels`) that shows it;
 * null: shown on every lab page. A learner follows the link to the panel's heading instead of
 * tabbing or scrolling through the panels before it.
 */
export const PANEL_TARGETS = {
	harness: 'servers',
	servers: 'servers',
	status: 'servers',
	timeline: null,
	naming: 'naming',
	'input-model': 'input',
	machine: 'machine',
	registry: 'registry',
	calls: 'pipeline',
	messages: 'messages',
	host: 'host',
	protocol: 'protocol',
	'pipeline-stages': 'pipeline',
	toolsource: 'pipeline',
	trust: 'pipeline',
	miniharness: 'pipeline',
	contextual: 'pipeline',
	pins: 'pipeline',
	log: 'log'
} as const satisfies Record<string, PanelName | null>;

export type PanelTarget = keyof typeof PANEL_TARGETS;

export const isPanelTarget = (id: string): id is PanelTarget => Object.hasOwn(PANEL_TARGETS, id);
