import { pushState } from '$app/navigation';
import { LESSON_TITLE_ID } from '$lib/state/panel-index.svelte';

/** The link the last jump left from: Back gives it the focus again. */
let leftFrom: HTMLElement | null = null;
let listening = false;

/**
 * A jump from `link` to another place on the page is a step in the tab's history, as a link to
 * a fragment is, though the address stays as it is: the phone's Back gesture after a narration
 * link left the lab (and the step's answer) instead of going back up to the link. SvelteKit puts
 * the scroll back; the link takes the focus again. Not in a frame: its entries would be the
 * embedding page's, whose Back would then scroll the embed.
 */
export function rememberJump(link: EventTarget | null): void {
	if (window.top !== window || !(link instanceof HTMLElement)) return;
	pushState('', {});
	leftFrom = link;
	if (listening) return;
	listening = true;
	addEventListener('popstate', () => {
		const link = leftFrom;
		leftFrom = null;
		if (!link?.isConnected) return;
		link.focus({ preventScroll: true });
		holdRestoredScroll();
	});
}

/** Frames after Back during which a scroll is undone: the stray one lands in the next. */
const HOLD_FRAMES = 5;

/**
 * Back pressed while the jump's smooth scroll still runs: Chromium lays the animation's frame in
 * flight on top of the position SvelteKit has just restored, one frame later, which left the
 * page up to a frame's worth of scroll past it (the link out of view, under load). This listener
 * runs after SvelteKit's, so the position now is the restored one: for a few frames, any scroll
 * goes back to it (no reader scrolls within those few frames of pressing Back).
 */
function holdRestoredScroll(): void {
	const left = scrollX;
	const top = scrollY;
	const undo = () => {
		if (scrollX !== left || scrollY !== top) scrollTo({ left, top, behavior: 'instant' });
	};
	addEventListener('scroll', undo);
	let frames = 0;
	const count = () => {
		if (++frames < HOLD_FRAMES) requestAnimationFrame(count);
		else removeEventListener('scroll', undo);
	};
	requestAnimationFrame(count);
}

/**
 * Moves keyboard focus to a heading, as a panel link or a jump link does: the heading is made
 * focusable by script only (never a Tab stop), brought into view (smoothly, unless the reader
 * asked for less motion), and Tab and a screen reader go on from there.
 */
export function focusHeading(heading: HTMLElement, block: ScrollLogicalPosition = 'start'): void {
	if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
	scrollGently(heading, block);
	heading.focus({ preventScroll: true });
}

/**
 * Brings an element into view smoothly, or at once (said, not left to the stylesheet) for a
 * reader who asked for less motion.
 */
export function scrollGently(element: HTMLElement, block: ScrollLogicalPosition = 'start'): void {
	const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
	element.scrollIntoView({ block, behavior: still ? 'instant' : 'smooth' });
}

/** The heading a panel link or a jump link moves to: the panel's title, or the panel itself. */
export function panelHeading(id: string): HTMLElement | null {
	return document.getElementById(`${id}-title`) ?? document.getElementById(id);
}

/**
 * A jump link's or a back link's click: focus moves to the place's heading (the lesson's: the
 * step's title), and the address stays as it is (a share link or `step=` gains no fragment).
 * Without the heading on the page, the link is left to do what a link does.
 */
export function followPlace(event: MouseEvent, id: string): void {
	const lesson = id === 'narration';
	const heading = lesson ? document.getElementById(LESSON_TITLE_ID) : panelHeading(id);
	if (!heading) return;
	event.preventDefault();
	rememberJump(event.currentTarget);
	focusHeading(heading, lesson ? 'nearest' : 'start');
}
