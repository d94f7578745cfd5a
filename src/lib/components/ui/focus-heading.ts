/**
 * Moves keyboard focus to a heading, as a panel link or a jump link does: the heading is made
 * focusable by script only (never a Tab stop), brought into view (smoothly, unless the reader
 * asked for less motion), and Tab and a screen reader go on from there.
 */
export function focusHeading(heading: HTMLElement, block: ScrollLogicalPosition = 'start'): void {
	if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
	const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
	heading.scrollIntoView({ block, behavior: still ? 'auto' : 'smooth' });
	heading.focus({ preventScroll: true });
}

/** The heading a panel link or a jump link moves to: the panel's title, or the panel itself. */
export function panelHeading(id: string): HTMLElement | null {
	return document.getElementById(`${id}-title`) ?? document.getElementById(id);
}
