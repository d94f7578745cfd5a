import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { saidLast } from './helpers/live-region';
import { openEditorForm } from './helpers/editor-form';
import { t } from './helpers/messages';

// The world editor's form makes a tool that fails, by keyboard: a JSON-RPC error, a crash. The
// learner then calls them and sees what the model gets, and that one crashed server leaves the
// others connected.

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);
const zh = (key: string, params?: Record<string, string | number>) => t('zh-CN', key, params);

// Narrow enough that the editor shows one view at a time: the form is opened by its button.
test.use({ viewport: { width: 800, height: 900 } });

test('a JSON-RPC error tool and a crashing tool, made by keyboard, fail as the model sees it', async ({
	page
}) => {
	const form = await openEditorForm(page, 'en');
	const region = page.getByTestId('live-region');
	await expect(form).toBeVisible();

	// On internal-api (the second server): a tool that answers a JSON-RPC error after 500 ms.
	const server = form.getByLabel(en('editor_form_tool_server'));
	await server.focus();
	await page.keyboard.press('ArrowDown');
	await expect(server).toHaveValue('internal-api');
	await page.keyboard.press('Tab');
	await page.keyboard.type('quota');
	await page.keyboard.press('Tab'); // description
	await page.keyboard.press('Tab'); // "When called": the checked choice
	await expect(form.getByRole('radio', { name: en('editor_form_behaviour_text') })).toBeFocused();
	await page.keyboard.press('ArrowDown');
	await page.keyboard.press('ArrowDown');
	await expect(
		form.getByRole('radio', { name: en('editor_form_behaviour_rpc_error') })
	).toBeChecked();
	// The code starts at Internal error; the result text is not this choice's.
	const code = form.getByLabel(en('editor_form_error_code'));
	await expect(code).toHaveValue('-32603');
	await expect(form.getByLabel(en('editor_form_tool_result'))).toHaveCount(0);
	await page.keyboard.press('Tab');
	await expect(code).toBeFocused();
	await page.keyboard.press('Tab');
	await page.keyboard.type('Quota exceeded');
	await page.keyboard.press('Tab');
	await page.keyboard.type('1h');
	await page.keyboard.press('Enter');
	// Refused: the delay is marked and described, the reason said, every field kept.
	const delay = form.getByLabel(en('editor_form_delay'));
	await expect(delay).toHaveAttribute('aria-invalid', 'true');
	await expect(delay).toHaveAccessibleDescription(en('editor_form_latency_invalid'));
	await expect(region).toHaveText(saidLast(en('editor_form_latency_invalid')));
	await expect(form.getByLabel(en('editor_form_error_message'))).toHaveValue('Quota exceeded');
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.type('500');
	await page.keyboard.press('Enter');
	await expect(region).toHaveText(
		saidLast(
			en('editor_form_tool_added_as', {
				tool: 'quota',
				server: 'internal-api',
				behaviour: en('editor_form_said_late', {
					behaviour: en('editor_form_said_rpc_error', { code: -32603 }),
					ms: 500
				})
			})
		)
	);
	await expect(delay).toHaveValue('');
	await expect(delay).toHaveAttribute('aria-invalid', 'false');

	// Then one that crashes: the choice stayed on the JSON-RPC error; no delay applies to a crash.
	await form.getByLabel(en('editor_form_tool_name'), { exact: true }).focus();
	await page.keyboard.type('boom');
	await page.keyboard.press('Tab');
	await page.keyboard.press('Tab');
	await page.keyboard.press('ArrowDown');
	await expect(form.getByRole('radio', { name: en('editor_form_behaviour_crash') })).toBeChecked();
	await expect(delay).toHaveCount(0);
	await expect(form).toContainText(en('editor_form_crash_hint'));
	await page.keyboard.press('Tab');
	await expect(form.getByRole('button', { name: en('editor_form_add_tool_button') })).toBeFocused();
	await page.keyboard.press('Enter');
	const crashes = en('editor_form_tool_added_as', {
		tool: 'boom',
		server: 'internal-api',
		behaviour: en('editor_form_said_crash')
	});
	await expect(region).toHaveText(saidLast(crashes));

	// The list says each tool's behaviour, read back from the text.
	const notes = (...said: string[]) =>
		en('editor_form_notes', { notes: said.join(en('editor_form_notes_separator')) });
	const item = (tool: string) =>
		form
			.getByRole('listitem')
			.filter({
				has: page.getByRole('button', {
					name: en('editor_form_remove_tool', { tool, server: 'internal-api' })
				})
			})
			.last();
	await expect(item('quota')).toContainText(
		notes(
			en('editor_form_note_rpc_error', { code: -32603 }),
			en('editor_form_note_delay', { ms: 500 })
		)
	);
	await expect(item('boom')).toContainText(notes(en('editor_form_note_crash')));

	await page.getByRole('button', { name: en('editor_apply') }).focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('editor-outcome')).toContainText(en('editor_validation_passed'));
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');

	// Each call, from the call panel: what the model receives.
	const calls = page.locator('#calls');
	const call = async (tool: string) => {
		await calls.getByLabel(en('call_tool'), { exact: true }).selectOption(tool);
		await calls.getByRole('button', { name: en('call_button'), exact: true }).focus();
		await page.keyboard.press('Enter');
		await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
		await expect(calls.locator('ul > li').first()).toContainText(tool);
		return calls.locator('ul > li').first();
	};
	await expect(await call('mcp__internal-api__quota')).toContainText(
		"MCP server 'internal-api' call failed: MCP error -32603: Quota exceeded"
	);
	await expect(await call('mcp__internal-api__boom')).toContainText(
		"MCP server 'internal-api' call failed: Connection closed"
	);
	// The crash took internal-api's process down, and only its.
	const card = (name: string) => page.locator('#servers article').filter({ hasText: name }).first();
	await expect(card('internal-api')).toContainText(en('servers_process_killed'));
	await expect(card('filesystem')).toContainText(en('servers_process_running'));
	// OpenHarness notices at its next reconnect: internal-api fails, filesystem stays connected.
	await page.getByRole('button', { name: en('harness_reconnect'), exact: true }).focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
	const status = page.locator('#status pre');
	await expect(status).toContainText('- internal-api: failed - Connection closed');
	await expect(status).toContainText('- filesystem: connected');
});

test('zh-CN: the choice, its fields and the add sentence in Chinese; axe on the form', async ({
	page
}) => {
	const form = await openEditorForm(page, 'zh-CN');
	const choice = form.getByRole('group', { name: zh('editor_form_when_called') });
	for (const key of [
		'editor_form_behaviour_text',
		'editor_form_behaviour_error_result',
		'editor_form_behaviour_rpc_error',
		'editor_form_behaviour_crash'
	])
		await expect(choice.getByRole('radio', { name: zh(key) })).toBeVisible();

	await form.getByLabel(zh('editor_form_tool_name'), { exact: true }).focus();
	await page.keyboard.type('boom');
	await choice.getByRole('radio', { name: zh('editor_form_behaviour_text') }).focus();
	await page.keyboard.press('ArrowUp');
	await expect(
		choice.getByRole('radio', { name: zh('editor_form_behaviour_crash') })
	).toBeChecked();
	await form.getByRole('button', { name: zh('editor_form_add_tool_button') }).focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(
			zh('editor_form_tool_added_as', {
				tool: 'boom',
				server: 'filesystem',
				behaviour: zh('editor_form_said_crash')
			})
		)
	);
	await expect(form).toContainText(
		`boom${zh('editor_form_notes', { notes: zh('editor_form_note_crash') })}`
	);

	// The JSON-RPC error's fields, one of them refused and marked, pass axe in Chinese.
	await choice.getByRole('radio', { name: zh('editor_form_behaviour_crash') }).focus();
	await page.keyboard.press('ArrowUp');
	const code = form.getByLabel(zh('editor_form_error_code'));
	await code.focus();
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.type('x');
	await form.getByLabel(zh('editor_form_tool_name'), { exact: true }).focus();
	await page.keyboard.type('quota');
	await page.keyboard.press('Enter');
	await expect(code).toHaveAttribute('aria-invalid', 'true');
	await expect(code).toHaveAccessibleDescription(zh('editor_form_code_invalid'));
	await expect(form.getByLabel(zh('editor_form_error_message'))).toBeVisible();
	await expect(form.getByLabel(zh('editor_form_delay'))).toBeVisible();
	await expectNoAxeViolations(page, { include: ['[data-testid="scenario-form"]'] });
});

test('an existing tool changed by keyboard to answer with an error result: the model reads its text', async ({
	page
}) => {
	const form = await openEditorForm(page, 'en');
	const region = page.getByTestId('live-region');
	const names = { tool: 'search_orders', server: 'internal-api' };
	const change = form.getByRole('button', { name: en('editor_form_change_tool', names) });
	const fields = form.getByRole('form', { name: en('editor_form_change_tool', names) });

	// The fields open under the tool, from what the text has; Escape closes them, focus comes back.
	await change.focus();
	await page.keyboard.press('Enter');
	await expect(change).toHaveAttribute('aria-expanded', 'true');
	// Focus starts on the tool's name, the first field; its "When called" choice is two Tabs on.
	await expect(fields.getByLabel(en('editor_form_tool_name'))).toBeFocused();
	await page.keyboard.press('Tab');
	await page.keyboard.press('Tab');
	await expect(fields.getByRole('radio', { name: en('editor_form_behaviour_text') })).toBeFocused();
	await expect(fields.getByLabel(en('editor_form_tool_result'))).toHaveValue(
		'3 orders match "late delivery"'
	);
	await page.keyboard.press('Escape');
	await expect(fields).toHaveCount(0);
	await expect(change).toBeFocused();

	// Opened again: its fields arrive a moment after the key (as a person sees them), with focus
	// on the name; the Tabs wait for that, or they left the button before the fields were there.
	await page.keyboard.press('Enter');
	await expect(fields.getByLabel(en('editor_form_tool_name'))).toBeFocused();
	await page.keyboard.press('Tab');
	await page.keyboard.press('Tab');
	await page.keyboard.press('ArrowDown');
	await expect(
		fields.getByRole('radio', { name: en('editor_form_behaviour_error_result') })
	).toBeChecked();
	await page.keyboard.press('Tab');
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.type('Order service unavailable');
	await page.keyboard.press('Enter');
	await expect(region).toHaveText(
		saidLast(
			en('editor_form_tool_changed_as', {
				...names,
				behaviour: en('editor_form_said_error_result')
			})
		)
	);
	await expect(fields).toHaveCount(0);
	await expect(change).toBeFocused();
	const item = form
		.getByRole('listitem')
		.filter({ has: page.getByRole('button', { name: en('editor_form_change_tool', names) }) })
		.last();
	await expect(item).toContainText(
		`search_orders${en('editor_form_notes', { notes: en('editor_form_note_error_result') })}`
	);

	// Only the text changed: the learner applies it.
	await page.getByRole('button', { name: en('editor_apply') }).focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('editor-outcome')).toContainText(en('editor_validation_passed'));
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
	const calls = page.locator('#calls');
	await calls
		.getByLabel(en('call_tool'), { exact: true })
		.selectOption('mcp__internal-api__search_orders');
	await calls.getByRole('button', { name: en('call_button'), exact: true }).focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
	// OpenHarness ignores isError: the model reads the text as a plain answer, no error badge.
	const call = calls.locator('ul > li').first();
	await expect(call).toContainText('mcp__internal-api__search_orders');
	await expect(call.locator('.font-mono.whitespace-pre-wrap')).toHaveText(
		'Order service unavailable'
	);
	await expect(call).not.toContainText(en('call_error_badge'));
});
