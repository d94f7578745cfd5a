import { describe, expect, it } from 'vitest';
import { EmbedChoices } from './embed-choices.svelte';

describe('the embed builder’s step', () => {
	it('goes into the URL only when the lab has it', () => {
		const choices = new EmbedChoices('01-connection-isolation', () => 8);
		choices.step = 3;
		expect(choices.stepChoice).toBe(3);
		expect(choices.query).toContain('step=3');
		for (const wrong of [8, 99, -1, 1.5]) {
			choices.step = wrong;
			expect(choices.stepChoice, String(wrong)).toBeNull();
			expect(choices.query).not.toContain('step=');
		}
		choices.step = 7;
		expect(choices.query).toContain('step=7');
		choices.lab = 'sandbox';
		expect(choices.stepChoice).toBe(0);
		expect(choices.query).not.toContain('step=');
	});
});
