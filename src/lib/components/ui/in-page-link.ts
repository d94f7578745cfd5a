import { focusContainer } from '$lib/state/focus-keeper';

/**
 * For a link to a place on the same page (`href="#calls"`): moves focus there itself, so Tab and
 * a screen reader go on from there (Chromium would move only the starting point of sequential
 * navigation). Left to the router, a hash link is a navigation, and SvelteKit's assertive
 * announcer reads the page title out over the one polite live region, as if a page had opened.
 */
export function inPageLink(link: HTMLAnchorElement) {
	const onClick = (event: MouseEvent) => {
		if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
			return;
		let id = link.hash.slice(1);
		try {
			id = decodeURIComponent(id);
		} catch {
			// Not percent-encoded text: the id as written.
		}
		const target = id ? document.getElementById(id) : null;
		if (!target) return;
		event.preventDefault();
		focusContainer(target);
	};
	link.addEventListener('click', onClick);
	return { destroy: () => link.removeEventListener('click', onClick) };
}
