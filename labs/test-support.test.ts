import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLab } from './test-support';

// A lab's own tests and the hint tests read it with loadLab: a lab the build refuses fails there
// with the build's words, not with fewer (no "did you mean") or not at all (narration problems).
const made: string[] = [];
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Lab 01 copied to a folder of the same name, with one file changed. */
function copyOf(file: string, edit: (text: string) => string): URL {
	const root = mkdtempSync(join(tmpdir(), 'lab-'));
	made.push(root);
	const folder = join(root, '01-connection-isolation');
	cpSync(new URL('./01-connection-isolation/', import.meta.url), folder, { recursive: true });
	writeFileSync(join(folder, file), edit(readFileSync(join(folder, file), 'utf8')));
	return pathToFileURL(`${folder}/`);
}

describe('loadLab', () => {
	it('says a lab.json problem as the build does, with the key meant', () => {
		const url = copyOf('lab.json', (t) => t.replace('"latencyMs": 40', '"latencyMS": 40'));
		expect(() => loadLab(url)).toThrow(
			'labs/01-connection-isolation/lab.json: scenario.mcp_servers.internal-api.sim: Unrecognized key: "latencyMS" (did you mean "latencyMs"?)'
		);
	});

	it('refuses a lab whose narration the build refuses', () => {
		const url = copyOf('zh-CN.md', (t) => t.replace('{#kill-and-call}', '{#kill-then-call}'));
		expect(() => loadLab(url)).toThrow('labs/01-connection-isolation/zh-CN.md: steps: Has ');
	});
});
