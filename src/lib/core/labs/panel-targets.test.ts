import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PANEL_TARGETS } from './panel-targets';

// A narration link is only as good as the element it goes to: every target must be the id of
// a panel the components really render (`<Panel id="…">`, whose heading is `<id>-title`).
const components = new URL('../../components/', import.meta.url);
const panelIds = new Set(
	readdirSync(components, { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.svelte'))
		.flatMap((file) =>
			[...readFileSync(new URL(file, components), 'utf8').matchAll(/<Panel\s+id="([^"]+)"/g)].map(
				(m) => m[1]
			)
		)
);

describe('the panels a narration links to', () => {
	it('finds the panels', () => {
		expect(panelIds.size).toBeGreaterThan(10);
	});

	it.each(Object.keys(PANEL_TARGETS))('#%s is a panel the page renders', (id) => {
		expect(panelIds).toContain(id);
	});
});
