import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { t } from './helpers/messages';
import { closedPort } from './helpers/ports';

// Chrome's Local Network Access keeps a public page's frame from the reader's machine unless the
// page embedding it allows the frame to ask. Such a refusal fails as `Failed to fetch`, like a
// port nothing listens on; the lab must not then tell the reader to start a server. Here the
// site is reached by names that resolve to this machine (so no real refusal happens), which
// makes the page public by name: what the lab decides from the browser's permissions policy
// is what is tested.

const names = chromiumLaunchOptions();
test.use({
	launchOptions: {
		...names,
		args: [...(names.args ?? []), '--host-resolver-rules=MAP *.example.test 127.0.0.1']
	}
});

const en = (key: string) => t('en', key);

type Scope = Page | FrameLocator;

/** The /live page's form, in whatever page or frame holds it; waits for the world to settle. */
async function connect(scope: Scope, name: string, address: string) {
	const form = scope.getByTestId('live-connect');
	await form.getByLabel(en('live_connect_name'), { exact: true }).fill(name);
	await form.getByLabel(en('live_connect_url'), { exact: true }).fill(address);
	await form.getByRole('button', { name: en('live_connect_submit'), exact: true }).click();
	await expect(scope.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');
}

/** The /live page on a public-looking name, framed by a page of another origin. */
async function framed(page: Page, baseURL: string, allow: string | null): Promise<FrameLocator> {
	const src = new URL('live?speed=instant&lang=en', baseURL);
	src.hostname = 'lab.example.test';
	const attribute = allow === null ? '' : ` allow="${allow}"`;
	await page.setContent(
		`<iframe title="MCP Lab" src="${src.href}"${attribute} style="width: 1200px; height: 1600px"></iframe>`
	);
	const frame = page.frameLocator('iframe');
	await expect(frame.getByTestId('live-connect')).toBeVisible();
	return frame;
}

test('a frame its page gave no allow: the browser refused, and the sentence says how to allow it', async ({
	page,
	baseURL
}) => {
	const frame = await framed(page, baseURL!, null);
	await connect(frame, 'home', `http://127.0.0.1:${await closedPort()}/mcp`);
	const problem = frame.getByTestId('live-problem-home');
	await expect(problem).toHaveAttribute('data-kind', 'local-network-policy');
	await expect(problem).toContainText(en('live_problem_local_network_policy'));
	// A public server is no local-network request: nothing answering there is just that.
	await connect(frame, 'far', `http://far.example.test:${await closedPort()}/mcp`);
	await expect(frame.getByTestId('live-problem-far')).toHaveAttribute('data-kind', 'refused');
});

test('a frame allowed to ask, or the page itself, and the reader said yes: nothing answers is said as before', async ({
	page,
	baseURL
}) => {
	// Headless Chromium answers no prompt, and from 156.0.8078.114 on it reports the permission
	// as denied until it is granted: the reader's yes is given here, as a reader would.
	await page.context().grantPermissions(['local-network-access']);
	const frame = await framed(page, baseURL!, 'loopback-network; local-network-access');
	await connect(frame, 'home', `http://127.0.0.1:${await closedPort()}/mcp`);
	await expect(frame.getByTestId('live-problem-home')).toHaveAttribute('data-kind', 'refused');

	const top = new URL('live?speed=instant&lang=en', baseURL);
	top.hostname = 'lab.example.test';
	await page.goto(top.href);
	await connect(page, 'home', `http://127.0.0.1:${await closedPort()}/mcp`);
	await expect(page.getByTestId('live-problem-home')).toHaveAttribute('data-kind', 'refused');
	await expect(page.getByTestId('live-problem-home')).toContainText(en('live_problem_refused'));
});

test('a frame allowed to ask, and the reader said no: the sentence says where to allow it', async ({
	page,
	baseURL
}) => {
	// Set explicitly: what headless Chromium reports unasked has changed between builds.
	const pageSession = await page.context().newCDPSession(page);
	const { targetInfo } = await pageSession.send('Target.getTargetInfo');
	const browser = await page.context().browser()!.newBrowserCDPSession();
	for (const name of ['loopback-network', 'local-network', 'local-network-access'])
		await browser
			.send('Browser.setPermission', {
				permission: { name },
				setting: 'denied',
				browserContextId: targetInfo.browserContextId
			})
			// A build that does not know one of the names (before the split) knows the other.
			.catch(() => undefined);
	const frame = await framed(page, baseURL!, 'loopback-network; local-network-access');
	await connect(frame, 'home', `http://127.0.0.1:${await closedPort()}/mcp`);
	const problem = frame.getByTestId('live-problem-home');
	await expect(problem).toHaveAttribute('data-kind', 'local-network-denied');
	await expect(problem).toContainText(en('live_problem_local_network_denied'));
});
