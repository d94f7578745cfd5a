import { expect, test } from '@playwright/test';
import { command, openHost } from './helpers/embed-host';
import { recordSaid } from './helpers/live-region';
import { t } from './helpers/messages';

// pydantic-ai fails a run's whole tool load when two of its servers give the model one name. The
// run's state is derived from the tools its connections listed, so the failure has no event of
// its own unless the profile says it when it loads them: the learner who started the run heard
// "Run 1 started" and then nothing, while the panel turned to failed.

const scenario = {
	profile: 'contextual',
	mcp_servers: {
		kb: { type: 'http', url: 'https://kb.example.com/mcp', sim: { tools: [{ name: 'whoami' }] } },
		docs: {
			type: 'http',
			url: 'https://docs.example.com/mcp',
			sim: { tools: [{ name: 'whoami' }] }
		}
	},
	contextual: { servers: {}, identities: { alice: {} } }
};

const clash =
	"MCP server 'docs' defines a tool whose name conflicts with existing tool from MCP server 'kb': 'whoami'. Set the `tool_prefix` attribute to avoid name conflicts.";

// In English only: lab-07.e2e.ts drives the contextual panel in Chinese.
for (const locale of ['en']) {
	test(`a run whose servers give one tool name fails, and the failure is said (${locale})`, async ({
		page
	}) => {
		const said = await recordSaid(page, (p) =>
			p.frames().find((f) => f.url().includes('/embed/'))!
		);
		await openHost(page, { lab: 'sandbox', lang: locale });
		expect((await command(page, 'setScenario', { scenario })).error).toBeUndefined();
		const frame = page.frameLocator('iframe');
		const panel = frame.locator('[data-profile="contextual"]');
		const form = panel.getByTestId('contextual-run-form');
		await form.getByLabel(t(locale, 'contextual_identity')).selectOption('alice');
		await form.getByRole('button', { name: t(locale, 'contextual_start_run') }).press('Enter');

		await expect(panel.getByTestId('contextual-run')).toContainText(clash);
		await expect(panel).toContainText(t(locale, 'contextual_tools_none'));
		// Said as server text is (bounded at 160 characters, cut between words).
		const failed = t(locale, 'contextual_event_run_failed', {
			run: '1',
			identity: 'alice',
			error: `${clash.slice(0, clash.slice(0, 160).lastIndexOf(' '))}…`
		});
		await expect.poll(said).toContain(failed);
		// Said once: a later start-up in the same run loads the same clash.
		expect((await command(page, 'startSession')).ok).toBe(true);
		expect((await said()).split(failed).length - 1).toBe(1);
	});
}
