import { scrollGently } from '../ui/focus-heading';

/**
 * Scrolls the first of these panels the page shows (`<Panel id>`) to the top of the window,
 * unless the room sees it already: its place (a `[data-cue-place]` inside it, such as the list
 * of calls below the call form, else the panel itself) is in the top half of the window, or the
 * whole panel is on screen. The focus stays where it is, so the presenter's next key or press
 * acts as before; without motion when the reader asks for less. Returns what it brought into
 * view, if anything.
 */
export function bringIntoView(ids: readonly string[]): HTMLElement | null {
	const panel = ids.map((id) => document.getElementById(id)).find((found) => found !== null);
	if (!panel) return null;
	const place = panel.querySelector<HTMLElement>('[data-cue-place]') ?? panel;
	const top = place.getBoundingClientRect().top;
	const seen =
		top >= 0 && (top <= innerHeight / 2 || panel.getBoundingClientRect().bottom <= innerHeight);
	if (seen) return null;
	scrollGently(place);
	return place;
}
