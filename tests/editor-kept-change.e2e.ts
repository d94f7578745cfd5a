import { expect, test, type Page } from '@playwright/test';
import { saidLast } from './helpers/live-region';
import { openEditorForm } from './helpers/editor-form';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';
import { switchLanguage } from './helpers/language';

// A change typed into a Change's fields and not saved, or into an Add form and not added, is not
// lost, and not taken for applied: Apply refuses while the fields hold it, a lab's Edit world
// closed and opened again shows them as typed, and leaving the page asks first.

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);
const apply = (page: Page) => page.getByRole('button', { name: en('editor_apply'), exact: true });
const outcome = (page: Page) => page.getByTestId('editor-outcome');
const refused = en('editor_refused', {
	error: en('editor_unsaved_tool', { tool: 'search_orders', server: 'internal-api' })
});

test.use({ viewport: { width: 800, height: 900 } });

test('Apply refuses while a tool’s Change holds a change not saved, and runs once it is saved', async ({
	page
}) => {
	const form = await openEditorForm(page, 'en');
	const label = en('editor_form_change_tool', { tool: 'search_orders', server: 'internal-api' });
	await form.getByRole('button', { name: label }).click();
	const fields = form.getByRole('form', { name: label });
	const description = fields.getByLabel(en('editor_form_tool_description'));
	// Opened and not changed: nothing to lose, Apply runs.
	await apply(page).click();
	await expect(outcome(page)).toContainText(en('editor_validation_passed'));

	await description.fill('Search orders, changed');
	await apply(page).click();
	await expect(outcome(page)).toContainText(refused);
	await expect(page.getByTestId('live-region')).toHaveText(saidLast(refused));
	// Not applied: the running world's text (the JSON view follows it) has the old description.
	await expect(page.getByTestId('scenario-form')).not.toContainText('Search orders, changed');
	await expect(description).toHaveValue('Search orders, changed');
	// The language switched: the refusal shown speaks the new one.
	await switchLanguage(page, 'zh-CN');
	const zh = (key: string, params?: Record<string, string>) => t('zh-CN', key, params);
	await expect(outcome(page)).toContainText(
		zh('editor_refused', {
			error: zh('editor_unsaved_tool', { tool: 'search_orders', server: 'internal-api' })
		})
	);
	await switchLanguage(page, 'en');
	await expect(outcome(page)).toContainText(refused);

	// Typed back as it was: no change left, Apply runs.
	await description.fill('Search customer orders by a free-text query.');
	await apply(page).click();
	await expect(outcome(page)).toContainText(en('editor_validation_passed'));

	// Saved: the text has it and Apply runs it.
	await description.fill('Search orders, changed');
	await fields.getByRole('button', { name: en('editor_form_save') }).click();
	await expect(fields).toHaveCount(0);
	await apply(page).click();
	await expect(outcome(page)).toContainText(en('editor_validation_passed'));
	await expect(page.getByTestId('scenario-form')).toContainText('Search orders, changed');

	// A server typed into Add a server and not added: the same, until its fields are cleared.
	const add = form.getByRole('form', { name: en('editor_form_add_server') });
	const name = add.getByLabel(en('editor_form_name'));
	await name.fill('internal-api');
	await add.getByRole('button', { name: en('editor_form_add_server_button') }).click();
	const taken = en('editor_form_name_taken', { name: 'internal-api' });
	await expect(add).toContainText(taken);
	await expect(name).toHaveAttribute('aria-invalid', 'true');
	await name.fill('billing');
	await add.getByLabel(en('editor_form_type')).selectOption('http');
	await add.getByLabel(en('editor_form_url')).fill('http://127.0.0.1:9/mcp');
	await apply(page).click();
	await expect(outcome(page)).toContainText(
		en('editor_refused', { error: en('editor_unsaved_add_server') })
	);

	// Its Clear, by keyboard: the fields as they opened (type stdio again), the refusal gone,
	// said, focus on the name; Apply runs.
	const clear = add.getByRole('button', {
		name: en('editor_form_clear_fields', { form: en('editor_form_add_server') })
	});
	await expect(clear).toHaveText(en('editor_form_clear'));
	await clear.focus();
	await page.keyboard.press('Enter');
	await expect(name).toHaveValue('');
	await expect(name).toBeFocused();
	await expect(add.getByLabel(en('editor_form_type'))).toHaveValue('stdio');
	await expect(add.getByLabel(en('editor_form_command'))).toHaveValue('');
	await expect(add).not.toContainText(taken);
	await expect(name).toHaveAttribute('aria-invalid', 'false');
	const cleared = en('editor_form_cleared', { form: en('editor_form_add_server') });
	await expect(page.getByTestId('live-region')).toHaveText(saidLast(cleared));
	await apply(page).click();
	await expect(outcome(page)).toContainText(en('editor_validation_passed'));
});

test('a lab’s Edit world closed and opened again shows a server’s Change as typed; leaving asks', async ({
	page
}) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	const summary = page.getByText(en('lab_edit_world'), { exact: true });
	await summary.click();
	await page
		.getByRole('group', { name: en('editor_view_label') })
		.getByRole('button', { name: en('editor_view_form'), exact: true })
		.click();
	const form = page.getByTestId('scenario-form');
	const label = en('editor_form_change_server', { server: 'internal-api' });
	await form.getByRole('button', { name: label }).click();
	const fields = form.getByRole('form', { name: label });
	const name = fields.getByLabel(en('editor_form_name'));
	await expect(name).toBeFocused();
	// A Save refused (no name): what it said shows again with the fields, as long as they do.
	await name.fill('');
	await fields.getByRole('button', { name: en('editor_form_save') }).click();
	const required = en('editor_form_name_required');
	await expect(fields).toContainText(required);
	await name.fill('orders-api');
	const addTool = form.getByRole('form', { name: en('editor_form_add_tool') });
	const toolName = addTool.getByLabel(en('editor_form_tool_name'));
	await toolName.fill('refund_order');

	// Closed: the form goes with the editor. Opened again: in the form view, the fields are back
	// as typed, and focus stays on the summary the learner pressed.
	await summary.click();
	await expect(form).toHaveCount(0);
	await summary.click();
	await expect(name).toHaveValue('orders-api');
	await expect(toolName).toHaveValue('refund_order');
	await expect(summary).toBeFocused();
	await expect(fields).toContainText(required);
	await expect(name).toHaveAttribute('aria-invalid', 'true');
	// The language switched while it was closed: opened again, the refusal is in the new one.
	await summary.click();
	await switchLanguage(page, 'zh-CN');
	await page.getByText(t('zh-CN', 'lab_edit_world'), { exact: true }).click();
	const zh = form.getByRole('form', {
		name: t('zh-CN', 'editor_form_change_server', { server: 'internal-api' })
	});
	await expect(zh).toContainText(t('zh-CN', 'editor_form_name_required'));
	await expect(zh).not.toContainText(required);
	await switchLanguage(page, 'en');
	await expect(fields).toContainText(required);
	await apply(page).click();
	await expect(outcome(page)).toContainText(
		en('editor_refused', {
			error: `${en('editor_unsaved_server', { server: 'internal-api' })} ${en('editor_unsaved_add_tool')}`
		})
	);

	// Leaving by a link inside the site asks first; staying keeps the fields.
	const asked: string[] = [];
	page.on('dialog', (dialog) => {
		asked.push(dialog.message());
		void dialog.dismiss();
	});
	await page
		.getByRole('link', { name: en('app_title') })
		.first()
		.click();
	await expect.poll(() => asked).toEqual([en('editor_leave_confirm')]);
	await expect(page).toHaveURL(/01-connection-isolation/);
	await expect(name).toHaveValue('orders-api');

	// Cancelled and cleared: nothing is held, Apply runs and leaving asks nothing.
	await name.press('Escape');
	await addTool
		.getByRole('button', {
			name: en('editor_form_clear_fields', { form: en('editor_form_add_tool') })
		})
		.click();
	await expect(toolName).toHaveValue('');
	await expect(toolName).toBeFocused();
	await apply(page).click();
	await expect(outcome(page)).toContainText(en('editor_validation_passed'));
	await page
		.getByRole('link', { name: en('app_title') })
		.first()
		.click();
	await expect(page).not.toHaveURL(/01-connection-isolation/);
	expect(asked).toHaveLength(1);
});
