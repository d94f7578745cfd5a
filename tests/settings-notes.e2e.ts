import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { command, openHost } from './helpers/embed-host';
import { t } from './helpers/messages';

// OpenHarness's allowed_tools / denied_tools compare the registry name exactly, and hook matchers
// are globs on it. An entry that names a tool by its server's name (read_file), or has a typo,
// decides no call, and such a matcher runs its hook for no registry tool; the registry panel says
// which, and the calls show it: read_file "allowed" still asks in default mode, and the blocking
// write_* hook fires only for the unknown name write_file.

const scenario = {
	permissions: {
		mode: 'default',
		allowed_tools: ['read_file', 'mcp__fs__write_file'],
		denied_tools: ['mcp__fs__delet_file']
	},
	hooks: {
		pre_tool_use: [{ matcher: 'write_*', block: true, reason: 'Writes need a review' }],
		post_tool_use: [{ matcher: 'mcp__fs__*' }]
	},
	mcp_servers: {
		fs: {
			type: 'http',
			url: 'https://fs.example/mcp',
			sim: {
				tools: [
					{ name: 'read_file', result: { content: [{ type: 'text', text: 'hello' }] } },
					{ name: 'write_file', result: { content: [{ type: 'text', text: 'written' }] } },
					{ name: 'delete_file' }
				]
			}
		}
	}
};

/** A box of notes under the registry: its heading, why, and each item's exact words. */
async function expectNotes(
	page: Page,
	locale: string,
	testid: string,
	key: string,
	items: string[]
) {
	const notes = page.frameLocator('iframe').getByTestId(testid);
	await expect(notes.getByRole('heading', { name: t(locale, `${key}_heading`) })).toBeVisible();
	await expect(notes).toContainText(t(locale, `${key}_why`));
	await expect(notes.getByRole('listitem')).toHaveText(items);
}

for (const locale of ['en', 'zh-CN']) {
	test(`settings that name no registry tool are named, and decide nothing (${locale})`, async ({
		page
	}) => {
		await openHost(page, { lab: 'sandbox', lang: locale });
		expect((await command(page, 'setScenario', { scenario })).error).toBeUndefined();
		// Checker order: denied_tools first. The exact entry (mcp__fs__write_file) is not named.
		await expectNotes(page, locale, 'registry-permission-notes', 'registry_permission_unmatched', [
			'permissions.denied_tools: mcp__fs__delet_file',
			`permissions.allowed_tools: read_file — ${t(locale, 'registry_permission_unmatched_meant', { names: 'mcp__fs__read_file' })}`
		]);
		// The post_tool_use matcher matches registry names: it is not named.
		await expectNotes(page, locale, 'registry-hook-notes', 'registry_hook_unmatched', [
			`hooks.pre_tool_use[0].matcher: write_* — ${t(locale, 'registry_hook_unmatched_meant', { names: 'mcp__fs__write_file' })}`
		]);
		if (locale === 'en') {
			await expectNoAxeViolations(page);
		}

		// What the notes say, in the pipeline: the exact entry allows, the raw one does not.
		const write = await command(page, 'callTool', { name: 'mcp__fs__write_file', arguments: {} });
		expect(write.snapshot?.calls.at(-1)).toMatchObject({ state: 'completed', output: 'written' });
		const read = await command(page, 'callTool', { name: 'mcp__fs__read_file', arguments: {} });
		expect(read.snapshot?.calls.at(-1)).toMatchObject({ state: 'awaiting_approval' });
		// The write_* hook runs for the one name lookup would refuse, and blocks it first.
		const raw = await command(page, 'callTool', { name: 'write_file', arguments: {} });
		expect(raw.snapshot?.calls.at(-1)).toMatchObject({
			isError: true,
			output: 'Writes need a review'
		});
	});
}

test('nothing is said when every entry and matcher names a registry tool', async ({ page }) => {
	await openHost(page, { lab: 'sandbox' });
	const exact = {
		...scenario,
		permissions: { mode: 'default', allowed_tools: ['mcp__fs__read_file'], denied_tools: [] },
		hooks: { pre_tool_use: [{ matcher: '' }, { matcher: 'mcp__fs__read_*', block: true }] }
	};
	expect((await command(page, 'setScenario', { scenario: exact })).error).toBeUndefined();
	const frame = page.frameLocator('iframe');
	await expect(frame.getByRole('rowheader', { name: 'mcp__fs__delete_file' })).toBeVisible();
	await expect(frame.getByTestId('registry-permission-notes')).toHaveCount(0);
	await expect(frame.getByTestId('registry-hook-notes')).toHaveCount(0);
});

// ToolSource shows the model only what its allowlist names, matched exactly against
// `mcp.<server>.<tool>`: a key with the wrong server or a raw name shows nothing, and its row says so.
const toolSource = {
	profile: 'toolsource',
	mcp_servers: {
		files: {
			type: 'http',
			url: 'https://files.example/mcp',
			sim: { tools: [{ name: 'read_file' }, { name: 'write_file' }] }
		}
	},
	toolsource: {
		allow: { 'mcp.files.write_file': 'write', 'mcp.fs.read_file': 'read', read_file: 'read' }
	}
};

// In English only, as the next: each note is one catalogue message with the names in it, and
// the registry's notes are checked in Chinese above.
for (const locale of ['en']) {
	test(`ToolSource allowlist keys that no connected server lists are marked (${locale})`, async ({
		page
	}) => {
		await openHost(page, { lab: 'sandbox', lang: locale });
		const set = await command(page, 'setScenario', { scenario: toolSource });
		expect(set.error).toBeUndefined();
		// What the notes say: the model is offered the one exact key.
		expect(set.snapshot?.registry.map((e) => e.name)).toEqual(['mcp.files.write_file']);
		const rows = page.frameLocator('iframe').locator('#harness tbody tr');
		const unlisted = `⚠ ${t(locale, 'toolsource_allowlist_unlisted')} ${t(locale, 'toolsource_allowlist_unlisted_meant', { names: 'mcp.files.read_file' })}`;
		// The allowlist's rows in its order: the exact key, the wrong server, the raw name.
		await expect(rows.locator('th > bdi')).toHaveText([
			'mcp.files.write_file',
			'mcp.fs.read_file',
			'read_file'
		]);
		await expect(rows.nth(0).getByTestId('allowlist-unlisted')).toHaveCount(0);
		await expect(rows.nth(1).getByTestId('allowlist-unlisted')).toHaveText(unlisted);
		await expect(rows.nth(2).getByTestId('allowlist-unlisted')).toHaveText(unlisted);
		if (locale === 'en') await expectNoAxeViolations(page);
	});
}

// MiniHarness's executor policy is keyed by raw tool name, exactly: a key of another case (or a
// typo) decides no call, and the tool it meant is asked about by default.
const miniHarness = {
	profile: 'miniharness',
	mcp_servers: {
		kb: {
			type: 'http',
			url: 'https://kb.example/mcp',
			sim: {
				tools: [
					{ name: 'delete_space', result: { content: [{ type: 'text', text: 'deleted' }] } },
					{ name: 'whoami' }
				]
			}
		}
	},
	miniharness: { policy: { Delete_Space: 'deny', whoami: 'auto' } }
};

for (const locale of ['en']) {
	test(`MiniHarness policy keys that name no routed tool are marked (${locale})`, async ({
		page
	}) => {
		await openHost(page, { lab: 'sandbox', lang: locale });
		expect((await command(page, 'setScenario', { scenario: miniHarness })).error).toBeUndefined();
		expect((await command(page, 'startSession')).error).toBeUndefined();
		const rows = page
			.frameLocator('iframe')
			.getByTestId('miniharness-policies')
			.locator('tbody tr');
		await expect(rows.locator('th > bdi')).toHaveText(['Delete_Space', 'whoami', 'delete_space']);
		await expect(rows.nth(0).getByTestId('policy-unrouted')).toHaveText(
			`⚠ ${t(locale, 'miniharness_policy_unrouted')} ${t(locale, 'miniharness_policy_unrouted_meant', { names: 'delete_space' })}`
		);
		await expect(rows.nth(1).getByTestId('policy-unrouted')).toHaveCount(0);
		await expect(rows.nth(2).getByTestId('policy-unrouted')).toHaveCount(0);
		if (locale === 'en') await expectNoAxeViolations(page);
		// The deny decides nothing: delete_space has no policy of its own, so it is asked about.
		const call = await command(page, 'callTool', { name: 'delete_space', arguments: {} });
		expect(call.snapshot?.calls.at(-1)).toMatchObject({ state: 'awaiting_approval' });
	});
}
