import { expect, test } from '@playwright/test';
import { command, openHost } from './helpers/embed-host';
import { t } from './helpers/messages';
import { settled } from './helpers/play-lab';

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

/** One server with one tool that answers with what it was sent. */
const echoScenario = {
	profile: 'openharness',
	mcp_servers: {
		echo: {
			type: 'stdio',
			command: 'echo-server',
			sim: {
				tools: [
					{
						name: 'echo',
						inputSchema: { type: 'object', properties: { text: { type: 'string' } } }
					}
				]
			}
		}
	}
};

test('arguments typed for one tool are still there after trying another tool and coming back', async ({
	page
}) => {
	await page.goto('labs/00-protocol-basics?speed=instant');
	await settled(page);
	const calls = page.locator('#calls');
	const tool = calls.getByLabel(en('call_tool'), { exact: true });
	const args = calls.getByLabel(en('call_arguments'), { exact: true });
	await tool.selectOption('read_mcp_resource');
	const readme = '{"server": "helpdesk", "uri": "file:///home/ana/helpdesk/README.md"}';
	await args.fill(readme);
	await tool.selectOption('list_mcp_resources');
	// Another tool shows its own example, not the text typed for the first one.
	await expect(args).not.toHaveValue(readme);
	await tool.selectOption('read_mcp_resource');
	await expect(args).toHaveValue(readme);
	await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
	await settled(page);
	await expect(calls.locator('li').first()).toContainText('read_mcp_resource');
	await expect(calls.locator('li').first()).not.toContainText('not connected');

	// Kept arguments that are wrong for the tool go back to its example in one press, by keyboard.
	const example = calls.getByRole('button', { name: en('call_use_example') });
	await tool.selectOption('list_mcp_resources');
	await expect(example).toHaveCount(0);
	const shown = await args.inputValue();
	await args.fill('{"path": "/data/notes.txt"}');
	await example.focus();
	await page.keyboard.press('Enter');
	await expect(args).toHaveValue(shown);
	await expect(args).toBeFocused();
	await expect(example).toHaveCount(0);
});

test('a long session lists the newest 50 calls, and all of them on request; the pipeline offers the newest 50', async ({
	page
}) => {
	await openHost(page, { lab: 'sandbox' });
	expect((await command(page, 'setScenario', { scenario: echoScenario })).ok).toBe(true);
	expect((await command(page, 'startSession')).ok).toBe(true);
	await page.evaluate(async () => {
		for (let i = 0; i < 60; i++)
			await window.command('callTool', { name: 'mcp__echo__echo', arguments: { text: `n${i}` } });
	});
	const frame = page.frameLocator('#lab');
	const calls = frame.locator('#calls');
	const items = calls.locator('ul > li');
	await expect(items).toHaveCount(50);
	// Newest first: c60 down to c11.
	await expect(items.first()).toContainText('c60');
	await expect(items.last()).toContainText('c11');
	await expect(calls).toContainText(en('call_list_limited', { shown: 50, total: 60 }));

	// By keyboard: all 60, then back to the newest 50.
	const showAll = calls.getByRole('button', { name: en('call_list_show_all', { total: 60 }) });
	await showAll.focus();
	await page.keyboard.press('Enter');
	await expect(items).toHaveCount(60);
	await expect(items.last()).toContainText('c1');
	await expect(calls).not.toContainText(en('call_list_limited', { shown: 50, total: 60 }));
	const newest = calls.getByRole('button', { name: en('call_list_show_newest', { shown: 50 }) });
	await newest.focus();
	await page.keyboard.press('Enter');
	await expect(items).toHaveCount(50);

	// The pipeline's call picker: "follow the newest", the 50 newest, and a note of the rest.
	const picker = frame.locator('#pipeline-stages').getByLabel(en('pipeline_call'), { exact: true });
	const options = picker.locator('option');
	await expect(options).toHaveCount(52);
	await expect(options.nth(1)).toContainText('c60');
	await expect(options.last()).toHaveText(en('pipeline_older_calls', { count: 10 }));
	await expect(options.last()).toBeDisabled();
	// The call picked stays offered when newer calls push it out of the newest 50.
	await picker.selectOption('c11');
	for (let i = 0; i < 3; i++)
		expect(
			(await command(page, 'callTool', { name: 'mcp__echo__echo', arguments: { text: 'more' } })).ok
		).toBe(true);
	await expect(picker).toHaveValue('c11');
	await expect(frame.locator('#pipeline-stages')).toContainText(
		en('pipeline_stages_heading', { id: 'c11' })
	);
	await expect(options).toHaveCount(53);
	await expect(options.last()).toHaveText(en('pipeline_older_calls', { count: 13 }));
	// Said, since the newer calls are out of sight; one button goes back to following them.
	const pinned = frame.getByTestId('pipeline-pinned');
	await expect(pinned).toContainText(en('pipeline_pinned', { id: 'c11', newest: 'c63' }));
	await pinned.getByRole('button', { name: en('pipeline_show_newest') }).click();
	await expect(picker).toHaveValue('');
	await expect(frame.locator('#pipeline-stages')).toContainText(
		en('pipeline_stages_heading', { id: 'c63' })
	);
	await expect(pinned).toHaveCount(0);
});

test('with arguments that are not JSON, Call stays reachable and says why it cannot call', async ({
	page
}) => {
	await page.goto('labs/03-call-pipeline?speed=instant');
	await settled(page);
	const calls = page.locator('#calls');
	const json = calls.getByRole('button', { name: en('call_mode_json'), exact: true });
	if (await json.count()) await json.click();
	const args = calls.getByLabel(en('call_arguments'), { exact: true });
	await args.fill('{"path": /tmp');
	// Call is the next stop after the arguments (Tab, Enter calls: it is not the way back to
	// the tool's example, which comes after it).
	await args.press('Tab');
	const call = calls.getByRole('button', { name: en('call_button'), exact: true });
	await expect(call).toBeFocused();
	await page.keyboard.press('Tab');
	await expect(calls.getByRole('button', { name: en('call_use_example') })).toBeFocused();
	await page.keyboard.press('Shift+Tab');
	await expect(call).toBeFocused();
	await expect(call).toHaveAttribute('aria-disabled', 'true');
	await page.keyboard.press('Enter');
	await expect(args).toBeFocused();
	await expect(page.getByTestId('live-region')).toContainText(
		en('call_invalid_json', { detail: '' }).replace(/[:：]?\s*$/, '')
	);
	// Nothing was called.
	await expect(calls.locator('ul > li')).toHaveCount(0);
});

test('a tool whose scenario fixes its answer says so beside its arguments; an echoing tool does not', async ({
	page
}) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	const calls = page.locator('#calls');
	const tool = calls.getByLabel(en('call_tool'), { exact: true });
	// filesystem's read_file answers "hello from /data/notes.txt" whatever the path.
	await tool.selectOption('mcp__filesystem__read_file');
	await expect(tool).toHaveAccessibleDescription(en('call_simulated_note'));
	await expect(calls.getByText(en('call_simulated_note'))).toBeVisible();

	// A tool with no result in its scenario answers with what it was sent.
	await openHost(page, { lab: 'sandbox' });
	expect((await command(page, 'setScenario', { scenario: echoScenario })).ok).toBe(true);
	expect((await command(page, 'startSession')).ok).toBe(true);
	const frame = page.frameLocator('#lab');
	const echo = frame.locator('#calls').getByLabel(en('call_tool'), { exact: true });
	await expect(echo).toHaveValue('mcp__echo__echo');
	await expect(echo).toHaveAccessibleDescription('');
	await expect(frame.getByText(en('call_simulated_note'))).toHaveCount(0);
});

test('a call waiting for approval shows its arguments beside the harness’s question', async ({
	page
}) => {
	await openHost(page, { lab: 'sandbox' });
	const scenario = { ...echoScenario, permissions: { mode: 'default' } };
	expect((await command(page, 'setScenario', { scenario })).ok).toBe(true);
	expect((await command(page, 'startSession')).ok).toBe(true);
	const calls = page.frameLocator('#lab').locator('#calls');
	await calls.getByLabel(en('call_arguments'), { exact: true }).fill('{"text": "~/.ssh/id_rsa"}');
	await calls.getByRole('button', { name: en('call_button'), exact: true }).click();
	const card = calls.locator('li').first();
	await expect(card).toContainText(en('call_question'));
	// The prompt is OpenHarness's own sentence; what the call would do is only in its arguments.
	await expect(card).toContainText(`${en('call_question_arguments')} {"text":"~/.ssh/id_rsa"}`);
});

test('each name typed under Another name keeps its own arguments', async ({ page }) => {
	await page.goto('labs/01-connection-isolation?speed=instant');
	await settled(page);
	const calls = page.locator('#calls');
	await calls.getByLabel(en('call_tool'), { exact: true }).selectOption({
		label: en('call_other_option')
	});
	const name = calls.getByLabel(en('call_other_name'), { exact: true });
	const args = calls.getByLabel(en('call_arguments'), { exact: true });
	await name.fill('first_tool');
	await args.fill('{"query": "A-1001"}');
	// Another name: the first one's arguments are not sent to it.
	await name.fill('second_tool');
	await expect(args).toHaveValue('{}');
	await name.fill('first_tool');
	await expect(args).toHaveValue('{"query": "A-1001"}');
});
