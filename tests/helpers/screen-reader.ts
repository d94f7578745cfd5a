import type { Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

/**
 * Chromium as a screen reader finds it: accessibility on from the start, as when one is running.
 * Enabled later (CDP's Accessibility domain alone), Chromium leaves the content of a subtree that
 * CSS content-visibility skips out of its tree, which no screen reader user meets; with this
 * flag it is there, as a screen reader gets it. Launch options are per worker, so a file or a
 * describe block that uses them runs in a browser of its own.
 */
export function screenReaderLaunchOptions() {
	const options = chromiumLaunchOptions();
	return { ...options, args: [...(options.args ?? []), '--force-renderer-accessibility'] };
}

export interface AxNode {
	role?: { value: string };
	name?: { value: string };
	ignored?: boolean;
}

/** Chromium's accessibility tree of the page, or of its first iframe (an embed in a host page). */
export async function axNodes(page: Page, { frame = false } = {}): Promise<AxNode[]> {
	const cdp = await page.context().newCDPSession(page);
	try {
		let frameId: string | undefined;
		if (frame) {
			const { frameTree } = (await cdp.send('Page.getFrameTree')) as {
				frameTree: { childFrames?: Array<{ frame: { id: string } }> };
			};
			frameId = frameTree.childFrames?.[0]?.frame.id;
			if (!frameId) throw new Error('the page has no iframe');
		}
		const { nodes } = (await cdp.send(
			'Accessibility.getFullAXTree',
			frameId ? { frameId } : {}
		)) as {
			nodes: AxNode[];
		};
		return nodes.filter((n) => !n.ignored);
	} finally {
		await cdp.detach();
	}
}

/** The accessible names of the nodes with this role. */
export const namesOf = (nodes: AxNode[], role: string) =>
	nodes.filter((n) => n.role?.value === role).map((n) => n.name?.value ?? '');
