import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './helpers/axe';
import { t } from './helpers/messages';
import { escapeRegExp, settled } from './helpers/play-lab';
import { saidLast } from './helpers/live-region';

// The protocol beside tools, driven from lab 00's panels as a learner would: a sampling request
// edited then approved, an elicitation form refused by its own schema then accepted (and one
// declined), the roots changed from the editor, URL-mode consent, and axe while requests wait.

const LAB = '00-protocol-basics';
const tool = (name: string) => `mcp__helpdesk__${name}`;

async function open(page: Page, lang: string) {
	await page.goto(`labs/${LAB}?speed=instant&lang=${lang}`);
	await expect(page.locator('html')).toHaveAttribute('lang', lang);
	await settled(page);
	await expect(page.locator('#host')).toBeVisible();
	// Step 1 covers Message by message until its question is answered; these tests use the panel.
	await page
		.getByRole('button', {
			name: t(lang, 'panel_hidden_show_label', { panel: t(lang, 'messages_title') })
		})
		.click();
}

async function call(page: Page, lang: string, name: string) {
	const calls = page.locator('#calls');
	await calls.getByLabel(t(lang, 'call_tool'), { exact: true }).selectOption(tool(name));
	await calls.getByLabel(t(lang, 'call_arguments')).fill('{}');
	await calls.getByRole('button', { name: t(lang, 'call_button'), exact: true }).click();
	await settled(page);
}

/** The newest call's output in the Model calls panel (listed first). */
const newestCall = (page: Page) => page.locator('#calls li').first();

// The host's answers in English only: labs.e2e.ts plays lab 00 in Chinese, answering sampling,
// elicitation and roots there, and the axe test below opens them all in both languages.
for (const lang of ['en']) {
	test(`sampling: edit the reply, then approve (${lang})`, async ({ page }) => {
		await open(page, lang);
		await call(page, lang, 'summarise_tickets');
		const host = page.locator('#host');
		await expect(host).toContainText('Summarise these open tickets in one sentence');
		await expect(host).toContainText(
			'Two tickets are open: a printer on fire and a VPN that drops every hour.'
		);
		await host.getByRole('button', { name: t(lang, 'host_edit_label', { id: 'h1' }) }).click();
		const reply = host.getByLabel(t(lang, 'host_edit_reply_label', { id: 'h1' }));
		await expect(reply).toBeFocused();
		await expect(reply).toHaveValue(
			'Two tickets are open: a printer on fire and a VPN that drops every hour.'
		);
		await reply.fill('Edited by a person: T-1 first.');
		await host.getByRole('button', { name: t(lang, 'host_approve_label', { id: 'h1' }) }).click();
		await settled(page);
		await expect(newestCall(page)).toContainText('sampling: Edited by a person: T-1 first.');
		await expect(host.locator('li[data-request="h1"]')).toContainText(
			t(lang, 'host_state_approved')
		);
		await expect(host).toContainText(t(lang, 'host_pending_none'));
	});

	test(`elicitation: refused by its schema, then accepted; another declined (${lang})`, async ({
		page
	}) => {
		await open(page, lang);
		await call(page, lang, 'book_visit');
		const card = page.locator('#host article[data-request="h1"]');
		await expect(card).toContainText('When should the technician come');
		await card.getByLabel(/^date/).fill('2025-06-02');
		await card.getByLabel(/^people/).fill('0');
		await card.getByRole('button', { name: t(lang, 'host_accept_label', { id: 'h1' }) }).click();
		await settled(page);
		// What is wrong, in plain words and the page's language, not the validator's.
		const misfit = t(lang, 'command_error_answer_misfit', {
			detail: t(lang, 'misfit_minimum', { field: 'people', limit: '1' })
		});
		await expect(card).toContainText(`${t(lang, 'host_refused')} ${misfit}`);
		await expect(page.getByTestId('live-region')).toContainText(
			t(lang, 'announce_command_failed', { error: misfit })
		);
		// Nothing was sent: the call still waits.
		await expect(newestCall(page)).toContainText('executing');
		await card.getByLabel(/^people/).fill('2');
		await card.getByLabel(/^room/).selectOption('lab');
		await card.getByRole('button', { name: t(lang, 'host_accept_label', { id: 'h1' }) }).click();
		await settled(page);
		await expect(newestCall(page)).toContainText(
			'elicitation: accept {"date":"2025-06-02","people":2,"room":"lab","urgent":false}'
		);

		await call(page, lang, 'book_visit');
		await page
			.locator('#host')
			.getByRole('button', { name: t(lang, 'host_decline_label', { id: 'h2' }) })
			.click();
		await settled(page);
		await expect(newestCall(page)).toContainText('elicitation: decline');
		await expect(page.locator('#host li[data-request="h2"]')).toContainText(
			t(lang, 'host_state_declined')
		);
	});

	test(`roots: a bad URI is explained; a new root is applied and announced (${lang})`, async ({
		page
	}) => {
		await open(page, lang);
		const host = page.locator('#host');
		const input = host.getByLabel(t(lang, 'roots_new'), { exact: true });
		await input.fill('https://example.com/repo');
		await host.getByRole('button', { name: t(lang, 'roots_add'), exact: true }).click();
		await expect(host).toContainText(t(lang, 'roots_problem_not_file'));
		await expect(input).toHaveAttribute('aria-invalid', 'true');
		const live = page.getByTestId('live-region');
		await expect(live).toHaveText(
			saidLast(t(lang, 'roots_refused', { problem: t(lang, 'roots_problem_not_file') }))
		);
		await input.fill('file:///home/ana/shared');
		await host.getByRole('button', { name: t(lang, 'roots_add'), exact: true }).click();
		await expect(host).toContainText(t(lang, 'roots_unapplied'));
		await expect(live).toHaveText(
			saidLast(t(lang, 'roots_added', { uri: 'file:///home/ana/shared' }))
		);
		await host.getByRole('button', { name: t(lang, 'roots_apply'), exact: true }).click();
		await settled(page);
		await expect(host).not.toContainText(t(lang, 'roots_unapplied'));
		await expect(page.getByTestId('live-region')).toContainText(
			t(lang, 'announce_roots', { count: 2 })
		);
		await expect(page.locator('#log')).toContainText('notifications/roots/list_changed');
		await call(page, lang, 'list_workspace');
		await expect(newestCall(page)).toContainText(
			'roots: file:///home/ana/helpdesk, file:///home/ana/shared'
		);
		// Removing a root is applied the same way.
		await host
			.getByRole('button', {
				name: t(lang, 'roots_remove_label', { uri: 'file:///home/ana/shared' })
			})
			.click();
		await host.getByRole('button', { name: t(lang, 'roots_apply'), exact: true }).click();
		await settled(page);
		await call(page, lang, 'list_workspace');
		await expect(newestCall(page)).toContainText('roots: file:///home/ana/helpdesk');
		await expect(newestCall(page)).not.toContainText('shared');
	});
}

for (const lang of ['en', 'zh-CN']) {
	test(`axe with host requests waiting, message by message and resources open (${lang})`, async ({
		page
	}) => {
		const errors: string[] = [];
		page.on('pageerror', (error) => errors.push(error.message));
		await open(page, lang);
		await call(page, lang, 'summarise_tickets');
		await call(page, lang, 'book_visit');
		const host = page.locator('#host');
		await expect(host.locator('article[data-request]')).toHaveCount(2);
		await host.getByRole('button', { name: t(lang, 'host_edit_label', { id: 'h1' }) }).click();
		await page
			.getByRole('button', {
				name: t(lang, 'protocol_list_resources_label', { server: 'helpdesk' }),
				exact: true
			})
			.click();
		await settled(page);
		await page
			.getByRole('button', {
				name: t(lang, 'protocol_read_label', { uri: 'file:///home/ana/helpdesk/logo.png' })
			})
			.click();
		await page
			.getByRole('button', { name: t(lang, 'protocol_list_prompts_label', { server: 'helpdesk' }) })
			.click();
		await settled(page);
		await expect(page.locator('#protocol')).toContainText('89 50 4e 47');
		await expect(page.locator('#protocol img')).toHaveCount(0);
		await page
			.locator('#messages')
			.getByRole('button', { name: t(lang, 'messages_next') })
			.click();
		// "Message 2 of N": the total is however many messages the world has sent so far.
		const position = escapeRegExp(t(lang, 'messages_position', { n: 2 })).replace(
			'\\{total\\}',
			'\\d+'
		);
		await expect(page.getByTestId('message-position')).toHaveText(
			new RegExp(`^\\s*${position}\\s*$`)
		);
		// A response is said with the request it answers, as a request is with its method.
		const answered = t(lang, 'announce_message_response_to', {
			position: '@',
			method: 'initialize'
		});
		await expect(page.getByTestId('live-region')).toContainText(
			answered.slice(answered.indexOf('@') + 1)
		);
		await expectNoAxeViolations(page);
		expect(errors).toEqual([]);
	});
}

test('URL-mode elicitation is a consent step: the address as text, never opened', async ({
	page
}) => {
	await open(page, 'en');
	// The same world with a host that also declares URL mode, applied in the world editor.
	const scenario = JSON.parse(
		readFileSync(new URL(`../labs/${LAB}/lab.json`, import.meta.url), 'utf8')
	).scenario;
	scenario.host.elicitation = { form: true, url: true };
	await page.getByText(t('en', 'lab_edit_world')).click();
	const editor = page.getByRole('textbox', { name: t('en', 'editor_json_label') });
	await editor.click();
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.insertText(JSON.stringify(scenario, null, 2));
	await page.getByRole('button', { name: t('en', 'editor_apply'), exact: true }).click();
	await expect(
		page.getByTestId('editor-outcome').getByText(t('en', 'editor_validation_passed'))
	).toBeVisible();
	await settled(page);
	const popups: string[] = [];
	page.on('popup', (popup) => popups.push(popup.url()));
	await call(page, 'en', 'connect_calendar');
	const card = page.locator('#host article[data-request]');
	await expect(card).toContainText('https://calendar.example.com/oauth/authorize?client=helpdesk');
	await expect(card).toContainText(t('en', 'host_url_intro'));
	await expect(card.locator('a')).toHaveCount(0);
	await expect(card.getByRole('button', { name: /^Cancel request/ })).toHaveCount(0);
	await card.getByRole('button', { name: /^Accept request h\d+$/ }).click();
	await settled(page);
	await expect(newestCall(page)).toContainText('elicitation: accept');
	expect(popups).toEqual([]);
});

// In English only: lab 00 walks message by message in Chinese (labs.e2e.ts).
for (const lang of ['en']) {
	test(`message by message after Reconnect all opens on the new connection and says which it is (${lang})`, async ({
		page
	}) => {
		await open(page, lang);
		await page.getByRole('button', { name: t(lang, 'harness_reconnect'), exact: true }).click();
		await settled(page);
		const panel = page.locator('#messages');
		await panel.getByLabel(t(lang, 'messages_server'), { exact: true }).selectOption('legacy');
		// legacy's first connection: initialize, its answer, initialized, tools/list and its
		// answer, resources/list and its error; the second starts at message 8 with id 0 again.
		const position = t(lang, 'messages_position_connection', {
			n: 8,
			total: 14,
			connection: 2,
			connections: 2
		});
		await expect(page.getByTestId('message-position')).toHaveText(position);
		await expect(panel).toContainText(t(lang, 'messages_initialize'));
		await panel.getByRole('button', { name: t(lang, 'messages_previous'), exact: true }).click();
		await expect(page.getByTestId('message-position')).toHaveText(
			t(lang, 'messages_position_connection', { n: 7, total: 14, connection: 1, connections: 2 })
		);
		await expect(page.getByTestId('live-region')).toContainText(
			t(lang, 'messages_position_connection', { n: 7, total: 14, connection: 1, connections: 2 })
		);
	});
}

// In English only: lab 00 walks message by message in Chinese (labs.e2e.ts).
for (const lang of ['en']) {
	test(`message by message says what resources/list and its answer are, not only "another request" (${lang})`, async ({
		page
	}) => {
		await open(page, lang);
		const panel = page.locator('#messages');
		const next = panel.getByRole('button', { name: t(lang, 'messages_next'), exact: true });
		// helpdesk's wire: initialize, its answer, initialized, tools/list, its answer, then the
		// harness's resources/list and its answer.
		for (let i = 0; i < 5; i++) await next.press('Enter');
		await expect(panel).toContainText('resources/list');
		await expect(panel).toContainText(t(lang, 'messages_req_resources_list'));
		await expect(panel).not.toContainText(t(lang, 'messages_other_request'));
		await next.press('Enter');
		await expect(panel).toContainText(t(lang, 'messages_res_resources_list'));
		await expect(panel).not.toContainText(t(lang, 'messages_other_result'));
	});
}
