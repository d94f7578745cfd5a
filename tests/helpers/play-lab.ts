import { expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { t } from './messages';
import { playProfileCommand } from './profile-actions';

// Playing a lab's own solution (lab.json) through the UI, as a learner would click it.
// The same walk as labs.e2e.ts, shared here so other tests can reach a lab's goals too.

export interface Action {
	do: string;
	server?: string;
	tool?: string;
	arguments?: Record<string, unknown>;
	option?: string;
	scenario?: unknown;
	mode?: string;
	approve?: boolean;
	verdict?: string;
	/** Lab 00: message steps, host answers, roots, resources and prompts. */
	count?: number;
	action?: string;
	text?: string;
	content?: Record<string, string | number | boolean>;
	roots?: string[];
	uri?: string;
	name?: string;
	/** A profile command (`do: 'profile'`) and its arguments. */
	command?: string;
	args?: Record<string, unknown>;
}
export interface Step {
	id: string;
	checks: Array<{ id: string }>;
	solution: Action[];
}

const labsDir = new URL('../../labs/', import.meta.url);
const readLab = (id: string) =>
	JSON.parse(readFileSync(new URL(`${id}/lab.json`, labsDir), 'utf8')) as {
		order: number;
		steps: Step[];
	};

export function labSteps(id: string): Step[] {
	return readLab(id).steps;
}

/**
 * A hint's words as the page shows them (`- [!] {id} …` in the step's narration): links and
 * code spans are plain text on the page.
 */
export function labHint(id: string, locale: string, step: string, hint: string): string {
	const md = readFileSync(new URL(`${id}/${locale}.md`, labsDir), 'utf8');
	const section = md.slice(md.indexOf(`{#${step}}`));
	const line = section.split('\n').find((l) => l.startsWith(`- [!] {${hint}} `));
	if (!line) throw new Error(`no hint ${hint} in ${id}/${locale}.md step ${step}`);
	return line
		.slice(`- [!] {${hint}} `.length)
		.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
		.replace(/`([^`]+)`/g, '$1');
}

/** Lab ids in the home page's order. */
export function labIds(): string[] {
	return readdirSync(labsDir, { withFileTypes: true })
		.filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
		.map((d) => d.name)
		.sort((a, b) => readLab(a).order - readLab(b).order);
}

export async function settled(page: Page) {
	await expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
}

const harnessButtons: Record<string, string> = {
	startSession: 'harness_start',
	reconnectAll: 'harness_reconnect',
	closeSession: 'harness_close'
};

/** `text` matched as itself inside a RegExp. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A button named after a call ("Approve call c3", "调用 c5：副作用未发生"): any call id; with
 * `ids = 'h\\d+'`, after a host request ("Approve request h1").
 */
function labelled(locale: string, key: string, ids = 'c\\d+'): RegExp {
	const parts = t(locale, key, { id: '\u0000' }).split('\u0000');
	return new RegExp(`^${parts.map(escapeRegExp).join(ids)}$`);
}

const HOST = 'h\\d+';

/** One server's block in the Resources and prompts panel. */
function serverBlock(page: Page, locale: string, server: string) {
	return page.locator('#protocol section').filter({
		has: page.getByRole('button', {
			name: t(locale, 'protocol_list_resources_label', { server }),
			exact: true
		})
	});
}

/** Lab 00's actions on the protocol panels; false when `action` is not one of them. */
async function playProtocol(page: Page, locale: string, action: Action): Promise<boolean> {
	const host = page.locator('#host');
	switch (action.do) {
		case 'wireStep': {
			const panel = page.locator('#messages');
			await panel
				.getByLabel(t(locale, 'messages_server'), { exact: true })
				.selectOption(action.server!);
			const next = panel.getByRole('button', { name: t(locale, 'messages_next') });
			for (let i = 0; i < action.count!; i++) await next.click();
			return true;
		}
		case 'answerSampling': {
			if (action.action === 'reject') {
				await host
					.getByRole('button', { name: labelled(locale, 'host_reject_label', HOST) })
					.last()
					.click();
				return true;
			}
			if (action.text !== undefined) {
				await host
					.getByRole('button', { name: labelled(locale, 'host_edit_label', HOST) })
					.last()
					.click();
				await host
					.getByLabel(labelled(locale, 'host_edit_reply_label', HOST))
					.last()
					.fill(action.text);
			}
			await host
				.getByRole('button', { name: labelled(locale, 'host_approve_label', HOST) })
				.last()
				.click();
			return true;
		}
		case 'answerElicitation': {
			const card = host.locator('article[data-request]').last();
			for (const [name, value] of Object.entries(action.content ?? {})) {
				// A field's label is its name (or title), then "(required)" when it is.
				const control = card.getByLabel(new RegExp(`^${escapeRegExp(name)}(?![\\w-])`));
				if (typeof value === 'boolean') await control.setChecked(value);
				else if ((await control.evaluate((el) => el.tagName)) === 'SELECT')
					await control.selectOption(String(value));
				else await control.fill(String(value));
			}
			const key = `host_${action.action}_label`;
			await card.getByRole('button', { name: labelled(locale, key, HOST) }).click();
			return true;
		}
		case 'setRoots': {
			const remove = host.getByRole('button', {
				name: new RegExp(
					`^${escapeRegExp(t(locale, 'roots_remove_label', { uri: '\u0000' })).replace('\u0000', '.+')}$`
				)
			});
			while ((await remove.count()) > 0) await remove.first().click();
			for (const uri of action.roots ?? []) {
				await host.getByLabel(t(locale, 'roots_new'), { exact: true }).fill(uri);
				await host.getByRole('button', { name: t(locale, 'roots_add'), exact: true }).click();
			}
			await host.getByRole('button', { name: t(locale, 'roots_apply'), exact: true }).click();
			return true;
		}
		case 'listResources':
		case 'listResourceTemplates':
		case 'listPrompts': {
			const key = {
				listResources: 'protocol_list_resources_label',
				listResourceTemplates: 'protocol_list_templates_label',
				listPrompts: 'protocol_list_prompts_label'
			}[action.do];
			await page
				.getByRole('button', { name: t(locale, key, { server: action.server! }), exact: true })
				.click();
			return true;
		}
		case 'readResource': {
			const block = serverBlock(page, locale, action.server!);
			const listed = block.getByRole('button', {
				name: t(locale, 'protocol_read_label', { uri: action.uri! }),
				exact: true
			});
			if ((await listed.count()) > 0) await listed.click();
			else {
				// Named with its server too ("Resource URI (helpdesk)").
				await block.getByLabel(t(locale, 'protocol_uri_label')).fill(action.uri!);
				await block
					.getByRole('button', {
						name: t(locale, 'protocol_read_uri_label', { server: action.server! })
					})
					.click();
			}
			return true;
		}
		case 'getPrompt': {
			const form = serverBlock(page, locale, action.server!).getByRole('form', {
				name: t(locale, 'protocol_prompt_of', { name: action.name! })
			});
			for (const [name, value] of Object.entries(action.arguments ?? {}))
				await form.getByLabel(new RegExp(`^${escapeRegExp(name)}(?![\\w-])`)).fill(String(value));
			await form
				.getByRole('button', {
					name: t(locale, 'protocol_get_prompt_label', { name: action.name! })
				})
				.click();
			return true;
		}
	}
	return false;
}

export async function play(page: Page, locale: string, action: Action) {
	if (action.do === 'predict') {
		await page.locator(`input[name="prediction"][value="${action.option}"]`).check();
		await page.getByRole('button', { name: t(locale, 'lab_predict_answer') }).click();
		return;
	}
	if (await playProtocol(page, locale, action)) {
		// Answered by the world: the next line waits until it has settled.
	} else if (action.do === 'setPermissionMode') {
		await page
			.getByRole('group', { name: t(locale, 'harness_mode') })
			.getByRole('button', { name: action.mode!, exact: true })
			.click();
	} else if (action.do === 'answer') {
		// The newest call waiting for an answer is listed first.
		const key = action.approve ? 'call_approve_label' : 'call_refuse_label';
		await page
			.locator('#calls')
			.getByRole('button', { name: labelled(locale, key) })
			.first()
			.click();
	} else if (action.do === 'reconcile') {
		const key =
			action.verdict === 'applied'
				? 'toolsource_reconcile_applied_label'
				: 'toolsource_reconcile_not_applied_label';
		await page
			.getByRole('button', { name: labelled(locale, key) })
			.first()
			.click();
	} else if (action.do === 'cancel') {
		await page
			.locator('#calls')
			.getByRole('button', { name: labelled(locale, 'toolsource_cancel_label') })
			.first()
			.click();
	} else if (action.do === 'profile') {
		await playProfileCommand(page, locale, action.command!, action.args ?? {});
	} else if (action.do === 'restartHarness') {
		await page.getByRole('button', { name: t(locale, 'harness_restart_harness') }).click();
	} else if (action.do === 'setScenario') {
		// Edit world: replace the editor's text, as a learner pasting a scenario would, then Apply.
		const editor = page.getByRole('textbox', { name: t(locale, 'editor_json_label') });
		await editor.click();
		await page.keyboard.press('ControlOrMeta+A');
		await page.keyboard.insertText(JSON.stringify(action.scenario, null, 2));
		await page.getByRole('button', { name: t(locale, 'editor_apply'), exact: true }).click();
		await expect(
			page.getByTestId('editor-outcome').getByText(t(locale, 'editor_validation_passed'))
		).toBeVisible();
	} else if (action.do === 'call') {
		const calls = page.locator('#calls');
		const tool = calls.getByLabel(t(locale, 'call_tool'), { exact: true });
		// A name the model was never shown is typed, as a learner would ("Another name…").
		const offered = await tool
			.locator('option')
			.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
		if (offered.includes(action.tool!)) await tool.selectOption(action.tool!);
		else {
			await tool.selectOption({ label: t(locale, 'call_other_option') });
			await calls.getByLabel(t(locale, 'call_other_name'), { exact: true }).fill(action.tool!);
		}
		await calls
			.getByLabel(t(locale, 'call_arguments'))
			.fill(JSON.stringify(action.arguments ?? {}));
		await calls.getByRole('button', { name: t(locale, 'call_button'), exact: true }).click();
	} else if (action.server) {
		const button = (key: string) =>
			page.getByRole('button', { name: t(locale, key, { server: action.server! }) });
		// A live server's card has Disconnect where a simulated one has Kill: no process to kill.
		const control =
			action.do === 'kill'
				? button('servers_kill_label').or(button('live_disconnect_label'))
				: button(`servers_${action.do}_label`);
		await control.click();
	} else {
		await page.getByRole('button', { name: t(locale, harnessButtons[action.do]) }).click();
	}
	if (action.do === 'closeSession')
		// No session afterwards, so the page never reads as settled: the controls come back instead.
		await expect(
			page.getByRole('button', { name: t(locale, 'harness_start'), exact: true })
		).toBeEnabled();
	else await settled(page);
}

/** Plays one step's solution and waits until every one of its checks is met. */
export async function playStep(page: Page, locale: string, step: Step) {
	for (const action of step.solution) await play(page, locale, action);
	for (const check of step.checks)
		await expect(
			page.getByTestId('checklist').locator(`[data-check="${check.id}"]`),
			`${step.id}/${check.id}`
		).toHaveAttribute('data-met', 'true');
}
