import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import { LAB_SCHEMA_FILE, LAB_SCHEMA_REF, labJsonSchema } from './lab-json-schema';

const repo = new URL('../../../../', import.meta.url);
const schemaUrl = new URL(LAB_SCHEMA_FILE, repo);
const made = labJsonSchema();

// `npm run labs:schema` rewrites the file from the lab schema (then formats it).
if (process.env.UPDATE_LAB_SCHEMA)
	writeFileSync(schemaUrl, JSON.stringify(made, null, '\t') + '\n');

const folders = readdirSync(new URL('labs/', repo), { withFileTypes: true })
	.filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
	.map((d) => d.name);
const readLab = (folder: string) =>
	JSON.parse(readFileSync(new URL(`labs/${folder}/lab.json`, repo), 'utf8')) as Record<
		string,
		unknown
	>;
const validator = new Validator(made as never, '2020-12', false);
const errorsOf = (lab: unknown) =>
	validator
		.validate(lab)
		.errors.map((e) => `${e.instanceLocation}: ${e.error}`)
		.slice(-3);

describe('the JSON Schema editors read for lab.json', () => {
	it(`${LAB_SCHEMA_FILE} is the one the lab schema makes (else: npm run labs:schema)`, () => {
		expect(JSON.parse(readFileSync(schemaUrl, 'utf8'))).toEqual(made);
	});

	it.each(folders)('labs/%s/lab.json names it and is valid by it', (folder) => {
		const lab = readLab(folder);
		expect(lab.$schema).toBe(LAB_SCHEMA_REF);
		expect(errorsOf(lab)).toEqual([]);
	});

	// A lab that is valid by the JSON Schema may still fail the build's check (which says more),
	// but what an editor offers must not mislead: each of these is a mistake it flags.
	const base = readLab(folders[0]);
	const withGoal = (goal: unknown) => ({
		...base,
		steps: [{ id: 'one', checks: [{ id: 'a', goal }], solution: [{ do: 'startSession' }] }]
	});
	// Each mistake beside its correction, so a refusal is the mistake's and not the base's.
	it.each([
		[
			'a misspelt goal kind',
			withGoal({ registy: { name: 'x' } }),
			withGoal({ registry: { name: 'x' } })
		],
		[
			'a goal field its kind lacks',
			withGoal({ registry: { nmae: 'x' } }),
			withGoal({ registry: { name: 'x' } })
		],
		[
			'a stage no call has',
			withGoal({ call: { stage: 'pre-tool-use' } }),
			withGoal({ call: { stage: 'pre_tool_use' } })
		],
		[
			'a call state no call has',
			withGoal({ call: { state: 'done' } }),
			withGoal({ call: { state: 'completed' } })
		],
		[
			'a nested goal gone wrong',
			withGoal({ all: [{ sessionStarted: true }, { sesion: 1 }] }),
			withGoal({ all: [{ sessionStarted: true }, { any: [{ collision: true }] }] })
		],
		['a key no lab has', { ...base, stpes: [] }, { ...base, steps: base.steps }],
		[
			'an action no control plays',
			{ ...base, steps: [{ id: 'x', solution: [{ do: 'explode' }] }] },
			{ ...base, steps: [{ id: 'x', solution: [{ do: 'kill', server: 'a' }] }] }
		]
	])('refuses %s', (_, wrong, right) => {
		expect(validator.validate(wrong).valid).toBe(false);
		expect(errorsOf(right)).toEqual([]);
	});

	it('accepts a stage as the page shows it or as the call machine names it', () => {
		for (const stage of ['pre_tool_use', 'preToolUse', 'awaiting_approval', 'awaitingApproval'])
			expect(errorsOf(withGoal({ call: { stage, outcome: 'passed' } }))).toEqual([]);
	});
});
