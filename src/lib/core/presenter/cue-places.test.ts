import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { DEFAULT_PANELS } from '../embed/protocol';
import { labSchema } from '../labs/lab-schema';
import { PANEL_OF } from '../labs/lab-check';
import { PANEL_TARGETS } from '../labs/panel-targets';
import { CUE_PLACES, cuePlaces } from './cue-places';

const labsRoot = new URL('../../../../labs/', import.meta.url);
const labs = readdirSync(labsRoot, { withFileTypes: true })
	.filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
	.map((d) =>
		labSchema.parse(JSON.parse(readFileSync(new URL(`${d.name}/lab.json`, labsRoot), 'utf8')))
	);

describe('where the room sees a cue’s action', () => {
	it('is the panel a learner does it on: a call shows in Model calls, a kill on the server cards', () => {
		expect(cuePlaces({ do: 'call', tool: 'mcp__fs__read', arguments: {} })).toEqual(['calls']);
		expect(cuePlaces({ do: 'kill', server: 'filesystem' })).toEqual(['servers']);
		expect(cuePlaces({ do: 'predict', option: 'a' })).toEqual([]);
		for (const [action, panel] of Object.entries(PANEL_OF)) {
			const first = CUE_PLACES[action as keyof typeof CUE_PLACES][0];
			expect(first && PANEL_TARGETS[first], action).toBe(panel);
		}
	});

	it('is on a panel its lab shows, for every action of every lab’s cue list', () => {
		expect(labs.length).toBeGreaterThan(0);
		for (const lab of labs) {
			const shown: readonly string[] = lab.panels ?? DEFAULT_PANELS;
			for (const cue of lab.cues ?? [])
				for (const action of cue.actions) {
					if (action.do === 'predict') continue;
					const panels = cuePlaces(action).map((place) => PANEL_TARGETS[place]);
					expect(
						panels.some((panel) => panel === null || shown.includes(panel)),
						`${lab.id} cue ${cue.id}: ${action.do}`
					).toBe(true);
				}
		}
	});
});
