import { describe, expect, it } from 'vitest';

// The lab server runs on workshop laptops: it must never start a program, and it reads one file
// (the lab's or scenario's JSON, in scenario-source.ts) and nothing else.
const sources = import.meta.glob<string>(['./*.ts', '!./*.test.ts', '!./test-support.ts'], {
	eager: true,
	query: '?raw',
	import: 'default'
});

describe('lab server boundaries', () => {
	it('has sources to check', () => {
		expect(Object.keys(sources)).toContain('./http-app.ts');
	});

	for (const [file, source] of Object.entries(sources)) {
		it(`${file} spawns nothing and reads only the scenario`, () => {
			expect(source).not.toMatch(/child_process|worker_threads|\bexecSync?\(|\bspawn\(/);
			expect(source).not.toMatch(/\beval\(|new Function\(/);
			if (file !== './scenario-source.ts')
				expect(source, `${file} reads files`).not.toMatch(/['"](node:)?fs(\/promises)?['"]/);
		});
	}
});
