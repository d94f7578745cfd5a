import { afterEach, describe, expect, it, vi } from 'vitest';

// A lab copied from another (the guide's quick start) with its order left as it was: two labs
// with one order. labs.test.ts has the other problems a lab author meets at load.
const env = vi.hoisted(() => ({ dev: false }));
vi.mock('$app/environment', () => env);
vi.mock('$lib/core/labs/lab-check', async (actual) => {
	const real = await actual<typeof import('$lib/core/labs/lab-check')>();
	return {
		...real,
		// Lab 05 as if copied from lab 01 and its order not changed.
		checkLab: (...args: Parameters<typeof real.checkLab>) => {
			const result = real.checkLab(...args);
			if (args[0] === '05-fault-drills' && result.checked)
				result.checked = { ...result.checked, lab: { ...result.checked.lab, order: 1 } };
			return result;
		}
	};
});

afterEach(() => vi.resetModules());

const REPORT =
	"labs/05-fault-drills/lab.json: order: 1 is lab 01-connection-isolation's order too: each lab has its own (by convention the NN of its id).";

describe('two labs with one order', () => {
	it('stop the build, naming the later folder', async () => {
		env.dev = false;
		await expect(import('./labs')).rejects.toThrow(REPORT);
	});

	it('while developing, leave the later folder out and keep the first in its place', async () => {
		env.dev = true;
		const said = vi.spyOn(console, 'error').mockImplementation(() => {});
		const labs = await import('./labs');
		expect(said).toHaveBeenCalledWith(expect.stringContaining(REPORT));
		expect(labs.labProblems).toEqual([{ folder: '05-fault-drills', report: REPORT }]);
		expect(labs.catalog.map((e) => e.lab.id).slice(0, 3)).toEqual([
			'00-protocol-basics',
			'01-connection-isolation',
			'02-naming'
		]);
		said.mockRestore();
	});
});
