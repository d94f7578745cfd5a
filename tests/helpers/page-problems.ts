import { expect, type Page } from '@playwright/test';
import { t } from './messages';
import { refusedLiveRequest } from './live-lab';
import { settled } from './play-lab';

// What a page must never show while it is used: a Content-Security-Policy violation (the site
// ships a strict policy, svelte.config.js `kit.csp`), a console error or an uncaught exception.
// Shared by the axe sweep, which drives every world under the policy, and csp.e2e.ts.

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

/**
 * Starts collecting CSP violations (from every frame: the listener is installed before any page
 * script runs), console errors and uncaught exceptions, where Chromium reports a blocked resource
 * too. Call before the page loads; the returned function lists what was seen so far.
 * `lab` is the lab the page shows ('' for none): its live servers, refused, are not a problem.
 */
export async function watchProblems(page: Page, lab = ''): Promise<() => Promise<string[]>> {
	await page.addInitScript(() => {
		const seen: string[] = [];
		(window as unknown as { __csp: string[] }).__csp = seen;
		document.addEventListener('securitypolicyviolation', (event) =>
			seen.push(
				`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`
			)
		);
	});
	const problems: string[] = [];
	page.on('console', (message) => {
		if (message.type() === 'error' && !refusedLiveRequest(message, lab))
			problems.push(`console: ${message.text()}`);
	});
	page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
	return async () => {
		const violations: string[] = [];
		for (const frame of page.frames())
			violations.push(
				...(await frame.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))
			);
		return [...violations.map((v) => `violation: ${v}`), ...problems];
	};
}

/** Opens the world editor (CodeMirror is a chunk of its own, loaded on demand). */
export async function openEditor(page: Page) {
	const editor = page.getByRole('textbox', { name: en('editor_json_label') });
	// Labs that list the editor show it; the others have it behind "Edit this world".
	// The disclosure's own summary, not a narration that names it.
	const opener = page.locator('summary').getByText(en('lab_edit_world'), { exact: true });
	await expect(editor.or(opener)).toBeVisible();
	if (await opener.isVisible()) await opener.click();
	await expect(editor).toBeVisible();
	await expect(page.locator('.cm-editor')).toBeVisible();
	return editor;
}

/** Calls the first tool of the registry from the call panel, as a learner would. */
export async function callFirstTool(page: Page) {
	// A lab may begin before start-up (lab 06: a call before initialize): start it, as its
	// learner does.
	if (await page.getByText(en('harness_session_off')).count()) {
		await page.getByRole('button', { name: en('harness_start'), exact: true }).click();
		await settled(page);
	}
	// The contextual profile connects nothing outside a run: start one. Lab 07's form also selects
	// `billing`, whose overlapping header fails the whole run (one of its steps): leave it out.
	const contextual = page.locator('[data-profile="contextual"]');
	if (await contextual.count()) {
		await contextual.getByRole('checkbox', { name: 'billing', exact: true }).uncheck();
		await contextual.getByRole('button', { name: en('contextual_start_run'), exact: true }).click();
		await settled(page);
	}
	const calls = page.locator('#calls');
	// A step may cover the call form until its question is answered (hideUntilAnswered): a
	// learner who would rather not answer first shows it.
	const cover = calls.getByRole('button', {
		name: en('panel_hidden_show_label', { panel: en('call_title') }),
		exact: true
	});
	const select = calls.getByLabel(en('call_tool'), { exact: true });
	await expect(select.or(cover).filter({ visible: true })).toBeVisible();
	if (await cover.isVisible()) await cover.click();
	const tools = await select.locator('option').evaluateAll((all) =>
		// Every profile's names (mcp__a__b, mcp.a.b); not the "Another name…" entry.
		(all as HTMLOptionElement[]).map((o) => o.value).filter((v) => !v.startsWith('\u0000'))
	);
	expect(tools.length, 'the world has a tool to call').toBeGreaterThan(0);
	await select.selectOption(tools[0]);
	await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
	await expect(calls.locator('li').first()).toBeVisible();
	await settled(page);
}
