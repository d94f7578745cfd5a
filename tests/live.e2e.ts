import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { startLabServer, type LabServerProcess } from './helpers/lab-server';
import { t } from './helpers/messages';
import { closedPort } from './helpers/ports';
import { settled } from './helpers/play-lab';
import { submitLiveConnect } from './helpers/live-connect';
import { saidLast } from './helpers/live-region';
import { importWorld } from './helpers/editor-form';
import { startPagingServer } from './helpers/paging-server';

// Live mode in Chromium against the real lab server (scripts/lab-server.mjs), started here: the
// /live page and a lab page connect to it, list and call its tools, meet each error class with
// its own sentence, and a bearer token never shows up anywhere the page keeps or shows text.

const TOKEN = 'lab-e2e-token-7f3c9b21d4';
/** The page's origin (the preview's, unless a config serves the site elsewhere). */
let origin = 'http://127.0.0.1:4173';
const en = (key: string, params: Record<string, string | number> = {}) => t('en', key, params);

let open: LabServerProcess | undefined;
let guarded: LabServerProcess | undefined;
test.beforeAll(async () => {
	origin = new URL(test.info().project.use.baseURL ?? origin).origin;
	const allow = ['--port', '0', '--admin-open', '--origin', origin];
	[open, guarded] = await Promise.all([
		startLabServer(allow),
		startLabServer([...allow, '--token', TOKEN])
	]);
});
test.afterAll(async () => {
	await Promise.all([open?.stop(), guarded?.stop()]);
});

const url = (server: LabServerProcess | undefined, path: string) => `${server!.base}${path}`;
/** The request headers every CORS sentence names. */
const MCP_HEADERS = 'content-type, mcp-protocol-version, mcp-session-id, authorization';

/** Fills "Connect a live server" (opening it on a lab page) and waits for the world to settle. */
async function connect(page: Page, name: string, address: string) {
	await submitLiveConnect(page, name, address);
	// Settled can still say yes from before the world is rebuilt with the server: its card shows
	// the rebuilt world is there, then settled means its start-up has ended.
	await expect(card(page, name)).toBeVisible();
	await settled(page);
}

function card(page: Page, server: string): Locator {
	return page.locator('#servers article').filter({
		has: page.getByRole('heading', { level: 3, name: new RegExp(`^${server}\\b`) })
	});
}

async function openLive(page: Page) {
	await page.goto('live?speed=instant&lang=en');
	await settled(page);
	await expect(page.getByTestId('live-connect')).toBeVisible();
}

async function callTool(page: Page, tool: string, how: 'form' | 'json', path: string) {
	const calls = page.locator('#calls');
	await calls.getByLabel(en('call_tool'), { exact: true }).selectOption(tool);
	if (how === 'form') {
		await calls.getByRole('button', { name: en('call_mode_form'), exact: true }).click();
		await calls.getByLabel(/^path/).fill(path);
	} else {
		await calls.getByRole('button', { name: en('call_mode_json'), exact: true }).click();
		await calls.getByLabel(en('call_arguments')).fill(JSON.stringify({ path }));
	}
	await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
	await settled(page);
}

/**
 * Where a token could leak: the address, browser storage, the page's text and markup, and the
 * protocol log with every message opened to its JSON.
 */
async function expectNoToken(page: Page) {
	expect(page.url()).not.toContain(TOKEN);
	await page.evaluate(() =>
		document
			.querySelectorAll('#log details')
			.forEach((d) => ((d as HTMLDetailsElement).open = true))
	);
	await expect(page.locator('#log details[open]').first()).toContainText('"jsonrpc"');
	const kept = await page.evaluate(() => ({
		local: JSON.stringify({ ...localStorage }),
		session: JSON.stringify({ ...sessionStorage }),
		text: document.body.innerText,
		markup: document.documentElement.outerHTML,
		log: document.querySelector('#log')?.textContent ?? ''
	}));
	expect(kept.log.length).toBeGreaterThan(0);
	for (const [where, text] of Object.entries(kept)) expect(text, where).not.toContain(TOKEN);
}

test('/live connects to the lab server: version, server info, tools, calls by form and by JSON', async ({
	page
}) => {
	await openLive(page);
	// The lab server ignores the query; the page must hide it when secrets are masked.
	await connect(page, 'fs', url(open, 'filesystem/mcp?key=q-secret-42'));

	const fs = card(page, 'fs');
	await expect(fs).toContainText(en('live_badge'));
	await expect(fs).toContainText('connected');
	const info = page.getByTestId('live-info-fs');
	await expect(info).toContainText('2025-11-25');
	await expect(info).toContainText('secure-filesystem-server 0.2.0');
	await expect(info).toContainText('tools');
	await expect(fs).toContainText('read_file');
	await expect(fs).toContainText('list_directory');
	await expect(page.getByTestId('live-problem-fs')).toHaveCount(0);

	await callTool(page, 'mcp__fs__read_file', 'form', '/data/notes.txt');
	const newest = page.locator('#calls li').first();
	await expect(newest).toContainText('hello from /data/notes.txt');
	await callTool(page, 'mcp__fs__list_directory', 'json', '/data');
	await expect(page.locator('#calls li').first()).toContainText('[DIR] reports');
	// The log shows the real HTTP exchanges of the call.
	await expect(page.locator('#log')).toContainText('POST tools/call → 200');

	// Screen sharing: the URL's query string shows as •••• until the toggle is off again.
	await expect(fs).toContainText('filesystem/mcp?key=q-secret-42');
	const mask = page.getByLabel(en('mask_secrets'), { exact: true });
	await mask.check();
	await expect(fs).toContainText('filesystem/mcp?••••');
	await expect(page.locator('#servers')).not.toContainText('q-secret-42');
	await expect(page.getByTestId('live-region')).toHaveText(saidLast(en('mask_secrets_on')));
	await mask.uncheck();
	await expect(fs).toContainText('filesystem/mcp?key=q-secret-42');

	await expectNoAxeViolations(page);
});

const errorCases = [
	{
		kind: 'cors',
		path: 'no-cors/filesystem/mcp',
		text: () => en('live_problem_cors', { origin, headers: MCP_HEADERS })
	},
	{
		kind: 'cors-session-id',
		path: 'no-expose/filesystem/mcp',
		text: () => en('live_problem_cors_session_id')
	},
	{ kind: 'not-mcp', path: 'not-mcp', text: () => en('live_problem_not_mcp') }
];

for (const { kind, path, text } of errorCases)
	test(`an unreachable-as-MCP URL says why and what to fix: ${kind}`, async ({ page }) => {
		await openLive(page);
		await connect(page, 'api', url(open, path));
		const problem = page.getByTestId('live-problem-api');
		await expect(problem).toHaveAttribute('data-kind', kind);
		await expect(problem).toContainText(text());
		await expect(card(page, 'api')).toContainText('failed');
	});

test('a CORS refusal names the custom header sent, and the lab server’s --origin', async ({
	page
}) => {
	await openLive(page);
	await addHeader(page, 'X-Api-Key', 'k-1');
	await connect(page, 'api', url(open, 'no-cors/filesystem/mcp'));
	const problem = page.getByTestId('live-problem-api');
	await expect(problem).toHaveAttribute('data-kind', 'cors');
	await expect(problem).toContainText(
		en('live_problem_cors', { origin, headers: `${MCP_HEADERS}, x-api-key` })
	);
	await expect(problem).toContainText(`npm run lab:server`);
	await expect(problem).toContainText(`--origin ${origin}`);
});

test('a port nothing listens on: refused, with the likely fix; axe clean with the error shown', async ({
	page
}) => {
	await openLive(page);
	await connect(page, 'gone', `http://127.0.0.1:${await closedPort()}/mcp`);
	const problem = page.getByTestId('live-problem-gone');
	await expect(problem).toHaveAttribute('data-kind', 'refused');
	await expect(problem).toContainText(en('live_problem_refused'));
	await expectNoAxeViolations(page);
});

test('Change address on a live card, by keyboard: the same address is refused in words, a new one rebuilds the world and starts a new session', async ({
	page
}) => {
	await openLive(page);
	const gone = `http://127.0.0.1:${await closedPort()}/mcp?key=q-secret-7`;
	await connect(page, 'notes', gone);
	const notes = card(page, 'notes');
	await expect(notes).toContainText('failed');
	await expect(page.getByTestId('live-problem-notes')).toContainText(en('live_problem_refused'));

	const summary = notes.locator('summary', { hasText: en('live_address_summary') });
	await expect(summary).toHaveAccessibleName(en('live_address_summary_label', { server: 'notes' }));
	await summary.focus();
	await page.keyboard.press('Enter');
	const field = notes.getByLabel(en('live_address_label'), { exact: true });
	await expect(field).toHaveValue(gone);
	// Screen sharing: the address field is masked as the card's address is.
	const mask = page.getByLabel(en('mask_secrets'), { exact: true });
	await mask.check();
	await expect(field).toHaveAttribute('type', 'password');
	await mask.uncheck();
	await expect(field).toHaveAttribute('type', 'url');

	// The address it has: refused in words, the cursor kept in the field, nothing rebuilt.
	await field.focus();
	await page.keyboard.press('Enter');
	const same = en('live_address_same');
	await expect(notes.getByText(same)).toBeVisible();
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(en('live_address_problem', { problem: same }))
	);
	await expect(field).toBeFocused();
	await expect(field).toHaveAttribute('aria-invalid', 'true');
	// Not an http(s) address: the connect form's own sentence.
	await field.fill('ftp://127.0.0.1/mcp');
	await page.keyboard.press('Enter');
	await expect(notes.getByText(en('live_entry_url_scheme'))).toBeVisible();

	await field.fill(url(open, 'filesystem/mcp'));
	await page.keyboard.press('Enter');
	await settled(page);
	await expect(notes).toContainText('connected');
	await expect(notes).toContainText(url(open, 'filesystem/mcp'));
	await expect(page.getByTestId('live-problem-notes')).toHaveCount(0);
	await expect(field).toBeHidden();
	await expect(summary).toBeFocused();
	await expect(page.getByTestId('live-region')).toContainText(
		en('live_address_changed', { server: 'notes' })
	);
	// A new session: its tools are in the registry (reconnect_all would have left them out).
	await expect(notes).not.toContainText(en('live_registry_note'));
	await callTool(page, 'mcp__notes__read_file', 'form', '/data/notes.txt');
	await expect(page.locator('#calls li').first()).toContainText('hello from /data/notes.txt');
	// The connect form let go of the entry it kept for the failed server.
	await expect(page.getByTestId('live-connect-kept')).toHaveCount(0);
	await expectNoAxeViolations(page);
});

test('a server that does not connect: the form keeps its entry; Remove takes the server out by keyboard and its name is free again', async ({
	page
}) => {
	await openLive(page);
	const form = page.getByTestId('live-connect');
	const nameField = form.getByLabel(en('live_connect_name'), { exact: true });
	const urlField = form.getByLabel(en('live_connect_url'), { exact: true });
	const headerName = form.getByLabel(en('live_connect_header_name', { n: 1 }), { exact: true });
	const tokenField = form.getByLabel(en('live_connect_token'), { exact: true });
	const gone = `http://127.0.0.1:${await closedPort()}/mcp`;
	await addHeader(page, 'X-Team', 'blue');
	await tokenField.fill('t-typed-1');
	await connect(page, 'gone', gone);
	await expect(card(page, 'gone')).toContainText('failed');
	const kept = en('live_connect_kept', { server: 'gone' });
	await expect(page.getByTestId('live-connect-kept')).toHaveText(kept);
	await expect(page.getByTestId('live-region')).toContainText(kept);
	await expect(nameField).toHaveValue('gone');
	await expect(urlField).toHaveValue(gone);
	await expect(headerName).toHaveValue('X-Team');
	await expect(tokenField).toHaveValue('t-typed-1');

	const remove = card(page, 'gone').getByRole('button', {
		name: en('live_remove_label', { server: 'gone' }),
		exact: true
	});
	await expect(remove).toHaveText(en('live_remove'));
	// Remove asks first, focus on Cancel: Escape keeps the server, Shift+Tab reaches Yes.
	await remove.focus();
	await page.keyboard.press('Enter');
	const question = card(page, 'gone').getByRole('group', {
		name: en('live_remove_question', { server: 'gone' })
	});
	await expect(question.getByRole('button', { name: en('progress_confirm_no') })).toBeFocused();
	await page.keyboard.press('Escape');
	await expect(remove).toBeFocused();
	await expect(card(page, 'gone')).toBeVisible();
	await page.keyboard.press('Enter');
	await expect(question.getByRole('button', { name: en('progress_confirm_no') })).toBeFocused();
	await page.keyboard.press('Shift+Tab');
	await expect(question.getByRole('button', { name: en('live_remove_yes') })).toBeFocused();
	await page.keyboard.press('Enter');
	await settled(page);
	await expect(page.locator('#servers article')).toHaveCount(0);
	await expect(page.getByTestId('live-region')).toContainText(
		en('live_removed', { server: 'gone' })
	);
	await expect(page.locator('#servers')).toBeFocused();
	await expect(page.getByTestId('live-connect-kept')).toHaveCount(0);

	// The same name again, the URL corrected: it connects, and the form empties.
	await urlField.fill(url(open, 'filesystem/mcp'));
	await tokenField.fill('');
	await form.getByRole('button', { name: en('live_connect_submit'), exact: true }).click();
	await settled(page);
	await expect(card(page, 'gone')).toContainText('connected');
	await expect(urlField).toHaveValue('');
	await expect(nameField).toHaveValue('live');
	await expect(headerName).toHaveCount(0);
	await expectNoAxeViolations(page);
});

test('a form with mistakes is not sent: the problems are said, the first field at fault has the cursor', async ({
	page
}) => {
	await openLive(page);
	const form = page.getByTestId('live-connect');
	await form.getByLabel(en('live_connect_url'), { exact: true }).fill('ftp://127.0.0.1/mcp');
	await form.getByRole('button', { name: en('live_connect_add_header'), exact: true }).click();
	const headerName = form.getByLabel(en('live_connect_header_name', { n: 1 }), { exact: true });
	await headerName.fill('X Api Key');
	await form.getByRole('button', { name: en('live_connect_submit'), exact: true }).click();
	const said = en('live_connect_problems', {
		problems: `${en('live_entry_url_scheme')} ${en('live_entry_header_name')}`
	});
	await expect(page.getByTestId('live-region')).toHaveText(saidLast(said));
	const urlField = form.getByLabel(en('live_connect_url'), { exact: true });
	await expect(urlField).toBeFocused();
	await expect(urlField).toHaveAttribute('aria-invalid', 'true');
	await expect(headerName).toHaveAttribute('aria-invalid', 'true');
	await expect(headerName).toHaveAccessibleDescription(`⚠ ${en('live_entry_header_name')}`);
	await expect(
		form.getByLabel(en('live_connect_header_value', { n: 1 }), { exact: true })
	).toHaveAttribute('aria-invalid', 'false');
	// Nothing was added: the world still has no server.
	await expect(page.locator('#servers article')).toHaveCount(0);
});

test('header rows by keyboard: focus goes to the new row, or where the removed one was, and each change is said', async ({
	page
}) => {
	await openLive(page);
	// No server yet: the message-by-message panel offers no empty server list.
	await expect(page.locator('#messages').getByLabel(en('messages_server'))).toHaveCount(0);
	const form = page.getByTestId('live-connect');
	const live = page.getByTestId('live-region');
	const add = form.getByRole('button', { name: en('live_connect_add_header'), exact: true });
	const name = (n: number) =>
		form.getByLabel(en('live_connect_header_name', { n }), { exact: true });
	await add.focus();
	await page.keyboard.press('Enter');
	await expect(name(1)).toBeFocused();
	await expect(live).toHaveText(saidLast(en('live_connect_header_added', { n: 1 })));
	await page.keyboard.type('X-One');
	await add.focus();
	await page.keyboard.press('Enter');
	await expect(name(2)).toBeFocused();
	await page.keyboard.type('X-Two');

	await form.getByRole('button', { name: en('live_connect_remove_header', { n: 1 }) }).focus();
	await page.keyboard.press('Enter');
	await expect(live).toHaveText(saidLast(en('live_connect_header_removed', { n: 1 })));
	// The row that took its place has focus, and it is the second one's.
	await expect(name(1)).toBeFocused();
	await expect(name(1)).toHaveValue('X-Two');
	await form.getByRole('button', { name: en('live_connect_remove_header', { n: 1 }) }).focus();
	await page.keyboard.press('Enter');
	await expect(add).toBeFocused();
	await expect(name(1)).toHaveCount(0);
});

/** Adds a header row to the connect form. */
async function addHeader(page: Page, name: string, value: string) {
	const form = page.getByTestId('live-connect');
	await form.getByRole('button', { name: en('live_connect_add_header'), exact: true }).click();
	await form.getByLabel(en('live_connect_header_name', { n: 1 }), { exact: true }).fill(name);
	await form.getByLabel(en('live_connect_header_value', { n: 1 }), { exact: true }).fill(value);
}

test('a header’s value is sent but never shown: not on the card, the log or anywhere on the page', async ({
	page
}) => {
	const secret = 'hdr-secret-91x';
	await openLive(page);
	await addHeader(page, 'X-Api-Key', secret);
	await connect(page, 'keyed', url(open, 'filesystem/mcp'));
	const keyed = card(page, 'keyed');
	// The lab server allows the headers a preflight asks for: a custom header connects.
	await expect(keyed).toContainText('connected');
	await expect(page.getByTestId('live-problem-keyed')).toHaveCount(0);
	await expect(keyed).toContainText('X-Api-Key: ••••');
	await expect(keyed).toContainText(en('live_headers_note'));
	await page.evaluate(() =>
		document.querySelectorAll('details').forEach((d) => ((d as HTMLDetailsElement).open = true))
	);
	expect(await page.evaluate(() => document.body.innerText)).not.toContain(secret);
});

/** The lab server forgets every session (its k key): the next request with an old id gets 404. */
async function forgetSessions() {
	const faults = await fetch(url(open, '_lab/faults'), {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ killSessions: true })
	});
	expect(faults.ok).toBe(true);
}

test('a forgotten session: the next call gets 404 and the card says to reconnect', async ({
	page
}) => {
	await openLive(page);
	await connect(page, 'fs', url(open, 'filesystem/mcp'));
	// The session to forget must exist first: a kill sent earlier would leave a later one alive.
	await expect(card(page, 'fs')).toContainText('connected');
	await forgetSessions();
	await callTool(page, 'mcp__fs__read_file', 'json', '/data/notes.txt');
	const problem = page.getByTestId('live-problem-fs');
	await expect(problem).toHaveAttribute('data-kind', 'session-expired');
	await expect(problem).toContainText(en('live_problem_session_expired'));

	await card(page, 'fs')
		.getByRole('button', { name: en('live_reconnect_label', { server: 'fs' }) })
		.click();
	await settled(page);
	await expect(problem).toHaveCount(0);
	await expect(card(page, 'fs')).toContainText('connected');
});

test('MiniHarness: a forgotten session is started over by New session, not Reconnect, by keyboard', async ({
	page
}) => {
	// MiniHarness never reopens a closed client: its reconnect_all closes every client and opens
	// none, so the card that said "Reconnect" (and offered it) left no way back (a live audit).
	await page.goto('sandbox?speed=instant&lang=en');
	await settled(page);
	await importWorld(page, {
		profile: 'miniharness',
		mcp_servers: {
			fs: { type: 'http', url: url(open, 'filesystem/mcp'), live: true },
			// The same server again, lower in priority: every tool name of its goes to fs.
			mirror: { type: 'http', url: url(open, 'filesystem/mcp'), live: true }
		},
		miniharness: { policy: { read_file: 'auto' }, priority: { fs: 1 } }
	});
	await page.getByRole('button', { name: en('editor_apply') }).click();
	await expect(card(page, 'fs')).toContainText('initialized');
	await settled(page);
	const buttons = card(page, 'fs').getByRole('group', {
		name: en('live_controls', { server: 'fs' })
	});
	await expect(buttons.getByRole('button')).toHaveText([
		en('live_disconnect'),
		en('live_new_session'),
		en('live_remove')
	]);
	await expect(card(page, 'fs')).toContainText(en('live_card_note_miniharness'));
	// It has no registry row because fs won its names, not because it failed at the start.
	await expect(card(page, 'mirror')).toContainText('initialized');
	await expect(card(page, 'mirror')).not.toContainText(en('live_registry_note'));

	await forgetSessions();
	await callTool(page, 'read_file', 'json', '/data/notes.txt');
	const problem = page.getByTestId('live-problem-fs');
	await expect(problem).toHaveAttribute('data-kind', 'session-expired');
	await expect(problem).toHaveText(`✕${en('live_problem_session_expired_restart')}`);

	const fresh = buttons.getByRole('button', {
		name: en('live_new_session_label', { server: 'fs' })
	});
	await fresh.focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(en('live_new_session_started'))
	);
	// The button went with the old world's card: focus is kept on the page, not left on <body>.
	expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
	await expect(problem).toHaveCount(0);
	await expect(card(page, 'fs')).toContainText('initialized');
	await callTool(page, 'read_file', 'json', '/data/notes.txt');
	await expect(page.locator('#calls li').first()).toContainText('hello from /data/notes.txt');
});

test('a server that pages its tools: OpenHarness reads the first page, and the card says the rest never reaches the model', async ({
	page
}) => {
	const pager = await startPagingServer(origin);
	try {
		await openLive(page);
		await connect(page, 'pager', pager.url);
		await expect(card(page, 'pager')).toContainText('connected');
		await expect(page.getByTestId('live-pages-unread-pager')).toContainText(
			en('live_pages_unread_openharness', { lists: 'resources/list and tools/list' })
		);
		const registry = page.locator('#registry');
		await expect(registry).toContainText('mcp__pager__first_page');
		await expect(registry).not.toContainText('second_page');
	} finally {
		await pager.stop();
	}
});

test('401 with a wrong token; the card’s token field reconnects, the form lets go of its entry, and the token is kept nowhere', async ({
	page
}) => {
	await openLive(page);
	const form = page.getByTestId('live-connect');
	const formToken = form.getByLabel(en('live_connect_token'), { exact: true });
	await formToken.fill('wrong-e2e-token');
	await connect(page, 'guarded', url(guarded, 'filesystem/mcp'));
	await expect(page.getByTestId('live-connect-kept')).toBeVisible();
	await expect(formToken).toHaveValue('wrong-e2e-token');
	const problem = page.getByTestId('live-problem-guarded');
	await expect(problem).toHaveAttribute('data-kind', 'unauthorized');
	// A token was sent: the card says it was refused, not that one is needed.
	await expect(problem).toContainText(en('live_problem_token_refused'));
	await expect(problem).toContainText(url(guarded, '.well-known/oauth-protected-resource'));

	// Neither token field is a login a password manager should offer to keep (token-input.ts).
	for (const field of [formToken, page.getByTestId('live-token-guarded')]) {
		await expect(field).toHaveAttribute('autocomplete', 'off');
		await expect(field).toHaveAttribute('data-1p-ignore', '');
		await expect(field).toHaveAttribute('data-lpignore', 'true');
		await expect(field).toHaveAttribute('data-bwignore', '');
		await expect(field).toHaveAttribute('spellcheck', 'false');
	}
	await page.getByTestId('live-token-guarded').fill(TOKEN);
	await page.getByTestId('live-token-apply-guarded').click();
	await settled(page);
	// Said after the reconnect's own events, so they do not replace it.
	await expect(page.getByTestId('live-region')).toContainText(
		en('live_token_applied', { server: 'guarded' })
	);
	await expect(problem).toHaveCount(0);
	await expect(card(page, 'guarded')).toContainText('connected');
	await expect(card(page, 'guarded')).toContainText(en('live_token_held'));
	// The card counts the held token as its auth, and shows no process: the server is not the lab's.
	await expect(card(page, 'guarded').locator('dl').first()).toContainText(
		new RegExp(`${en('servers_auth')}\\s*${en('servers_auth_token')}`)
	);
	await expect(card(page, 'guarded')).not.toContainText(en('servers_process'));
	await expect(page.getByTestId('live-token-guarded')).toHaveValue('');
	// Connected through its card, the server is done with the form: its entry and the wrong token
	// go (kept, that token would go to the next URL typed there), and so does the advice to remove it.
	await expect(formToken).toHaveValue('');
	await expect(form.getByLabel(en('live_connect_url'), { exact: true })).toHaveValue('');
	await expect(page.getByTestId('live-connect-kept')).toHaveCount(0);
	// Connected after the registry was built: the card says how to expose its tools.
	await expect(card(page, 'guarded')).toContainText(en('live_registry_note'));
	await expect(page.locator('#log')).toContainText('initialize → 200');
	await expectNoToken(page);

	// Screen sharing: the URL's query and token-like text are masked on demand.
	await page.getByLabel(en('mask_secrets'), { exact: true }).check();
	await expect(page.locator('#log')).toContainText('••••');
	await expectNoToken(page);
	await expectNoAxeViolations(page);

	// Forget token reconnects without it, and says so after the reconnect's own events.
	await card(page, 'guarded')
		.getByRole('button', { name: en('live_token_forget_label', { server: 'guarded' }) })
		.click();
	await settled(page);
	await expect(page.getByTestId('live-region')).toContainText(
		en('live_token_forgotten', { server: 'guarded' })
	);
	await expect(problem).toHaveAttribute('data-kind', 'unauthorized');
});

test('time travel and sharing are off, and say why, in a world with a live server', async ({
	page
}) => {
	await openLive(page);
	await expect(page.getByTestId('timeline-live')).toHaveCount(0);
	await connect(page, 'fs', url(open, 'filesystem/mcp'));
	await expect(page.getByTestId('timeline-live')).toHaveText(en('timeline_live_note'));
	const share = page.getByRole('button', { name: en('timeline_share'), exact: true });
	await expect(share).toHaveAttribute('aria-disabled', 'true');
	await share.click({ force: true });
	await expect(page.getByTestId('share-link')).toHaveCount(0);
});

test('Disconnect works while a call waits for a server that does not answer: the call ends at once', async ({
	page
}) => {
	// Its own lab server: its answers are slowed for every client.
	const slow = await startLabServer(['--port', '0', '--admin-open', '--origin', origin]);
	try {
		await openLive(page);
		await connect(page, 'fs', url(slow, 'filesystem/mcp'));
		const faults = await fetch(url(slow, '_lab/faults'), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ slowMs: 60_000 })
		});
		expect(faults.ok).toBe(true);
		const calls = page.locator('#calls');
		await calls.getByLabel(en('call_tool'), { exact: true }).selectOption('mcp__fs__read_file');
		await calls.getByRole('button', { name: en('call_mode_json'), exact: true }).click();
		await calls.getByLabel(en('call_arguments')).fill('{"path": "/data/notes.txt"}');
		await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
		// The call waits (the page is busy: Reconnect waits its turn), and Disconnect still works.
		const controls = card(page, 'fs');
		await expect(
			controls.getByRole('button', { name: en('live_reconnect_label', { server: 'fs' }) })
		).toBeDisabled();
		const disconnect = controls.getByRole('button', {
			name: en('live_disconnect_label', { server: 'fs' })
		});
		await expect(disconnect).toBeEnabled();
		await disconnect.focus();
		await page.keyboard.press('Enter');
		// Well before the 30 s timeout, the call has failed and the page is settled.
		await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes', {
			timeout: 5_000
		});
		await expect(calls.locator('li').first()).toContainText("MCP server 'fs' call failed");
		await expect(calls.locator('li').first()).not.toContainText('timed out');
		await expect(page.getByTestId('live-region')).toContainText(
			en('announce_command_disconnect', { server: 'fs' })
		);
	} finally {
		await slow.stop();
	}
});

test('on a lab page, a live server joins the simulated ones; hang is refused in words', async ({
	page
}) => {
	await page.goto('labs/01-connection-isolation?speed=instant&lang=en');
	await settled(page);
	await connect(page, 'live-fs', url(guarded, 'filesystem/mcp'));
	for (const simulated of ['filesystem', 'internal-api', 'realtime'])
		await expect(card(page, simulated)).toBeVisible();
	await expect(page.getByTestId('live-problem-live-fs')).toHaveAttribute(
		'data-kind',
		'unauthorized'
	);
	await page.getByTestId('live-token-live-fs').fill(TOKEN);
	await page.getByTestId('live-token-apply-live-fs').click();
	await settled(page);
	await expect(card(page, 'live-fs')).toContainText('connected');
	// reconnect_all keeps the registry: a new session exposes the live server's tools.
	await page.getByRole('button', { name: en('harness_close'), exact: true }).click();
	await settled(page).catch(() => {});
	await page.getByRole('button', { name: en('harness_start'), exact: true }).click();
	await settled(page);
	await callTool(page, 'mcp__live-fs__read_file', 'form', '/data/notes.txt');
	await expect(page.locator('#calls li').first()).toContainText('hello from /data/notes.txt');
	await expectNoToken(page);

	// A real server cannot be hung or slowed from the page: its card offers neither.
	const controls = card(page, 'live-fs').getByRole('group', {
		name: en('live_controls', { server: 'live-fs' })
	});
	await expect(controls.getByRole('button')).toHaveText([
		en('live_disconnect'),
		en('live_reconnect'),
		en('live_remove')
	]);
});
