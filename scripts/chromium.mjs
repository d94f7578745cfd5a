// Which Chromium the e2e tests and the bench launch: $CHROMIUM_PATH, else Debian's
// /usr/bin/chromium, else Playwright's own (`npx playwright install chromium`). The flags keep
// the system browser from reaching out to the network, which is closed here.
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export function chromiumLaunchOptions() {
	const executablePath =
		process.env.CHROMIUM_PATH || (existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);
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
