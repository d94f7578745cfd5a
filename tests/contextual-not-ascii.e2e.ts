import { expect, test } from '@playwright/test';
import { command, openHost } from './helpers/embed-host';
import { t } from './helpers/messages';

// a13n turns claims into header values keeping non-ASCII characters, and httpx, under
// pydantic-ai, encodes header values as ASCII: a learner whose name is 张三 fails the run before
// any request goes out. The panel shows Python's error and says which header and why.

const scenario = {
	profile: 'contextual',
	mcp_servers: {
		kb: {
			type: 'http',
			url: 'https://kb.example.com/mcp',
			sim: { tools: [{ name: 'whoami' }] }
		}
	},
	contextual: {
		servers: {
			kb: {
				headers: {
					'X-User-ID': { source: 'identity.user_id' },
					'X-User-Name': { source: 'identity.name' }
				}
			}
		},
		identities: {
			alice: { user_id: 'u-alice', name: 'Alice' },
			zhang: { user_id: 'u-zhang', name: '张三' }
		}
	}
};

// In English only: lab-07.e2e.ts drives the contextual panel in Chinese.
for (const locale of ['en']) {
	test(`a claim that is not ASCII fails the run, and the panel says which header and why (${locale})`, async ({
		page
	}) => {
		await openHost(page, { lab: 'sandbox', lang: locale });
		expect((await command(page, 'setScenario', { scenario })).error).toBeUndefined();
		const frame = page.frameLocator('iframe');
		const panel = frame.locator('[data-profile="contextual"]');
		const form = panel.getByTestId('contextual-run-form');
		await form.getByLabel(t(locale, 'contextual_identity')).selectOption('zhang');
		await form.getByRole('button', { name: t(locale, 'contextual_start_run') }).click();

		const run = panel.getByTestId('contextual-run');
		await expect(run).toContainText(
			"ContextualMCP 'kb': 'ascii' codec can't encode characters in position 0-1: ordinal not in range(128)"
		);
		await expect(panel.getByTestId('contextual-not-ascii')).toHaveText(
			t(locale, 'contextual_not_ascii', { header: 'X-User-Name', server: 'kb' })
		);
		// Nothing went out, so the model has no tools.
		await expect(panel).toContainText(t(locale, 'contextual_tools_none'));

		// An identity whose claims are ASCII runs, and the note goes with the failure.
		await form.getByLabel(t(locale, 'contextual_identity')).selectOption('alice');
		await form.getByRole('button', { name: t(locale, 'contextual_start_run') }).click();
		await expect(run).toContainText(t(locale, 'contextual_state_running'));
		await expect(panel.getByTestId('contextual-not-ascii')).toHaveCount(0);
	});
}

test('a claim holding a line break fails the run: h11 would not write it, so no header is injected', async ({
	page
}) => {
	const injected = structuredClone(scenario);
	Object.assign(injected.contextual.identities, {
		mallory: { user_id: 'u-m\r\nX-Admin: yes', name: 'Mallory' }
	});
	await openHost(page, { lab: 'sandbox', lang: 'en' });
	expect((await command(page, 'setScenario', { scenario: injected })).error).toBeUndefined();
	const panel = page.frameLocator('iframe').locator('[data-profile="contextual"]');
	const form = panel.getByTestId('contextual-run-form');
	await form.getByLabel(t('en', 'contextual_identity')).selectOption('mallory');
	await form.getByRole('button', { name: t('en', 'contextual_start_run') }).click();
	await expect(panel.getByTestId('contextual-run')).toContainText(
		"ContextualMCP 'kb': Illegal header value b'u-m\\r\\nX-Admin: yes'"
	);
	await expect(panel.getByTestId('contextual-illegal-header')).toHaveText(
		t('en', 'contextual_illegal_header_value', { header: 'X-User-ID', server: 'kb' })
	);
	await expect(panel).toContainText(t('en', 'contextual_tools_none'));
});
