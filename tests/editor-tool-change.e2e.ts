import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { recordSaid, saidLast } from './helpers/live-region';
import { importWorld, openEditorForm } from './helpers/editor-form';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// A listed tool's Change, by keyboard: a new name and description, in place. Renamed so that
// OpenHarness adapts it to the name of another tool of its server, it shadows that tool: the
// registry says so, and the model's call of that name reaches the renamed tool.

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);
const zh = (key: string, params?: Record<string, string | number>) => t('zh-CN', key, params);

/** Presses a tool's Change by keyboard: its fields open with focus on the tool's name. */
async function openChange(page: Page, lang: string, tool: string) {
	const names = { tool, server: 'internal-api' };
	const form = page.getByTestId('scenario-form');
	await form.getByRole('button', { name: t(lang, 'editor_form_change_tool', names) }).focus();
	await page.keyboard.press('Enter');
	const fields = form.getByRole('form', { name: t(lang, 'editor_form_change_tool', names) });
	await expect(fields.getByLabel(t(lang, 'editor_form_tool_name'))).toBeFocused();
	return fields;
}

/** Replaces the focused field's text by typing. */
async function retype(page: Page, text: string) {
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.press('Backspace');
	if (text) await page.keyboard.type(text);
}

// Narrow enough that the editor shows one view at a time: the form is opened by its button.
test.use({ viewport: { width: 800, height: 900 } });

test('a tool renamed by keyboard to adapt to another tool’s name shadows it: the model’s call reaches it', async ({
	page
}) => {
	const form = await openEditorForm(page, 'en');
	const region = page.getByTestId('live-region');
	const fields = await openChange(page, 'en', 'create_ticket');
	const name = fields.getByLabel(en('editor_form_tool_name'));
	await expect(name).toHaveValue('create_ticket');
	await expect(fields.getByLabel(en('editor_form_tool_description'))).toHaveValue(
		'Open a support ticket.'
	);

	// The name its server already lists is refused: marked, described, said, the fields kept.
	await retype(page, 'search_orders');
	await page.keyboard.press('Enter');
	const taken = en('editor_form_tool_taken', { server: 'internal-api', name: 'search_orders' });
	await expect(name).toHaveAttribute('aria-invalid', 'true');
	await expect(name).toHaveAccessibleDescription(taken);
	await expect(region).toHaveText(saidLast(taken));

	// Another raw name, which OpenHarness adapts to the same one; and a new description.
	await retype(page, 'search.orders');
	await page.keyboard.press('Tab');
	await retype(page, 'Finds orders, renamed.');
	await page.keyboard.press('Enter');
	await expect(region).toHaveText(
		saidLast(
			en('editor_form_tool_renamed_as', {
				old: 'create_ticket',
				tool: 'search.orders',
				server: 'internal-api',
				behaviour: en('editor_form_said_text')
			})
		)
	);
	await expect(fields).toHaveCount(0);
	// Focus is back on that tool's Change, which now names it by its new name.
	const renamed = { tool: 'search.orders', server: 'internal-api' };
	await expect(
		form.getByRole('button', { name: en('editor_form_change_tool', renamed) })
	).toBeFocused();
	await expect(form).toContainText('search.orders — Finds orders, renamed.');

	await page.getByRole('button', { name: en('editor_apply') }).focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('editor-outcome')).toContainText(en('editor_validation_passed'));
	await settled(page);
	// Servers register in order, a server's tools in the order it lists them: the renamed tool,
	// listed second, is registered last under mcp__internal-api__search_orders and wins.
	const registry = page.locator('#registry');
	await expect(registry).toContainText(
		en('registry_shadowed_same_server', {
			name: 'mcp__internal-api__search_orders',
			server: 'internal-api',
			tool: 'search_orders'
		})
	);
	const row = registry.getByRole('row').filter({ hasText: 'mcp__internal-api__search_orders' });
	await expect(row).toHaveCount(1);
	await expect(row.getByRole('rowheader')).toHaveText('mcp__internal-api__search_orders');
	await expect(row.getByRole('cell')).toHaveText([
		'internal-api',
		'search.orders',
		en('registry_no'),
		en('registry_yes')
	]);

	// The model calls search_orders by its adapted name: the renamed ticket tool answers.
	const calls = page.locator('#calls');
	await calls
		.getByLabel(en('call_tool'), { exact: true })
		.selectOption('mcp__internal-api__search_orders');
	await calls.getByRole('button', { name: en('call_button'), exact: true }).focus();
	await page.keyboard.press('Enter');
	await settled(page);
	const call = calls.locator('ul > li').first();
	await expect(call.locator('.font-mono.whitespace-pre-wrap')).toHaveText('Ticket T-1042 created');
});

test('in Chinese: the Change fields, a rename said in Chinese, and axe on the open fields', async ({
	page
}) => {
	const form = await openEditorForm(page, 'zh-CN');
	const region = page.getByTestId('live-region');
	let fields = await openChange(page, 'zh-CN', 'search_orders');
	await expect(fields.getByLabel(zh('editor_form_tool_description'))).toHaveValue(
		'Search customer orders by a free-text query.'
	);
	await expect(fields.getByRole('button', { name: zh('editor_form_save') })).toBeVisible();
	await expectNoAxeViolations(page, { include: ['[data-testid="scenario-form"]'] });
	await page.keyboard.press('Tab');
	await retype(page, ' ');
	await page.keyboard.press('Enter');
	await expect(region).toHaveText(
		saidLast(
			zh('editor_form_tool_changed_as', {
				tool: 'search_orders',
				server: 'internal-api',
				behaviour: zh('editor_form_said_text')
			})
		)
	);
	// The emptied description is gone from the list, not shown as an empty dash.
	await expect(form.getByRole('listitem').filter({ hasText: /^search_orders/ })).not.toContainText(
		'—'
	);

	fields = await openChange(page, 'zh-CN', 'search_orders');
	await retype(page, '');
	await page.keyboard.press('Enter');
	await expect(fields.getByLabel(zh('editor_form_tool_name'))).toHaveAccessibleDescription(
		zh('editor_form_name_required')
	);
	await retype(page, 'find_orders');
	await page.keyboard.press('Enter');
	await expect(region).toHaveText(
		saidLast(
			zh('editor_form_tool_renamed_as', {
				old: 'search_orders',
				tool: 'find_orders',
				server: 'internal-api',
				behaviour: zh('editor_form_said_text')
			})
		)
	);
});

test('open Change fields close, said, when the text loses their tool or server (a template loaded)', async ({
	page
}) => {
	const said = await recordSaid(page);
	const form = await openEditorForm(page, 'en');
	const fields = await openChange(page, 'en', 'search_orders');
	// A server's fields open too (they may be open beside a tool's).
	const server = { server: 'realtime' };
	await form.getByRole('button', { name: en('editor_form_change_server', server) }).focus();
	await page.keyboard.press('Enter');
	const serverFields = form.getByRole('form', { name: en('editor_form_change_server', server) });
	await expect(serverFields).toBeVisible();
	// The learner leaves the fields open and loads another world's text into the editor.
	const template = page.getByRole('combobox', { name: en('editor_template_label') });
	await template.focus();
	await template.selectOption('empty');
	await page.getByRole('button', { name: en('editor_template_load') }).focus();
	await page.keyboard.press('Enter');
	await expect(fields).toHaveCount(0);
	await expect(serverFields).toHaveCount(0);
	await expect
		.poll(said)
		.toContain(en('editor_form_change_closed', { tool: 'search_orders', server: 'internal-api' }));
	await expect.poll(said).toContain(en('editor_form_server_change_closed', server));
	// Focus was not in the fields: it stays where the learner is.
	await expect(page.getByRole('button', { name: en('editor_template_load') })).toBeFocused();

	// The lab 01 template brings realtime back: its fields stay closed.
	await template.focus();
	await template.selectOption('lab-01');
	await page.getByRole('button', { name: en('editor_template_load') }).focus();
	await page.keyboard.press('Enter');
	const again = form.getByRole('button', { name: en('editor_form_change_server', server) });
	await expect(again).toHaveAttribute('aria-expanded', 'false');
	await expect(serverFields).toHaveCount(0);
});

test('a value too long to edit in a field is kept as written, and said instead of shown', async ({
	page
}) => {
	await openEditorForm(page, 'en');
	// Just over the bound: a field holding it took seconds to lay out at 10 MB.
	const long = 'd'.repeat(100_001);
	const world = {
		profile: 'openharness',
		mcp_servers: {
			big: {
				type: 'stdio',
				command: 'node',
				sim: {
					tools: [
						{
							name: 'long_one',
							description: long,
							inputSchema: { type: 'object', properties: {} },
							result: { content: [{ type: 'text', text: long }] }
						}
					]
				}
			}
		}
	};
	await importWorld(page, world);
	const names = { tool: 'long_one', server: 'big' };
	const form = page.getByTestId('scenario-form');
	const notes = (fields: ReturnType<typeof form.getByRole>) => [
		fields.getByText(
			en('editor_form_too_long', {
				field: en('editor_form_tool_description'),
				count: '100,001'
			})
		),
		fields.getByText(
			en('editor_form_too_long', { field: en('editor_form_tool_result'), count: '100,001' })
		)
	];
	await form.getByRole('button', { name: en('editor_form_change_tool', names) }).focus();
	await page.keyboard.press('Enter');
	let fields = form.getByRole('form', { name: en('editor_form_change_tool', names) });
	for (const note of notes(fields)) await expect(note).toBeVisible();
	await expect(fields.getByLabel(en('editor_form_tool_description'))).toHaveCount(0);
	await expect(fields.getByLabel(en('editor_form_tool_result'))).toHaveCount(0);
	await expect(fields.getByLabel(en('editor_form_tool_name'))).toBeFocused();
	await page.keyboard.type('_renamed');
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(
			en('editor_form_tool_renamed_as', {
				old: 'long_one',
				tool: 'long_one_renamed',
				server: 'big',
				behaviour: en('editor_form_said_text')
			})
		)
	);
	// Opened again: both values are still there, every character of them.
	const renamed = { tool: 'long_one_renamed', server: 'big' };
	await form.getByRole('button', { name: en('editor_form_change_tool', renamed) }).focus();
	await page.keyboard.press('Enter');
	fields = form.getByRole('form', { name: en('editor_form_change_tool', renamed) });
	for (const note of notes(fields)) await expect(note).toBeVisible();
});

test('a tool’s input schema changed in place: refused when not a JSON object, then saved and run', async ({
	page
}) => {
	const form = await openEditorForm(page, 'en');
	const region = page.getByTestId('live-region');
	const fields = await openChange(page, 'en', 'search_orders');
	const schema = fields.getByLabel(en('editor_form_tool_schema'));
	await expect(schema).toHaveValue(/"query": \{\n\s+"type": "string"/);
	await expect(schema).toHaveAccessibleDescription(en('editor_form_tool_schema_hint'));

	// JSON that is not an object: refused, marked, described, said; the fields kept.
	await schema.fill('["query"]');
	await fields.getByRole('button', { name: en('editor_form_save') }).click();
	const invalid = en('editor_form_schema_invalid');
	await expect(schema).toHaveAttribute('aria-invalid', 'true');
	await expect(schema).toHaveAccessibleDescription(
		`${en('editor_form_tool_schema_hint')} ${invalid}`
	);
	await expect(region).toHaveText(saidLast(invalid));

	// An object: saved as typed, read back from the text when the fields open again, and run.
	const next = {
		type: 'object',
		properties: { order_id: { type: 'string' } },
		required: ['order_id']
	};
	await schema.fill(JSON.stringify(next));
	await fields.getByRole('button', { name: en('editor_form_save') }).click();
	await expect(fields).toHaveCount(0);
	const names = { tool: 'search_orders', server: 'internal-api' };
	const behaviour = en('editor_form_said_text');
	await expect(region).toHaveText(
		saidLast(
			`${en('editor_form_tool_changed_as', { ...names, behaviour })} ${en('editor_form_tool_schema_new')}`
		)
	);
	await openChange(page, 'en', 'search_orders');
	await expect(schema).toHaveValue(JSON.stringify(next, null, 2));
	await fields.getByRole('button', { name: en('editor_form_cancel') }).click();
	await page.getByRole('button', { name: en('editor_apply'), exact: true }).click();
	await expect(page.getByTestId('editor-outcome')).toContainText(en('editor_validation_passed'));
	await expect(form).toBeVisible();
});
