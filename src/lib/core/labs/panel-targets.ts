import { PANELS, type PanelName } from '../embed/protocol';

/**
 * The page's panels a narration may link to, `[Model calls](#calls)`, by their element id (each
 * is a `<Panel id>` in src/lib/components), with the lab panel (lab.json `panels`) that shows it;
 * null: shown on every lab page. A learner follows the link to the panel's heading instead of
 * tabbing or scrolling through the panels before it.
 */
export const PANEL_TARGETS = {
	harness: 'servers',
	servers: 'servers',
	editor: 'editor',
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

/**
 * The lab panels a step may hide until its question is answered (a step's `hideUntilAnswered`):
 * every one but the servers (their controls start the session and inject faults) and the editor
 * (a step may need it before answering).
 */
const NEVER_HIDDEN = ['servers', 'editor'] as const;
export type HideablePanel = Exclude<PanelName, (typeof NEVER_HIDDEN)[number]>;
export const HIDEABLE_PANELS = PANELS.filter(
	(panel): panel is HideablePanel => !(NEVER_HIDDEN as readonly string[]).includes(panel)
) as [HideablePanel, ...HideablePanel[]];

/** Whether the page's panel with this element id (`<Panel id>`) shows one of these lab panels. */
export function panelHidden(elementId: string, hidden: readonly string[]): boolean {
	if (!hidden.length || !isPanelTarget(elementId)) return false;
	const panel = PANEL_TARGETS[elementId];
	return panel !== null && hidden.includes(panel);
}

/** Whether the page's panel with this element id can be hidden by a step at all. */
export const isHideable = (elementId: string): boolean =>
	isPanelTarget(elementId) &&
	(HIDEABLE_PANELS as readonly (string | null)[]).includes(PANEL_TARGETS[elementId]);
