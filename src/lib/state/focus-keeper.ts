/**
 * Keeps keyboard focus on the page when the control that had it is disabled or removed by what
 * it just did: a button disabled while its command runs (or for good: Kill once the process is
 * dead, Next on the last step), an Approve button replaced by the call's result, a predict
 * card's button removed once answered. Chromium then leaves focus on <body> and a screen reader
 * loses its place.
 *
 * - Disabled while the world is busy: its nearest container holds focus meanwhile, and focus
 *   comes back to the control when it is enabled again (unless the person moved on).
 * - Disabled for good, or removed: focus goes to the nearest container that is still there
 *   (the call card, the server card, the predict card), made focusable for the moment, so what
 *   it now says is read.
 *
 * Links to a place on this page move focus themselves (components/ui/in-page-link.ts).
 *
 * It acts only when focus fell to <body> by itself: not just after a pointer press with no key
 * pressed since (a mouse user chose where to click), and not when the window lost focus.
 */

/**
 * Containers worth landing on: they hold what the lost control changed (a call's card holds its
 * result, a server's card its state). A group of buttons is not one: it would say nothing new.
 */
const LANDING = 'li, article, section, form, fieldset, details';
/** How long a click counts as the reason focus left (ms). */
const POINTER_GRACE_MS = 600;

export interface FocusKeeperOptions {
	/** True while a world command runs: a control it disabled will come back. */
	busy: () => boolean;
	/** Calls `then` once the world is no longer busy (or at once when it is not). */
	whenIdle: (then: () => void) => void;
}

export function keepFocus(doc: Document, { busy, whenIdle }: FocusKeeperOptions): () => void {
	let pointerAt = -Infinity;
	/** Each loss gets a number: a later one (or the person moving on) cancels an earlier rescue. */
	let losses = 0;

	const focusLost = () => doc.activeElement === null || doc.activeElement === doc.body;
	const mayAct = (loss: number) =>
		loss === losses &&
		focusLost() &&
		doc.hasFocus() &&
		performance.now() - pointerAt > POINTER_GRACE_MS;

	const land = (ancestors: readonly Element[]): HTMLElement | null => {
		const target = ancestors.find((a) => a.isConnected && a.matches(LANDING));
		if (!(target instanceof HTMLElement)) return null;
		// Not scrolled to when any of it is on screen (it holds the control that was): a call's
		// form, focused with scrolling while its Call button waited for the world, brought its
		// top into view and moved the page under the person, who had not moved.
		focusContainer(target, !onScreen(target));
		return target;
	};

	const rescue = (element: HTMLElement, ancestors: readonly Element[], loss: number) => {
		if (!mayAct(loss)) return;
		if (element.isConnected && focusable(element)) return element.focus();
		if (element.isConnected && busy()) {
			// Meanwhile the container holds focus (a screen reader keeps its place there, not on
			// <body>, for as long as the command runs); the control gets it back when enabled,
			// unless the person has moved on.
			const holder = land(ancestors);
			// Landing is a focus change of its own; any later one (the person moving on, by key or
			// by pointer, or another control losing focus) cancels the return.
			const landed = losses;
			const untouched = () =>
				landed === losses &&
				doc.hasFocus() &&
				performance.now() - pointerAt > POINTER_GRACE_MS &&
				(focusLost() || (holder !== null && doc.activeElement === holder));
			return whenIdle(() => {
				// The DOM catches up with the idle world in the next frame.
				requestAnimationFrame(() => {
					if (!untouched()) return;
					if (element.isConnected && focusable(element)) element.focus();
					else if (focusLost()) land(ancestors);
				});
			});
		}
		land(ancestors);
	};

	const onPointer = () => {
		pointerAt = performance.now();
	};
	// A key pressed since means the person is on the keyboard again.
	const onKey = () => {
		pointerAt = -Infinity;
	};
	/** The focused element and its ancestors, read when it got focus: once removed, it has none. */
	let current: { element: HTMLElement; ancestors: Element[] } | null = null;
	const onFocusIn = (event: FocusEvent) => {
		losses++;
		const element = event.target;
		if (!(element instanceof HTMLElement)) return;
		const ancestors: Element[] = [];
		for (let a = element.parentElement; a && a !== doc.body; a = a.parentElement) ancestors.push(a);
		current = { element, ancestors };
	};
	const onFocusOut = (event: FocusEvent) => {
		if (event.relatedTarget !== null || !current || event.target !== current.element) return;
		const { element, ancestors } = current;
		const loss = ++losses;
		// After the frame in which the control went away or was disabled (Chromium's focus fixup).
		setTimeout(() => rescue(element, ancestors, loss), 0);
	};

	doc.addEventListener('pointerdown', onPointer, true);
	doc.addEventListener('keydown', onKey, true);
	doc.addEventListener('focusin', onFocusIn);
	doc.addEventListener('focusout', onFocusOut);
	return () => {
		doc.removeEventListener('pointerdown', onPointer, true);
		doc.removeEventListener('keydown', onKey, true);
		doc.removeEventListener('focusin', onFocusIn);
		doc.removeEventListener('focusout', onFocusOut);
	};
}

function focusable(element: HTMLElement): boolean {
	if ((element as HTMLButtonElement).disabled || element.closest('[inert], fieldset:disabled'))
		return false;
	return element.getClientRects().length > 0;
}

/**
 * Gives focus to a container that is no control (a card, a panel), so a screen reader reads what
 * it now holds. Focusable only while it has focus: it never becomes a stop in the Tab order.
 */
export function focusContainer(target: HTMLElement, scroll = true): void {
	if (!target.hasAttribute('tabindex')) {
		target.setAttribute('tabindex', '-1');
		target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
	}
	target.focus({ preventScroll: !scroll });
}

function onScreen(element: Element): boolean {
	const box = element.getBoundingClientRect();
	const view = element.ownerDocument.defaultView;
	return !!view && box.bottom > 0 && box.top < view.innerHeight && box.width > 0;
}
