import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HIDEABLE_PANELS, isHideable, PANEL_TARGETS, panelHidden } from './panel-targets';

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

describe('the panels a step may hide until its question is answered', () => {
	it.each(HIDEABLE_PANELS)('hiding %s covers a panel the page renders', (panel) => {
		const covered = [...panelIds].filter((id) => panelHidden(id, [panel]));
		expect(covered.length).toBeGreaterThan(0);
	});

	it('never covers the servers, whose controls start the session and inject faults', () => {
		for (const id of ['harness', 'servers', 'status', 'timeline', 'editor', 'transcript'])
			expect(isHideable(id)).toBe(false);
		// The pipeline covers the call form and each profile's own panel with it.
		const pipeline = [...panelIds].filter((id) => panelHidden(id, ['pipeline']));
		expect(pipeline.sort()).toEqual(
			[
				'calls',
				'contextual',
				'miniharness',
				'pins',
				'pipeline-stages',
				'toolsource',
				'trust'
			].sort()
		);
		expect(panelHidden('registry', [])).toBe(false);
	});
});
