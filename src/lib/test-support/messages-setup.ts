import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Vitest's global setup: the messages compiled as `npm run i18n` and the dev server compile them,
 * one module per language. A build leaves one module per message in their place (1,745 files):
 * importing the catalogue then transformed every one of them, and `vitest run` after a build
 * took 89 s where it takes 78, with `server/labs.test.ts` timing out at 15 s. Compiled only when
 * they are not in that form, so checks running beside the tests never see them rewritten; by
 * `npm run i18n` itself, in its own process (the compiler's API kept Vitest from exiting).
 */
export default function setup(): void {
	if (existsSync('src/lib/paraglide/messages/en.js')) return;
	execFileSync('npm', ['run', '--silent', 'i18n'], { stdio: 'ignore' });
}
