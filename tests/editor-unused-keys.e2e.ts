import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { importWorld, openEditorForm } from './helpers/editor-form';
import { saidLast } from './helpers/live-region';
import { t } from './helpers/messages';

// The settings block keeps keys MCP Lab does not know (a real settings file carries more), so a
// world whose `mcp_servers` lost its last letter is valid, and empty; a tool's result beside its
// error is valid, and never sent; a sim block's `tools` written beside it is kept, and unread. Check and Apply say which keys change nothing and why (the key
// a typo likely meant); the JSON view marks each key with a warning.

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);

// One view at a time (the form's helper opens the form): choosing a note shows the JSON view.
test.use({ viewport: { width: 800, height: 900 } });

test('keys that change nothing (a typo, a key beside sim, a result the error wins over) are named beside Valid, marked in the text, and go there', async ({
	page
}) => {
	await openEditorForm(page, 'en');
	await importWorld(page, {
		model: 'kept, far from every key',
		mcp_server: { fs: { type: 'stdio', command: 'npx' } },
		plugins: {
			acme: {
				mcp_servers: {
					web: {
						type: 'http',
						url: 'https://web.example/mcp',
						header: { A: 'b' },
						tools: [{ name: 'fetch' }],
						sim: {
							tools: [{ name: 'lookup', error: { code: -32603, message: 'down' }, result: {} }]
						}
					}
				}
			}
		}
	});
	const editor = page.getByRole('region', { name: en('editor_title') });
	const outcome = page.getByTestId('editor-outcome');
	const heading = en('editor_unused_heading', { count: 4 });
	const first = `mcp_server: ${en('editor_unused_meant', { meant: 'mcp_servers' })}`;
	const second = `plugins.acme.mcp_servers.web.header: ${en('editor_unused_meant', { meant: 'headers' })}`;
	const beside = `plugins.acme.mcp_servers.web.tools: ${en('editor_unused_inside', { block: 'sim' })}`;
	const third = `plugins.acme.mcp_servers.web.sim.tools[0].result: ${en('editor_unused_error')}`;

	await editor.getByRole('button', { name: en('editor_check'), exact: true }).click();
	await expect(outcome).toContainText(en('editor_valid_one'));
	await expect(outcome).toContainText(heading);
	await expect(outcome.getByRole('button')).toHaveText([first, second, beside, third]);
	await expect(page.getByTestId('live-region')).toHaveText(
		saidLast(`${en('editor_valid_one')} ${heading} ${first}`)
	);
	await expectNoAxeViolations(page, { include: ['[data-testid="editor-outcome"]'] });

	// Chosen: the JSON view, the cursor at that key's value, each key marked as a warning.
	await outcome.getByRole('button', { name: first }).click();
	await expect(editor.locator('.cm-content')).toBeFocused();
	await expect(editor.locator('.cm-lintRange-warning')).toHaveText([
		'"mcp_server"',
		'"header"',
		'"tools"',
		'"result"'
	]);
	await expect(editor.locator('.cm-lintRange-error')).toHaveCount(0);

	// Applied: it runs as written (one server), and says the same after what passed.
	await editor.getByRole('button', { name: en('editor_apply'), exact: true }).click();
	await expect(outcome).toContainText(en('editor_validation_passed'));
	await expect(outcome.getByRole('button')).toHaveText([first, second, beside, third]);
});
