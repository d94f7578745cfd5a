import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionSchema } from '../src/lib/core/labs/action-schema';
import { goalKinds, LIVE_PROBLEM_KINDS } from '../src/lib/core/labs/lab-schema';
import {
	ALL_SERVER_STATES,
	CALL_STATES,
	COMMAND_NAMES,
	HOST_REQUEST_STATES,
	PROCESS_STATES,
	STAGE_OUTCOMES
} from '../src/lib/core/labs/goal-words';
import { STATE_OF } from '../src/lib/core/world/calls';
import { DEFAULT_PANELS, PANELS } from '../src/lib/core/embed/protocol';
import { permissionModes } from '../src/lib/core/profiles/openharness/permissions';

// The lab author's guide (labs/README.md) names every goal kind, action, panel and word a lab
// may use. Each list comes from the code that checks labs, so a kind or an action added there and
// not to the guide fails here.

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const guide = read('./README.md');
/** Every `code` span of the guide. */
const spans = new Set([...guide.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]));

/** Every `do` of a lab action: its discriminator's values (a literal or an enum per branch). */
function actionNames(): string[] {
	type DoSchema = { options?: readonly string[]; values?: ReadonlySet<string> };
	const branches = (actionSchema as unknown as { options: Array<{ shape: { do: DoSchema } }> })
		.options;
	return branches.flatMap(({ shape }) => [...(shape.do.options ?? shape.do.values ?? [])]);
}

const missing = (words: readonly string[]) => words.filter((w) => !spans.has(w));

describe('labs/README.md, the lab author guide', () => {
	it('names every goal kind in code', () => {
		const kinds = goalKinds;
		// The reading of the type found it (a change of its shape must not pass as "nothing missing").
		expect(kinds).toEqual(expect.arrayContaining(['all', 'any', 'call', 'server', 'wire', 'pins']));
		expect(kinds.length).toBeGreaterThanOrEqual(19);
		expect(missing(kinds)).toEqual([]);
	});

	it('names every action in code', () => {
		const names = actionNames();
		expect(names).toEqual(expect.arrayContaining(['call', 'kill', 'setScenario', 'getPrompt']));
		expect(names.length).toBeGreaterThanOrEqual(25);
		expect(missing(names)).toEqual([]);
	});

	it('has a row for every action in its actions table', () => {
		const rows = new Set([...guide.matchAll(/^\| `(\w+)`\s+\|/gm)].map((m) => m[1]));
		expect(actionNames().filter((name) => !rows.has(name))).toEqual([]);
	});

	it('names every panel in code, and the default set in its order', () => {
		expect(missing(PANELS)).toEqual([]);
		const defaults = DEFAULT_PANELS.map((p) => `\`${p}\``).join(', ');
		expect(guide.replace(/\s+/g, ' ')).toContain(`The default is ${defaults}.`);
	});

	it('names the words goals may use: stages and outcomes, states, modes', () => {
		for (const [stage, outcomes] of Object.entries(STAGE_OUTCOMES)) {
			expect(spans, stage).toContain(stage);
			expect(spans, stage).toContain(STATE_OF[stage as keyof typeof STATE_OF]);
			expect(missing(outcomes), stage).toEqual([]);
		}
		expect(missing(CALL_STATES)).toEqual([]);
		expect(missing(permissionModes)).toEqual([]);
		expect(missing(PROCESS_STATES)).toEqual([]);
		expect(missing(HOST_REQUEST_STATES)).toEqual([]);
		expect(missing(ALL_SERVER_STATES)).toEqual([]);
		// A command goal's names, which the build now holds it to (a typo was a goal never met).
		expect(missing(COMMAND_NAMES)).toEqual([]);
		// A live server's problem kinds (three were added to the code and left out here once).
		expect(LIVE_PROBLEM_KINDS).toEqual(expect.arrayContaining(['refused', 'cors', 'redirect']));
		expect(missing(LIVE_PROBLEM_KINDS)).toEqual([]);
	});
});
