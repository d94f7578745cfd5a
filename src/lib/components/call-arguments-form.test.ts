// @vitest-environment node
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import CallArgumentsForm from './CallArgumentsForm.svelte';

const [FSI, PDI, RLO] = ['\u2068', '\u2069', '\u202e'];
const legendOf = (tool: string) =>
	render(CallArgumentsForm, {
		props: { tool, schema: { type: 'object' }, initial: null, onchange: () => {} }
	}).body.match(/<legend([^>]*)>([\s\S]*?)<\/legend>/);

describe('the call form legend', () => {
	it('isolates a tool name with a bidi override inside its sentence', () => {
		expect(legendOf(`${RLO}evil`)?.[2]).toContain(`Arguments of ${FSI}${RLO}evil${PDI}`);
	});

	it('bounds a long unbroken name and lets it wrap', () => {
		const legend = legendOf('x'.repeat(100_000));
		expect(legend?.[1]).toContain('[overflow-wrap:anywhere]');
		expect(legend?.[2].length).toBeLessThan(300);
	});
});
