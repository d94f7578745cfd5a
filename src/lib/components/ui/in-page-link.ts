/**
 * For a link to a place on the same page (`href="#calls"`): moves focus there itself. Left to
 * the router, a hash link is a navigation, and SvelteKit's assertive announcer reads the page
 * title out over the one polite live region, as if a new page had opened; focus would also stay
 * on the link where the target cannot take it. The URL keeps its hash unchanged.
 */
export function inPageLink(link: HTMLAnchorElement) {
	const onClick = (event: MouseEvent) => {
		if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
			return;
		const id = decodeURIComponent(link.hash.slice(1));
		const target = id ? document.getElementById(id) : null;
		if (!target) return;
		event.preventDefault();
		// A landmark or section is not focusable by default; -1 lets focus land without adding
		// it to the tab order.
		if (!target.hasAttribute('tabindex') && target.tabIndex < 0) target.tabIndex = -1;
		target.focus({ preventScroll: true });
		const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
		target.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
	};
	link.addEventListener('click', onClick);
	return { destroy: () => link.removeEventListener('click', onClick) };
}
