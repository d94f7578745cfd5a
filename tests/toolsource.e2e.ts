import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './helpers/axe';
import { switchLanguage } from './helpers/language';
import { t } from './helpers/messages';
import { toolSourceScenario } from '../src/lib/core/world/toolsource-scenario';

// The ToolSource profile in the sandbox, as a learner drives it: allowlisted reads, a tool off
// the allowlist, an approved call whose server dies mid-call (unknown → interrupted →
// reconciled), the audit export and a harness restart. The world is the core's
// `toolSourceScenario` (src/lib/core/world/toolsource-scenario.ts).

const scenario = toolSourceScenario;

async function settled(page: Page) {
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
}

/** The sandbox at instant speed with the ToolSource world applied through the editor. */
async function openToolSource(page: Page, lang = 'en') {
	await page.goto(`sandbox?speed=instant&lang=${lang}`);
	await expect(page.locator('html')).toHaveAttribute('lang', lang);
	await settled(page);
	const editor = page.getByRole('textbox', { name: t(lang, 'editor_json_label') });
	await editor.click();
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.insertText(JSON.stringify(scenario, null, 2));
	await page.getByRole('button', { name: t(lang, 'editor_apply') }).click();
	await expect(
		page.getByTestId('editor-outcome').getByText(t(lang, 'editor_validation_passed'))
	).toBeVisible();
	await settled(page);
	await expect(page.locator('#harness-title')).toHaveText(t(lang, 'harness_title_toolsource'));
	await expect(page.locator('#toolsource')).toBeVisible();
	// Its registry's Read-only column comes from the allowlist, not OpenHarness's rule.
	await expect(page.locator('#registry caption')).toHaveText(
		t(lang, 'registry_read_only_caption_toolsource')
	);
}

async function call(page: Page, lang: string, tool: string, args: unknown = {}) {
	const calls = page.locator('#calls');
	await calls.getByLabel(t(lang, 'call_tool'), { exact: true }).selectOption(tool);
	await calls.getByLabel(t(lang, 'call_arguments')).fill(JSON.stringify(args));
	await calls.getByRole('button', { name: t(lang, 'call_button'), exact: true }).click();
	await settled(page);
}

/** A call's row in the audit table: its terminal state is the last cell. */
const auditRow = (page: Page, id: string) => page.locator(`#toolsource tr[data-call="${id}"]`);
const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

test('ToolSource drills: allowlist, permission_denied, unknown → reconciled, audit, restart', async ({
	page
}) => {
	await openToolSource(page);
	const calls = page.locator('#calls');
	// No permission modes here: the allowlist decides.
	await expect(page.getByLabel(en('harness_mode'))).toHaveCount(0);
	await expect(page.locator('#harness')).toContainText(en('toolsource_allowlist_heading'));

	// An allowlisted read runs at once.
	await call(page, 'en', 'mcp.files.read_file', { path: '/notes.txt' });
	await expect(auditRow(page, 'c1').locator('td').last()).toHaveText('completed');
	await expect(calls.getByText('hello', { exact: true })).toBeVisible();

	// A tool off the allowlist, typed by name: permission_denied, nothing sent.
	await calls.getByLabel(en('call_tool'), { exact: true }).selectOption({
		label: en('call_other_option')
	});
	await calls.getByLabel(en('call_other_name')).fill('mcp.files.delete_file');
	await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
	await settled(page);
	await expect(auditRow(page, 'c2').locator('td').last()).toHaveText('permission_denied');
	await expect(
		calls.getByText('Permission denied: mcp.files.delete_file is not on the allowlist')
	).toBeVisible();

	// A network tool waits for approval; approved, its server dies mid-call: unknown.
	await call(page, 'en', 'mcp.tickets.transfer_funds');
	await expect(auditRow(page, 'c3').locator('td').last()).toContainText('waiting_for_approval');
	await calls.getByRole('button', { name: en('call_approve_label', { id: 'c3' }) }).click();
	await settled(page);
	await expect(auditRow(page, 'c3').locator('td').last()).toHaveText('unknown');
	await expect(page.getByTestId('run-interrupted')).toBeVisible();
	await expect(calls).toContainText(en('toolsource_call_interrupted', { ids: 'c3' }));

	// A further call is refused until c3 is reconciled.
	await call(page, 'en', 'mcp.files.read_file', { path: '/a' });
	const refused = en('call_failed', { error: 'The run is interrupted: reconcile c3 first.' });
	await expect(calls.getByText(refused)).toBeVisible();
	await expect(page.getByTestId('live-region')).toContainText(
		en('announce_command_failed', { error: 'The run is interrupted: reconcile c3 first.' })
	);
	await expect(auditRow(page, 'c4')).toHaveCount(0);

	await page
		.getByRole('button', { name: en('toolsource_reconcile_not_applied_label', { id: 'c3' }) })
		.click();
	await settled(page);
	await expect(page.getByTestId('run-interrupted')).toHaveCount(0);
	await expect(page.locator('#toolsource-run')).toContainText(
		en('toolsource_reconciled_not_applied')
	);
	await call(page, 'en', 'mcp.files.read_file', { path: '/a' });
	await expect(auditRow(page, 'c4').locator('td').last()).toHaveText('completed');

	// The audit, exported as JSON: every call, masked arguments, no raw results.
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: en('toolsource_audit_export') }).click();
	const file = await download;
	expect(file.suggestedFilename()).toBe('toolsource-audit.json');
	const text = readFileSync(await file.path(), 'utf8');
	const audit = JSON.parse(text);
	expect(audit).toMatchObject({ format: 'mcp-lab.toolsource-audit', version: 1 });
	expect(
		audit.calls.map((c: Record<string, unknown>) => [c.id, c.name, c.state, c.reconciled])
	).toEqual([
		['c1', 'mcp.files.read_file', 'completed', null],
		['c2', 'mcp.files.delete_file', 'permission_denied', null],
		['c3', 'mcp.tickets.transfer_funds', 'unknown', 'not_applied'],
		['c4', 'mcp.files.read_file', 'completed', null]
	]);
	expect(audit.calls[0]).toMatchObject({
		server: 'files',
		tool: 'read_file',
		arguments: '{"path":"/notes.txt"}'
	});
	expect(audit.calls[0].resultBytes).toBeGreaterThan(0);
	expect(text).not.toContain('hello');

	// Cancel stops a call waiting for approval; a restart abandons what is in flight.
	await call(page, 'en', 'mcp.tickets.create_ticket', { title: 'Printer' });
	await calls.getByRole('button', { name: en('toolsource_cancel_label', { id: 'c5' }) }).click();
	await settled(page);
	await expect(auditRow(page, 'c5').locator('td').last()).toHaveText('cancelled');
	await call(page, 'en', 'mcp.files.write_file', { path: '/a', text: 'b' });
	await expect(auditRow(page, 'c6').locator('td').last()).toContainText('waiting_for_approval');
	await page.getByRole('button', { name: en('harness_restart_harness') }).click();
	await settled(page);
	await expect(auditRow(page, 'c6').locator('td').last()).toHaveText('cancelled');
	await expect(page.locator('#harness')).toContainText(en('harness_session_on'));
	await call(page, 'en', 'mcp.files.read_file', { path: '/b' });
	await expect(auditRow(page, 'c7').locator('td').last()).toHaveText('completed');
});

/** axe in the light theme, then in the dark one set in place (its own contrast), back to light. */
async function axeInBothThemes(page: Page) {
	await expectNoAxeViolations(page);
	await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
	await expectNoAxeViolations(page);
	await page.evaluate(() => delete document.documentElement.dataset.theme);
}

/**
 * The states worth checking, in both themes: an approval card, then the interrupted run with its
 * buttons and a call it refuses, said in the page's language.
 */
async function axeThroughTheDrill(page: Page, lang: string) {
	await call(page, lang, 'mcp.files.export_log');
	await call(page, lang, 'mcp.tickets.transfer_funds');
	await axeInBothThemes(page);
	await page
		.locator('#calls')
		.getByRole('button', { name: t(lang, 'call_approve_label', { id: 'c2' }) })
		.click();
	await settled(page);
	await expect(page.getByTestId('run-interrupted')).toBeVisible();
	await call(page, lang, 'mcp.files.read_file', { path: '/a' });
	const refusal = t(lang, 'command_error_run_interrupted', { ids: 'c2' });
	await expect(page.locator('#calls')).toContainText(t(lang, 'call_failed', { error: refusal }));
	await expect(page.locator('#harness')).toContainText(refusal);
	await expect(page.getByTestId('live-region')).toContainText(
		t(lang, 'announce_command_failed', { error: refusal })
	);
	await axeInBothThemes(page);
	// The language switched: the refusal shown under the form is worded again in the new one.
	const other = lang === 'en' ? 'zh-CN' : 'en';
	await switchLanguage(page, other);
	const again = t(other, 'command_error_run_interrupted', { ids: 'c2' });
	await expect(page.locator('#calls')).toContainText(t(other, 'call_failed', { error: again }));
	await switchLanguage(page, lang);
}

// In English only: the Chinese page's ToolSource words are checked by the two tests below that
// switch to it, and its markup by markup-text.test.ts; this drill again in Chinese cost 14 s.
for (const lang of ['en']) {
	test(`axe: the ToolSource sandbox, light and dark (${lang})`, async ({ page }) => {
		// Four axe passes with colour contrast: 22 s beside one other worker, and over 60 s (a
		// timeout) beside three, where the longest tests all took two to three times as long.
		test.setTimeout(90_000);
		const errors: string[] = [];
		page.on('console', (message) => {
			if (message.type() === 'error') errors.push(message.text());
		});
		page.on('pageerror', (error) => errors.push(error.message));
		await openToolSource(page, lang);
		await axeThroughTheDrill(page, lang);
		expect(errors).toEqual([]);
	});
}

test('a refusal in the harness panel follows the page’s language when it is switched in place', async ({
	page
}) => {
	await openToolSource(page, 'en');
	await call(page, 'en', 'mcp.files.export_log');
	await call(page, 'en', 'mcp.tickets.transfer_funds');
	await page
		.locator('#calls')
		.getByRole('button', { name: t('en', 'call_approve_label', { id: 'c2' }) })
		.click();
	await settled(page);
	await call(page, 'en', 'mcp.files.read_file', { path: '/a' });
	const refusal = (lang: string) => t(lang, 'command_error_run_interrupted', { ids: 'c2' });
	await expect(page.locator('#harness')).toContainText(refusal('en'));
	// It used to keep the words it was first said in.
	await switchLanguage(page, 'zh-CN');
	await expect(page.locator('#harness')).toContainText(refusal('zh-CN'));
});

test('the state list says a result’s size in the learner’s language', async ({ page }) => {
	await openToolSource(page, 'zh-CN');
	await call(page, 'zh-CN', 'mcp.files.read_file', { path: '/notes.txt' });
	const result = page.locator('#toolsource li[data-state="result"]');
	// The state names are ToolSource's own; the size note is ours.
	await expect(result).toContainText(/\b\d+ 字节/);
	await expect(result).not.toContainText('bytes');
});
