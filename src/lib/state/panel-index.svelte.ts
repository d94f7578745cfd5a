import { getContext, setContext } from 'svelte';

/**
 * What a keyboard reader needs to move between the lesson and the panels without tabbing
 * through every control between them (a lab page has 60 to 140 Tab stops between its servers
 * and its Next step): each `<Panel>` counts itself in while it is on the page, so the page's
 * jump links (PanelJump) know when to read the panels again, and, beside a lesson, offers a
 * link back to it. The places themselves are read from the page (`[data-jump]`, in page order),
 * as panels load on their own and in any order.
 */
export class PanelIndex {
	/** How many panels are on the page; a change means the jump links read them again. */
	count = $state(0);

	/** `shown`: whether the page has a lesson (narration) beside its panels, read when needed. */
	constructor(private readonly shown: () => boolean) {}

	/** Whether the page has a lesson beside its panels to go back to. */
	get lesson(): boolean {
		return this.shown();
	}
}

const PANEL_INDEX = Symbol('panel-index');

export const setPanelIndex = (index: PanelIndex): PanelIndex => setContext(PANEL_INDEX, index);

export const getPanelIndex = (): PanelIndex | undefined =>
	getContext<PanelIndex | undefined>(PANEL_INDEX);

/** The element id of the lesson's step title, where "Back to the lesson" moves focus. */
export const LESSON_TITLE_ID = 'lesson-step-title';
