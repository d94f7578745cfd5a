import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { recordSaid, saidLast } from './helpers/live-region';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

// The sandbox's harness choice, by keyboard: the same world under another harness, what a
// learner sees change (the registry's adapted names, the servers' state words), said once, in
// the share link and the time-travel tape, and back again.

const choice = (page: Page, lang: string) =>
	page.getByRole('combobox', { name: t(lang, 'harness_pick_label'), exact: true });
const switchButton = (page: Page, lang: string) =>
	page.getByRole('button', { name: t(lang, 'harness_pick_switch'), exact: true });
/** The registry's adapted names, as its table lists them (the first cell of each row). */
const registryNames = async (page: Page) =>
	(await page.locator('#registry tbody tr').allInnerTexts()).map((row) => row.split(/\s/)[0]);

/** Picks `name` in the choice with arrow keys (a closed select moves one option a key), then Enter on Switch harness. */
async function pickByKeyboard(page: Page, lang: string, name: string) {
	const select = choice(page, lang);
	await select.focus();
	const options = await select.locator('option').allInnerTexts();
	const from = options.indexOf(
		await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0].text)
	);
	const to = options.indexOf(name);
	expect(to, `${name} is offered`).toBeGreaterThanOrEqual(0);
	for (let i = from; i !== to; i += Math.sign(to - from))
		await page.keyboard.press(to > from ? 'ArrowDown' : 'ArrowUp');
	await expect(select.locator('option:checked')).toHaveText(name);
	await page.keyboard.press('Tab');
	await expect(switchButton(page, lang)).toBeFocused();
	await page.keyboard.press('Enter');
	await settled(page);
}

test('switching to MiniHarness by keyboard: raw names, said once, kept by the tape and the share link', async ({
	page,
	context
}) => {
	const said = await recordSaid(page);
	await page.goto('sandbox?speed=instant&lang=en');
	await settled(page);
	await expect(choice(page, 'en')).toHaveValue('openharness');
	await expect(choice(page, 'en')).toHaveAccessibleDescription(t('en', 'harness_pick_help'));
	await expect(page.locator('#registry')).toContainText('mcp__filesystem__read_file');
	// What Check found is about the world that runs now: not once another harness runs it.
	const outcome = page.getByTestId('editor-outcome');
	await page.getByRole('button', { name: t('en', 'editor_check'), exact: true }).click();
	await expect(outcome).toContainText(t('en', 'editor_valid_many', { count: 3 }));
	// Said once the live region has taken it: only what comes after belongs to the switch. On a
	// busy machine the start-up's sentences were still waiting and lead the same message.
	await expect
		.poll(async () => (await said()).split('\n').at(-1))
		.toMatch(saidLast(t('en', 'editor_valid_many', { count: 3 })));
	const before = (await said()).split('\n').length;

	await pickByKeyboard(page, 'en', 'MiniHarness');
	await expect(outcome).toContainText(t('en', 'editor_outcome_outdated'));
	await expect(outcome).not.toContainText(t('en', 'editor_valid_many', { count: 3 }));
	// The same servers under MiniHarness: raw tool names, its own panel title.
	await expect(page.getByRole('heading', { name: 'Harness (MiniHarness)' })).toBeVisible();
	await expect(page.locator('#registry')).not.toContainText('mcp__filesystem__read_file');
	expect(await registryNames(page)).toEqual([
		'read_file',
		'write_file',
		'list_directory',
		'search_orders',
		'create_ticket'
	]);
	// The editor follows the running world (no edits of the learner's to keep).
	await expect(page.getByRole('textbox', { name: t('en', 'editor_json_label') })).toContainText(
		'"profile": "miniharness"'
	);
	// One sentence: not the new world's start-up event by event.
	const sentence =
		'Harness: MiniHarness. The session started again. Connection: 1 of 3 servers failed to connect: realtime';
	await expect(page.getByTestId('live-region')).toHaveText(saidLast(sentence));
	expect((await said()).split('\n').slice(before)).toEqual([sentence]);
	// Focus stays where the learner pressed.
	await expect(switchButton(page, 'en')).toBeFocused();
	await expectNoAxeViolations(page);

	// The tape starts at the new world: its one action is MiniHarness's start-up.
	const position = page.getByTestId('timeline-position');
	await expect(position).toHaveText(t('en', 'timeline_valuetext', { n: 1, total: 1 }));
	await page.getByRole('button', { name: t('en', 'timeline_back') }).click();
	await expect(position).toHaveText(t('en', 'timeline_valuetext', { n: 0, total: 1 }));
	await expect(page.getByRole('heading', { name: 'Harness (MiniHarness)' })).toBeVisible();
	await expect(choice(page, 'en')).toHaveValue('miniharness');
	await page.getByRole('button', { name: t('en', 'timeline_forward') }).click();
	await expect(position).toHaveText(t('en', 'timeline_valuetext', { n: 1, total: 1 }));

	// A share link opens the same harness.
	await page.getByRole('button', { name: t('en', 'timeline_share'), exact: true }).click();
	const link = await page.getByLabel(t('en', 'timeline_share_label')).inputValue();
	const other = await context.newPage();
	await other.goto(link);
	await settled(other);
	await expect(choice(other, 'en')).toHaveValue('miniharness');
	await expect(other.locator('#registry')).not.toContainText('mcp__filesystem__read_file');
	expect(await registryNames(other)).toContain('read_file');
	await other.close();

	// And back, by keyboard.
	await pickByKeyboard(page, 'en', 'OpenHarness');
	await expect(page.getByRole('heading', { name: t('en', 'harness_title') })).toBeVisible();
	await expect(page.locator('#registry')).toContainText('mcp__filesystem__read_file');
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(
			'Harness: OpenHarness. The session started again. Connection: 1 of 3 servers failed to connect: realtime'
		)
	);
});

test('in Chinese: connector trust leaves every connector disconnected, said in Chinese', async ({
	page
}) => {
	await page.goto('sandbox?speed=instant&lang=zh-CN');
	await settled(page);
	const name = t('zh-CN', 'harness_name_trust');
	await pickByKeyboard(page, 'zh-CN', name);
	await expect(
		page.getByRole('heading', { name: t('zh-CN', 'harness_title_trust') })
	).toBeVisible();
	// The profile's own word for a connector nobody has trusted yet, on every card.
	await expect(page.locator('#servers article').filter({ hasText: 'disconnected' })).toHaveCount(3);
	await expect(page.locator('#registry')).toContainText('ToolSearch');
	await expect(page.locator('#registry')).not.toContainText('mcp__filesystem__read_file');
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(t('zh-CN', 'harness_pick_done', { name }))
	);
	await expect(choice(page, 'zh-CN')).toHaveValue('trust');
	await expectNoAxeViolations(page);
});

test('text with unapplied edits is kept when the harness changes; the editor says the world is another', async ({
	page
}) => {
	await page.goto('sandbox?speed=instant&lang=en');
	await settled(page);
	const editor = page.getByRole('textbox', { name: t('en', 'editor_json_label') });
	await editor.click();
	await page.keyboard.press('ControlOrMeta+End');
	await page.keyboard.type('x');
	await pickByKeyboard(page, 'en', 'ToolSource');
	await expect(page.getByRole('heading', { name: 'Harness (ToolSource)' })).toBeVisible();
	// The learner's text is still theirs, and the editor says the running world is not it.
	await expect(editor).toContainText('}x');
	await expect(page.getByTestId('editor-stale')).toContainText(t('en', 'editor_stale'));
});
