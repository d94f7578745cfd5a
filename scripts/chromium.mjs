// Which Chromium the e2e tests and the bench launch: $CHROMIUM_PATH if set, else one of Debian's
// builds, else Playwright's own (`npx playwright install chromium`). The flags keep the system
// browser from reaching out to the network, which is closed here.
//
// The tests prefer Debian's chromium-headless-shell: Chromium's own headless build, the one
// Playwright itself runs headless tests in. The full browser's new headless mode starts a
// browser window's worth of machinery (an omnibox WebUI renderer per context among it): here a
// lab page took 1.5 s to open in it against 0.9 s in the shell, labs.e2e 3.3 min against 2.8, and
// the suite 24 min in CI against 17.6 min in the shell on this machine. The bench
// prefers the full browser, the one a reader opens, so its figures stay comparable stop to stop.
import { existsSync } from 'node:fs';

const SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER = '/usr/bin/chromium';

/** @param {{ prefer?: 'shell' | 'browser' }} [options] */
export function chromiumLaunchOptions({ prefer = 'shell' } = {}) {
	const order = prefer === 'shell' ? [SHELL, BROWSER] : [BROWSER, SHELL];
	const executablePath = process.env.CHROMIUM_PATH || order.find((path) => existsSync(path));
	if (!executablePath) return {};
	return {
		executablePath,
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync'
		]
	};
}
