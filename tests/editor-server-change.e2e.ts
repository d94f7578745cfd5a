import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { saidLast } from './helpers/live-region';
import { importWorld, openEditorForm } from './helpers/editor-form';
import { t } from './helpers/messages';

// A listed server changed in the world editor's form, by keyboard: renamed (its tools keep
// their place and get the harness's new adapted names), made a ws server (it passes validation
// and fails to connect, alone), a refused Save, and the fields in Chinese.

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);
const zh = (key: string, params?: Record<string, string | number>) => t('zh-CN', key, params);

async function applyByKeyboard(page: Page) {
	await page.getByRole('button', { name: en('editor_apply') }).focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('editor-outcome')).toContainText(en('editor_validation_passed'));
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
}

/** The names the form lists its servers by, in order (each one's Remove names it). */
const listed = (page: Page) =>
	page
		.getByTestId('scenario-form')
		.getByRole('button', { name: /^Remove server / })
		.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')!.slice(14)));

/** A listed server's Change opened by keyboard: its fields. */
async function openChange(form: Locator, server: string) {
	await form.getByRole('button', { name: en('editor_form_change_server', { server }) }).focus();
	await form.page().keyboard.press('Enter');
	return form.getByRole('form', { name: en('editor_form_change_server', { server }) });
}

// Narrow enough that the editor shows one view at a time: the form is opened by its button.
test.use({ viewport: { width: 800, height: 900 } });

test('a renamed server keeps its place and its tools, under the names OpenHarness adapts', async ({
	page
}) => {
	const form = await openEditorForm(page, 'en');
	const region = page.getByTestId('live-region');
	const change = form.getByRole('button', {
		name: en('editor_form_change_server', { server: 'internal-api' })
	});
	const fields = form.getByRole('form', {
		name: en('editor_form_change_server', { server: 'internal-api' })
	});
	// Add a simulated tool set to add to it: the choice follows the rename.
	const onServer = form.getByLabel(en('editor_form_tool_server'));
	await onServer.selectOption('internal-api');
	await expect(change).toHaveAttribute('aria-expanded', 'false');
	await change.focus();
	await page.keyboard.press('Enter');
	await expect(change).toHaveAttribute('aria-expanded', 'true');
	// Filled from the text; focus in its first field.
	const name = fields.getByLabel(en('editor_form_name'));
	await expect(name).toBeFocused();
	await expect(name).toHaveValue('internal-api');
	await expect(fields.getByLabel(en('editor_form_type'))).toHaveValue('http');
	await expect(fields.getByLabel(en('editor_form_url'))).toHaveValue(
		'https://mcp.internal.example.com/mcp'
	);
	await expect(fields.getByLabel(en('editor_form_command'))).toHaveCount(0);

	// A space and a dot: kept in the text as typed, each adapted to `_` by OpenHarness.
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.type('internal api.v2');
	await page.keyboard.press('Enter');
	await expect(region).toHaveText(
		saidLast(en('editor_form_server_renamed', { old: 'internal-api', server: 'internal api.v2' }))
	);
	await expect(fields).toHaveCount(0);
	const renamed = form.getByRole('button', {
		name: en('editor_form_change_server', { server: 'internal api.v2' })
	});
	await expect(renamed).toBeFocused();
	await expect(renamed).toHaveAttribute('aria-expanded', 'false');
	// Its place in mcp_servers, the order the harness connects in.
	expect(await listed(page)).toEqual(['filesystem', 'internal api.v2', 'realtime']);
	await expect(onServer).toHaveValue('internal api.v2');
	await expect(
		form.getByRole('button', {
			name: en('editor_form_change_tool', { tool: 'create_ticket', server: 'internal api.v2' })
		})
	).toBeVisible();

	await applyByKeyboard(page);
	const names = async () =>
		(await page.locator('#registry tbody tr').allInnerTexts()).map((row) => row.split(/\s/)[0]);
	await expect
		.poll(names)
		.toEqual(
			expect.arrayContaining([
				'mcp__internal_api_v2__search_orders',
				'mcp__internal_api_v2__create_ticket'
			])
		);
	expect((await names()).filter((n) => n.includes('internal'))).toEqual([
		'mcp__internal_api_v2__search_orders',
		'mcp__internal_api_v2__create_ticket'
	]);
	// The harness's status names the server as the text does.
	await expect(page.locator('#status pre')).toContainText('- internal api.v2: connected');
});

test('a server made ws passes validation, then fails to connect alone', async ({ page }) => {
	const form = await openEditorForm(page, 'en');
	const region = page.getByTestId('live-region');
	const change = form.getByRole('button', {
		name: en('editor_form_change_server', { server: 'filesystem' })
	});
	const fields = await openChange(form, 'filesystem');
	await expect(fields.getByLabel(en('editor_form_command'))).toHaveValue('npx');
	await expect(fields.getByLabel(en('editor_form_args'))).toHaveValue(
		'-y\n@modelcontextprotocol/server-filesystem\n/data'
	);
	await page.keyboard.press('Tab'); // Type: a closed select moves one option an arrow key
	const type = fields.getByLabel(en('editor_form_type'));
	await expect(type).toBeFocused();
	await page.keyboard.press('ArrowDown');
	await page.keyboard.press('ArrowDown');
	await expect(type).toHaveValue('ws');
	// The command's fields go, a URL's comes.
	await expect(fields.getByLabel(en('editor_form_command'))).toHaveCount(0);
	await page.keyboard.press('Tab');
	const url = fields.getByLabel(en('editor_form_url'));
	await expect(url).toBeFocused();
	await page.keyboard.type('wss://files.example.com/mcp');
	await page.keyboard.press('Enter');
	// Said: what changed, and the stdio keys the text no longer has.
	const changed = en('editor_form_server_changed', {
		server: 'filesystem',
		changes: [en('editor_form_changed_type', { type: 'ws' }), en('editor_form_changed_url')].join(
			en('editor_form_notes_separator')
		)
	});
	await expect(region).toHaveText(
		saidLast(`${changed} ${en('editor_form_server_removed_keys', { keys: 'command, args' })}`)
	);
	await expect(change).toBeFocused();
	await expect(form).toContainText('filesystem (ws)');
	await expect(form).toContainText('wss://files.example.com/mcp');

	// Valid: OpenHarness's three config shapes all pass. Connecting is another matter.
	await applyByKeyboard(page);
	const status = page.locator('#status pre');
	await expect(status).toContainText(
		'- filesystem: failed - Unsupported MCP transport in current build: ws'
	);
	await expect(status).toContainText('- internal-api: connected');
	// Its tools are gone from the registry; the other server's stay.
	await expect(page.locator('#registry')).not.toContainText('mcp__filesystem__');
	await expect(page.locator('#registry')).toContainText('mcp__internal-api__search_orders');
});

test('a refused Save marks the name and says why; Escape cancels, focus back on Change', async ({
	page
}) => {
	const form = await openEditorForm(page, 'en');
	const region = page.getByTestId('live-region');
	const change = form.getByRole('button', {
		name: en('editor_form_change_server', { server: 'filesystem' })
	});
	const fields = await openChange(form, 'filesystem');
	const name = fields.getByLabel(en('editor_form_name'));
	await expect(name).toBeFocused();
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.type('internal-api');
	await page.keyboard.press('Enter');
	const taken = en('editor_form_name_taken', { name: 'internal-api' });
	await expect(name).toHaveAttribute('aria-invalid', 'true');
	await expect(name).toHaveAccessibleDescription(taken);
	await expect(region).toHaveText(saidLast(taken));
	// Nothing written: the fields stay open, as typed.
	await expect(name).toHaveValue('internal-api');
	expect(await listed(page)).toEqual(['filesystem', 'internal-api', 'realtime']);

	await page.keyboard.press('Escape');
	await expect(fields).toHaveCount(0);
	await expect(change).toBeFocused();
	await expect(change).toHaveAttribute('aria-expanded', 'false');
	expect(await listed(page)).toEqual(['filesystem', 'internal-api', 'realtime']);
	// Opened again, the fields start from the text, not from what was typed.
	await page.keyboard.press('Enter');
	await expect(name).toHaveValue('filesystem');
	await expect(name).toHaveAttribute('aria-invalid', 'false');
});

test('zh-CN: the fields and the sentence in Chinese; axe on the open fields', async ({ page }) => {
	const form = await openEditorForm(page, 'zh-CN');
	const names = { server: 'internal-api' };
	const change = form.getByRole('button', { name: zh('editor_form_change_server', names) });
	const fields = form.getByRole('form', { name: zh('editor_form_change_server', names) });
	await change.focus();
	await page.keyboard.press('Enter');
	for (const key of ['editor_form_name', 'editor_form_type', 'editor_form_url'])
		await expect(fields.getByLabel(zh(key))).toBeVisible();
	await expect(fields.getByRole('button', { name: zh('editor_form_save') })).toBeVisible();
	await expect(fields.getByRole('button', { name: zh('editor_form_cancel') })).toBeVisible();

	// A refusal shown, then axe on the open fields (marked field and its message included).
	await fields.getByLabel(zh('editor_form_url')).focus();
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.press('Backspace');
	await page.keyboard.press('Enter');
	const url = fields.getByLabel(zh('editor_form_url'));
	await expect(url).toHaveAttribute('aria-invalid', 'true');
	await expect(url).toHaveAccessibleDescription(zh('editor_form_url_required'));
	await expectNoAxeViolations(page, { include: ['[data-testid="scenario-form"] form'] });

	await page.keyboard.type('wss://x.example/mcp');
	await fields.getByLabel(zh('editor_form_name')).focus();
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.type('api');
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(
			zh('editor_form_server_renamed_changed', {
				old: 'internal-api',
				server: 'api',
				changes: zh('editor_form_changed_url')
			})
		)
	);
	await expect(
		form.getByRole('button', { name: zh('editor_form_change_server', { server: 'api' }) })
	).toBeFocused();
});

test('a server removed while its fields are open: added again, it starts closed', async ({
	page
}) => {
	const form = await openEditorForm(page, 'en');
	const names = { server: 'filesystem' };
	const change = form.getByRole('button', { name: en('editor_form_change_server', names) });
	await change.focus();
	await page.keyboard.press('Enter');
	await expect(
		form.getByRole('form', { name: en('editor_form_change_server', names) })
	).toBeVisible();
	await page.keyboard.press('Shift+Tab');
	await expect(
		form.getByRole('button', { name: en('editor_form_remove_server', names) })
	).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(en('editor_form_server_removed', names))
	);
	expect(await listed(page)).toEqual(['internal-api', 'realtime']);

	const add = form.getByRole('form', { name: en('editor_form_add_server') });
	await add.getByLabel(en('editor_form_name')).focus();
	await page.keyboard.type('filesystem');
	await add.getByLabel(en('editor_form_command')).focus();
	await page.keyboard.type('npx');
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(en('editor_form_server_added', names))
	);
	await expect(change).toHaveAttribute('aria-expanded', 'false');
	await expect(
		form.getByRole('form', { name: en('editor_form_change_server', names) })
	).toHaveCount(0);
});

test('a Change editor that cannot be fetched is said, and nothing opens', async ({ page }) => {
	const form = await openEditorForm(page, 'en');
	// The page has started: every script fetched from now on (the Change editors') fails.
	await page.route('**/_app/immutable/**/*.js', (route) => route.abort());
	const change = form.getByRole('button', {
		name: en('editor_form_change_server', { server: 'internal-api' })
	});
	await change.focus();
	await page.keyboard.press('Enter');
	const said = en('editor_load_failed', { error: '' });
	await expect(page.getByTestId('live-region')).toContainText(said);
	await expect(change).toHaveAttribute('aria-expanded', 'false');
	await expect(form.getByRole('form', { name: /^Change server / })).toHaveCount(0);
	await expect(change).toBeFocused();
});

test('a command, argument or URL too long to edit in a field is kept as written, and said', async ({
	page
}) => {
	await openEditorForm(page, 'en');
	// Just over the bound: a field holding 10 MB took seconds to lay out.
	const long = (c: string) => c.repeat(100_001);
	const world = {
		profile: 'openharness',
		mcp_servers: {
			big: { type: 'stdio', command: long('c'), args: [long('a')], sim: { tools: [] } },
			far: { type: 'http', url: `https://example.com/${long('u')}`, sim: { tools: [] } }
		}
	};
	await importWorld(page, world);
	const form = page.getByTestId('scenario-form');
	const note = (field: string, count: string) =>
		en('editor_form_too_long', { field: en(field), count });
	let fields = await openChange(form, 'big');
	await expect(fields.getByText(note('editor_form_command', '100,001'))).toBeVisible();
	await expect(fields.getByText(note('editor_form_args', '100,001'))).toBeVisible();
	// Not shown, so not laid out; kept in the form, so a Save writes it only if changed.
	await expect(fields.getByLabel(en('editor_form_command'))).toBeHidden();
	await expect(fields.getByLabel(en('editor_form_args'))).toBeHidden();
	await expect(fields.getByLabel(en('editor_form_name'))).toBeFocused();
	await page.keyboard.type('-renamed');
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(en('editor_form_server_renamed', { old: 'big', server: 'big-renamed' }))
	);
	// Opened again: both values are still there, every character of them.
	fields = await openChange(form, 'big-renamed');
	await expect(fields.getByText(note('editor_form_command', '100,001'))).toBeVisible();
	await expect(fields.getByText(note('editor_form_args', '100,001'))).toBeVisible();
	await page.keyboard.press('Escape');

	fields = await openChange(form, 'far');
	await expect(fields.getByText(note('editor_form_url', '100,021'))).toBeVisible();
	await expect(fields.getByLabel(en('editor_form_url'))).toBeHidden();
	await page.keyboard.press('Escape');
});
