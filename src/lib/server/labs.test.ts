import { afterEach, describe, expect, it, vi } from 'vitest';

// What a lab author meets when a lab has problems: a build stops, naming them; while editing
// (npm run dev) the other labs keep working and the broken lab's page says what is wrong.
const env = vi.hoisted(() => ({ dev: false }));
vi.mock('$app/environment', () => env);
vi.mock('$lib/core/labs/lab-check', async (actual) => {
	const real = await actual<typeof import('$lib/core/labs/lab-check')>();
	return {
		...real,
		// Lab 02 as if its author had just misspelt a goal kind.
		checkLab: (
			folder: string,
			...rest: Parameters<typeof real.checkLab> extends [string, ...infer R] ? R : never
		) =>
			folder === '02-naming'
				? {
						checked: null,
						problems: [
							{
								file: 'lab.json',
								path: 'steps[0].checks[1].goal',
								message: 'Unknown goal kind "cal" (did you mean "call"?).'
							}
						]
					}
				: real.checkLab(folder, ...rest)
	};
});

afterEach(() => vi.resetModules());

const REPORT =
	'labs/02-naming/lab.json: steps[0].checks[1].goal: Unknown goal kind "cal" (did you mean "call"?).';

describe('labs with problems', () => {
	it('stop the build, with every problem', async () => {
		env.dev = false;
		await expect(import('./labs')).rejects.toThrow(
			`The labs have problems; nothing is built until they are fixed:\n${REPORT}`
		);
	});

	it('while developing, are left out and said on their page; the others work', async () => {
		env.dev = true;
		const said = vi.spyOn(console, 'error').mockImplementation(() => {});
		const labs = await import('./labs');
		expect(said).toHaveBeenCalledWith(expect.stringContaining(REPORT));
		expect(labs.catalog.map((e) => e.lab.id)).not.toContain('02-naming');
		expect(labs.requireLab('01-connection-isolation').lab.id).toBe('01-connection-isolation');
		expect(labs.labProblems).toEqual([{ folder: '02-naming', report: REPORT }]);
		expect(() => labs.requireLab('02-naming')).toThrow(
			expect.objectContaining({
				status: 500,
				// In both languages: the page cannot know the reader's (zh-CN said it in English).
				body: {
					message: [
						'This lab has problems. Fix them and reload: the other labs keep working, and a build stops on these.',
						'这个实验有问题。修复后重新加载：其他实验照常可用，构建会因这些问题停止。',
						REPORT
					].join('\n')
				}
			})
		);
		expect(() => labs.requireLab('99-none')).toThrow(expect.objectContaining({ status: 404 }));
		// Lab 01's "what next" skips the lab left out.
		expect(labs.nextLab('01-connection-isolation')?.id).toBe('03-call-pipeline');
		said.mockRestore();
	});
});
