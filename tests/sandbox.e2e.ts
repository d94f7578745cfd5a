import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './helpers/axe';
import { t } from './helpers/messages';
import { escapeRegExp } from './helpers/play-lab';

// The sandbox's world editor as a learner uses it: edit the text or the form, Check, Apply,
// and read which of the two failed, validation or connection.

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

async function settled(page: Page) {
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
}

async function open(page: Page, lang = 'en') {
	await page.goto(`sandbox?speed=instant&lang=${lang}`);
	await expect(page.locator('html')).toHaveAttribute('lang', lang);
	await settled(page);
	const editor = page.getByRole('textbox', { name: t(lang, 'editor_json_label') });
	await expect(editor).toBeVisible();
	return editor;
}

const killButton = (page: Page, server: string) =>
	page.getByRole('button', { name: en('servers_kill_label', { server }) });

test('an invalid edit keeps the text and the world; a valid one replaces the world', async ({
	page
}) => {
	const editor = await open(page);
	const outcome = page.getByTestId('editor-outcome');
	await expect(killButton(page, 'filesystem')).toBeVisible();

	await page.getByRole('button', { name: en('editor_check') }).click();
	await expect(outcome).toContainText(en('editor_valid_many', { count: 3 }));

	// Break the JSON with a stray character at the end.
	await editor.click();
	await page.keyboard.press('ControlOrMeta+End');
	await page.keyboard.type('x');
	await page.getByRole('button', { name: en('editor_apply') }).click();
	await expect(outcome).toContainText(en('editor_validation_failed'));
	await expect(outcome).toContainText(en('editor_syntax_error', { message: '' }).trim());
	await expect(editor).toContainText('}x');
	// The form refuses to touch text it cannot read; the running world is untouched.
	await expect(page.getByTestId('scenario-form')).toContainText(en('editor_form_invalid_json'));
	await expect(
		page.getByRole('button', { name: en('editor_form_add_server_button') })
	).toBeDisabled();
	await expect(killButton(page, 'filesystem')).toBeVisible();
	await expect(killButton(page, 'internal-api')).toBeVisible();

	// The error is reachable from the outcome, by keyboard.
	await page.getByRole('button', { name: en('editor_go_to_error') }).focus();
	await page.keyboard.press('Enter');
	await expect(editor).toBeFocused();

	// Fix it, then add a server through the form and apply.
	await page.keyboard.press('ControlOrMeta+End');
	await page.keyboard.press('Backspace');
	await expect(
		page.getByRole('button', { name: en('editor_form_add_server_button') })
	).toBeEnabled();
	// A server without a name is refused: the field is marked, the reason linked and said.
	const nameField = page.getByLabel(en('editor_form_name'), { exact: true });
	await page.getByRole('button', { name: en('editor_form_add_server_button') }).click();
	await expect(nameField).toHaveAttribute('aria-invalid', 'true');
	await expect(nameField).toHaveAccessibleDescription(en('editor_form_name_required'));
	await expect(page.getByTestId('live-region')).toContainText(en('editor_form_name_required'));
	await nameField.fill('notes');
	await page.getByLabel(en('editor_form_command'), { exact: true }).fill('node');
	await page.getByLabel(en('editor_form_args')).fill('notes-server.js');
	await page.getByRole('button', { name: en('editor_form_add_server_button') }).click();
	await expect(
		page.getByRole('button', { name: en('editor_form_remove_server', { server: 'notes' }) })
	).toBeVisible();
	await expect(nameField).toHaveAttribute('aria-invalid', 'false');
	await expect(page.getByTestId('live-region')).toContainText(
		en('editor_form_server_added', { server: 'notes' })
	);
	// The next tool goes on the server just added, unless the learner picks another.
	await expect(page.getByLabel(en('editor_form_tool_server'))).toHaveValue('notes');
	await page.getByLabel(en('editor_form_tool_name'), { exact: true }).fill('read_note');
	await page.getByLabel(en('editor_form_tool_result')).fill('a note');
	await page.getByRole('button', { name: en('editor_form_add_tool_button') }).click();
	await expect(editor).toContainText('"read_note"');

	await page.getByRole('button', { name: en('editor_apply') }).click();
	await expect(outcome).toContainText(en('editor_validation_passed'));
	await settled(page);
	await expect(killButton(page, 'notes')).toBeVisible();
	await expect(page.getByText('mcp__notes__read_note').first()).toBeVisible();
});

test('the form keeps a name as typed, and marks a refused tool name as it marks a server name', async ({
	page
}) => {
	await open(page);
	// A name with a space at its end is kept as typed (adapting it is what the lab shows): the
	// next tool goes on that server, not on the first one because the trimmed name is no server.
	await page.getByLabel(en('editor_form_name'), { exact: true }).fill('notes ');
	await page.getByLabel(en('editor_form_command'), { exact: true }).fill('node');
	await page.getByRole('button', { name: en('editor_form_add_server_button') }).click();
	await expect(
		page.getByRole('button', { name: en('editor_form_remove_server', { server: 'notes ' }) })
	).toBeVisible();
	await expect(page.getByLabel(en('editor_form_tool_server'))).toHaveValue('notes ');

	const toolName = page.getByLabel(en('editor_form_tool_name'), { exact: true });
	const addTool = page.getByRole('button', { name: en('editor_form_add_tool_button') });
	await toolName.fill('read_note');
	await addTool.click();
	await expect(
		page.getByRole('button', {
			name: en('editor_form_remove_tool', { tool: 'read_note', server: 'notes ' })
		})
	).toBeVisible();
	await expect(toolName).toHaveAttribute('aria-invalid', 'false');
	await toolName.fill('read_note');
	await addTool.click();
	const taken = en('editor_form_tool_taken', { server: 'notes ', name: 'read_note' });
	await expect(toolName).toHaveAttribute('aria-invalid', 'true');
	await expect(toolName).toHaveAccessibleDescription(taken.trim());
	await expect(page.getByTestId('live-region')).toContainText(taken.trim());
});

test('a ws server validates, then fails to connect: the outcome tells the two apart', async ({
	page
}) => {
	await open(page);
	const outcome = page.getByTestId('editor-outcome');
	// By keyboard: the button goes with its server, and focus lands on the named Servers section.
	await page
		.getByRole('button', { name: en('editor_form_remove_server', { server: 'realtime' }) })
		.focus();
	await page.keyboard.press('Enter');
	await expect(
		page.getByTestId('scenario-form').getByRole('group', { name: en('editor_form_servers') })
	).toBeFocused();
	await page.getByLabel(en('editor_form_name'), { exact: true }).fill('live-feed');
	await page.getByLabel(en('editor_form_type')).selectOption('ws');
	await page.getByLabel(en('editor_form_url')).fill('wss://feed.example.com/mcp');
	await page.getByRole('button', { name: en('editor_form_add_server_button') }).click();

	await page.getByRole('button', { name: en('editor_check') }).click();
	await expect(outcome).toContainText(en('editor_valid_many', { count: 3 }));

	await page.getByRole('button', { name: en('editor_apply') }).click();
	await expect(outcome).toContainText(en('editor_validation_passed'));
	await expect(outcome).toContainText(en('editor_connection_failed', { count: 1, total: 3 }));
	await expect(outcome).toContainText('live-feed: Unsupported MCP transport in current build: ws');
	await settled(page);
	await expect(killButton(page, 'live-feed')).toBeVisible();
	await expect(killButton(page, 'realtime')).toHaveCount(0);
});

test('schema problems are listed with their paths and lead to the text', async ({ page }) => {
	const editor = await open(page);
	await editor.click();
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.type('{"mcp_servers": {"my.api": {"type": "stdio", "args": [1]}}}');
	await page.getByRole('button', { name: en('editor_check') }).click();
	const outcome = page.getByTestId('editor-outcome');
	await expect(outcome).toContainText(en('editor_problems', { count: 2 }));
	// Said, too, in the page's live region.
	await expect(page.getByTestId('live-region')).toContainText(en('editor_problems', { count: 2 }));
	const problem = outcome.getByRole('button', { name: /^mcp_servers\["my\.api"\]\.args\[0\]: / });
	await expect(problem).toBeVisible();
	await expect(
		outcome.getByRole('button', { name: /^mcp_servers\["my\.api"\]\.command: / })
	).toBeVisible();
	await problem.click();
	await expect(editor).toBeFocused();
	// Tab is not trapped in the editor: it moves on, as everywhere else on the page.
	await page.keyboard.press('Tab');
	await expect(editor).not.toBeFocused();
	// Inline: the problem is underlined in the text, too.
	await expect(page.locator('.cm-lintRange-error').first()).toBeVisible();
	// Apply on invalid text changes nothing in the world.
	await page.getByRole('button', { name: en('editor_apply') }).click();
	await expect(outcome).toContainText(en('editor_validation_failed'));
	await expect(killButton(page, 'filesystem')).toBeVisible();
});

// In English only: the problem list in Chinese is checked by the syntax-error test below, and the
// suggestion is one catalogue message.
for (const lang of ['en'])
	test(`a misspelt key names the key meant, in the problem list and aloud (${lang})`, async ({
		page
	}) => {
		const editor = await open(page, lang);
		await editor.click();
		await page.keyboard.press('ControlOrMeta+A');
		await page.keyboard.type('{"mcp_servers": {"fs": {"command": "x", "sim": {"tool": []}}}}');
		await page.getByRole('button', { name: t(lang, 'editor_check') }).click();
		const meant = t(lang, 'scenario_problem_meant', { key: 'tools' });
		await expect(
			page.getByTestId('editor-outcome').getByRole('button', { name: /^mcp_servers\.fs\.sim: / })
		).toHaveText(new RegExp(`"tool"${escapeRegExp(meant)}$`));
		await expect(page.getByTestId('live-region')).toContainText(meant);
	});

test('a server that asks the host: its request is answered in the sandbox, and the call ends', async ({
	page
}) => {
	const editor = await open(page);
	const world = {
		host: { sampling: true, modelReply: 'Three orders.' },
		mcp_servers: {
			shop: {
				command: 'shop-server',
				sim: {
					tools: [
						{
							name: 'summarise',
							steps: [{ do: 'sample', prompt: 'Summarise the orders' }],
							result: { content: [{ type: 'text', text: 'summary sent' }] }
						}
					],
					prompts: [{ name: 'greet', messages: [{ role: 'user', text: 'Hello' }] }]
				}
			}
		}
	};
	await editor.click();
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.insertText(JSON.stringify(world, null, 2));
	await page.getByRole('button', { name: en('editor_apply') }).click();
	await expect(page.getByTestId('editor-outcome')).toContainText(en('editor_connection_ok'));
	await settled(page);

	const calls = page.locator('#calls');
	await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
	await expect(calls.getByRole('listitem')).toContainText(en('call_waiting'));
	// The call waits for the host; the host panel is where the person answers (it was not on
	// this page: the call waited for good, the clock stopped by design).
	const host = page.getByRole('region', { name: en('host_title') });
	await host.getByRole('button', { name: en('host_approve_label', { id: 'h1' }) }).click();
	await expect(calls.getByRole('listitem')).toContainText('summary sent');
	// And the protocol panel: the server's prompts are reachable too.
	const protocol = page.getByRole('region', { name: en('protocol_title') });
	await protocol
		.getByRole('button', { name: en('protocol_list_prompts_label', { server: 'shop' }) })
		.click();
	await expect(protocol).toContainText('greet');
});

test('templates load into the editor; export and import a file', async ({ page }) => {
	const editor = await open(page);
	// No template is chosen at first (a title shown there read as the world's own), so none loads.
	const templates = page.getByRole('combobox', { name: en('editor_template_label'), exact: true });
	await expect(templates.locator('option:checked')).toHaveText(en('editor_template_choose'));
	await expect(page.getByRole('button', { name: en('editor_template_load') })).toBeDisabled();
	await templates.selectOption('naming-stress');
	await page.getByRole('button', { name: en('editor_template_load') }).click();
	await expect(editor).toContainText('"my.api"');
	await page.getByRole('button', { name: en('editor_apply') }).click();
	await expect(page.getByTestId('editor-outcome')).toContainText(en('editor_connection_ok'));
	await settled(page);
	await expect(killButton(page, '1password')).toBeVisible();

	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: en('editor_export') }).click();
	const file = await download;
	expect(file.suggestedFilename()).toBe('scenario.json');
	const exported = JSON.parse(readFileSync(await file.path(), 'utf8'));
	expect(Object.keys(exported.mcp_servers)).toContain('数据');

	// A file with a header value: imported, not applied, and the export warns about it.
	const chooser = page.waitForEvent('filechooser');
	await page.getByRole('button', { name: en('editor_import') }).click();
	await (
		await chooser
	).setFiles({
		name: 'mine.json',
		mimeType: 'application/json',
		buffer: Buffer.from(
			JSON.stringify({
				mcp_servers: {
					api: { type: 'http', url: 'https://x', headers: { Authorization: 'Bearer t' } }
				}
			})
		)
	});
	await expect(page.getByTestId('editor-outcome')).toContainText(
		en('editor_imported', { file: 'mine.json' })
	);
	await expect(editor).toContainText('Authorization');
	await expect(page.getByText(en('editor_secrets_warning'))).toBeVisible();
	await expect(killButton(page, '1password')).toBeVisible();
});

test('a JSON syntax error is said in Chinese on a Chinese page: what and where, no engine English', async ({
	page
}) => {
	const zh = (key: string, params?: Record<string, string | number>) => t('zh-CN', key, params);
	const editor = await open(page, 'zh-CN');
	const outcome = page.getByTestId('editor-outcome');
	await editor.click();
	await page.keyboard.press('ControlOrMeta+End');
	await page.keyboard.type('x');
	await page.getByRole('button', { name: zh('editor_check') }).click();
	// The stray x is the last line's second character (the editor draws only the lines in view,
	// so the line number is read back from the message).
	const said = zh('json_error_at', { what: zh('json_error_after_value'), line: 0, column: 2 });
	await expect(outcome).toContainText(new RegExp(said.replace('第 0 行', '第 \\d+ 行')));
	await expect(outcome).not.toContainText('position');
	// Said once, in the same words: the first time, its words load before it is said.
	const region = page.getByTestId('live-region');
	await expect(region).toContainText(new RegExp(said.replace('第 0 行', '第 \\d+ 行')));
	await expect(region).not.toContainText('position');

	// The call form's JSON arguments say the same kind of thing.
	const calls = page.locator('#calls');
	await calls.getByRole('button', { name: zh('call_mode_json'), exact: true }).click();
	await calls.getByLabel(zh('call_arguments')).fill('{path: 1}');
	await expect(calls).toContainText(
		zh('call_invalid_json', {
			detail: zh('json_error_at', { what: zh('json_error_property_name'), line: 1, column: 2 })
		})
	);
});

for (const lang of ['en', 'zh-CN']) {
	test(`axe: /sandbox (${lang})`, async ({ page }) => {
		const errors: string[] = [];
		page.on('console', (message) => {
			if (message.type() === 'error') errors.push(message.text());
		});
		page.on('pageerror', (error) => errors.push(error.message));
		await open(page, lang);
		await expectNoAxeViolations(page);
		expect(errors).toEqual([]);
		// The editor's own tooltips are in the page's language too.
		const fold = [t(lang, 'editor_cm_fold_line'), t(lang, 'editor_cm_unfold_line')];
		const title = await page.locator('.cm-foldGutter [title]').first().getAttribute('title');
		expect(fold).toContain(title);
	});
}

// /sandbox in the dark theme is theme.e2e.ts's "axe: the world editor (CodeMirror) in the dark
// theme": the same page on a dark system. Each of its 1,128 elements has the same colours there
// as here with data-theme="dark" set (compared once, when this file's own pass was folded in).

test('a reload keeps the applied world, without its secrets; the template applied again is kept no more', async ({
	page
}) => {
	const SECRET = 'sk-e2e-sandbox-93b1f2';
	const editor = await open(page);
	await editor.click();
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.insertText(
		JSON.stringify({
			mcp_servers: {
				tickets: {
					type: 'http',
					url: 'https://tickets.example.com/mcp',
					headers: { Authorization: `Bearer ${SECRET}` }
				}
			}
		})
	);
	await page.getByRole('button', { name: en('editor_apply') }).click();
	await settled(page);
	await expect(killButton(page, 'tickets')).toBeVisible();
	await expect(page.getByTestId('sandbox-restored')).toHaveCount(0);

	await page.reload();
	await settled(page);
	await expect(killButton(page, 'tickets')).toBeVisible();
	await expect(killButton(page, 'filesystem')).toHaveCount(0);
	await expect(page.getByTestId('sandbox-restored')).toHaveText(
		`${en('sandbox_restored')} ${en('sandbox_restored_redacted')}`
	);
	const kept = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
	expect(kept).toContain('tickets');
	expect(kept).not.toContain(SECRET);
	expect(await page.content()).not.toContain(SECRET);

	// The template applied again is the sandbox's start: nothing is kept.
	await page
		.getByRole('combobox', { name: en('editor_template_label'), exact: true })
		.selectOption('lab-01');
	await page.getByRole('button', { name: en('editor_template_load') }).click();
	await page.getByRole('button', { name: en('editor_apply') }).click();
	await settled(page);
	await expect(killButton(page, 'filesystem')).toBeVisible();
	await expect(page.getByTestId('sandbox-restored')).toHaveCount(0);
	await page.reload();
	await settled(page);
	await expect(killButton(page, 'filesystem')).toBeVisible();
	await expect(page.getByTestId('sandbox-restored')).toHaveCount(0);
});

for (const lang of ['en', 'zh-CN']) {
	test(`the editor speaks through the page's one live region: F8's problem, a fold (${lang})`, async ({
		page
	}) => {
		const editor = await open(page, lang);
		const live = page.getByTestId('live-region');
		// CodeMirror's own live region is silenced: one polite region on the page.
		await expect(page.locator('[aria-live="polite"]')).toHaveCount(1);

		// A scenario whose second line is wrong: args must be an array.
		await editor.click();
		await page.keyboard.press('ControlOrMeta+A');
		await page.keyboard.insertText(
			'{\n"mcp_servers": {"x": {"type": "stdio", "command": "node", "args": "nope"}}\n}'
		);
		await page.keyboard.press('ControlOrMeta+Home');
		// The linter runs 300 ms after typing stops; F8 then moves to its problem and says it.
		await expect(page.locator('.cm-lint-marker-error')).toHaveCount(1);
		await page.keyboard.press('F8');
		await expect(live).toContainText(t(lang, 'editor_problem_at', { line: 2, problem: '' }));

		// Folding the object says which lines were folded, in the page's language.
		await page.keyboard.press('ControlOrMeta+Home');
		await page.keyboard.press('ControlOrMeta+Shift+BracketLeft');
		await expect(live).toContainText(t(lang, 'editor_cm_folded_lines'));
	});
}

test('unapplied edits are not lost without a word: leaving by a link or a reload asks first', async ({
	page
}) => {
	const editor = await open(page);
	await editor.click();
	await page.keyboard.press('ControlOrMeta+End');
	await page.keyboard.type('x');
	const asked: Array<{ type: string; message: string }> = [];
	page.on('dialog', (dialog) => {
		asked.push({ type: dialog.type(), message: dialog.message() });
		void dialog.dismiss();
	});

	// A link inside the site: the page's own question, in the page's language; staying keeps
	// the text.
	await page
		.getByRole('link', { name: en('app_title') })
		.first()
		.click();
	await expect.poll(() => asked.length).toBe(1);
	expect(asked[0]).toEqual({ type: 'confirm', message: en('editor_leave_confirm') });
	await expect(page).toHaveURL(/\/sandbox/);
	await expect(editor).toContainText('}x');

	// A reload: the browser's own question (its words are the browser's).
	await page.evaluate(() => location.reload());
	await expect.poll(() => asked.length).toBe(2);
	expect(asked[1].type).toBe('beforeunload');
	await expect(editor).toContainText('}x');

	// Back to the running text: nothing to lose, nothing asked. (An applied edit is not asked
	// about either: progress.e2e.ts leaves lab 02 after applying its world.)
	await editor.click();
	await page.keyboard.press('ControlOrMeta+End');
	await page.keyboard.press('Backspace');
	await page
		.getByRole('link', { name: en('app_title') })
		.first()
		.click();
	await expect(page).not.toHaveURL(/\/sandbox/);
	expect(asked).toHaveLength(2);
});
