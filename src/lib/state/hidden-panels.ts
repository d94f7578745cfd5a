import { getContext, setContext } from 'svelte';

/**
 * The page's answer to "is this panel covered?", asked by each `<Panel>` with its element id: a
 * lab step may hide the panels that would show the answer to its question until it is answered
 * (lab.json `hideUntilAnswered`, LabState.hiddenPanels). Pages without narration set none.
 */
export interface HiddenPanels {
	hides(elementId: string): boolean;
	/** Covered for the next step's question (its `hideForNextQuestion`), this one answered or not. */
	forNext(elementId: string): boolean;
	/** The learner chose to see the step's hidden panels before answering. */
	show(): void;
}

const HIDDEN_PANELS = Symbol('hidden-panels');

export function setHiddenPanels(value: HiddenPanels): HiddenPanels {
	return setContext(HIDDEN_PANELS, value);
}

export function getHiddenPanels(): HiddenPanels | undefined {
	return getContext<HiddenPanels | undefined>(HIDDEN_PANELS);
}
