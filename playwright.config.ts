import { chromiumLaunchOptions } from './scripts/chromium.mjs';
import { defineConfig, devices } from '@playwright/test';

// The site is built first (`npm run build`, with the same BASE_PATH), then served from build/.
const PORT = 4173;
const BASE_PATH = (process.env.BASE_PATH ?? '').replace(/\/+$/, '');
const BASE_URL = `http://127.0.0.1:${PORT}${BASE_PATH}/`;
const CI = !!process.env.CI;

const launchOptions = chromiumLaunchOptions();

export default defineConfig({
	testDir: 'tests',
	testMatch: '**/*.e2e.ts',
	workers: 2,
	// Two workers on two cores: one axe pass takes 5–13 s there while the other worker plays a
	// lab, so a test with three passes overran 30 s in CI although it takes 20 s alone. A test
	// still fails at 60 s; the long drills set their own limits.
	timeout: 60_000,
	// A lab page takes 2 s to open and settle here alone, 3–5 s beside the other worker; a
	// settle check of 5 s failed a few times a run for that reason alone.
	expect: { timeout: 10_000 },
	retries: CI ? 1 : 0,
	forbidOnly: CI,
	reporter: 'list',
	use: {
		baseURL: BASE_URL,
		// Recording a trace snapshots the DOM around every action: on these large pages that was
		// 45 % of a lab's play (labs 00, 01, 03, 05: 54 s with it, 31 s without). A test that fails
		// is run again with a trace (CI retries once); locally, `--trace on` records one.
		trace: 'on-first-retry'
	},
	projects: [
		{
			name: 'chromium',
			use: { ...devices['Desktop Chrome'], launchOptions }
		}
	],
	webServer: {
		command: 'node scripts/serve-static.mjs',
		url: BASE_URL,
		env: {
			PORT: String(PORT),
			HOST: '127.0.0.1',
			SERVE_FIXTURES: '1',
			BASE_PATH
		},
		reuseExistingServer: !CI,
		stdout: 'pipe',
		stderr: 'pipe',
		timeout: 30_000
	}
});
