import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { labSchema, type Lab } from '$lib/core/labs/lab-schema';
import { parseScenario } from '$lib/core/scenario/parse';
import type { LoggedAction } from '$lib/core/world/actions';
import { fakeStorage } from './fake-storage';
import {
	fingerprint,
	keepMoment,
	madeUnder,
	MOMENT_FORMAT,
	MOMENT_MAX_CHARS,
	readMoment,
	type Moment
} from './kept-moment';
import { momentKey, openingOf } from './moment-keeper';

const readLab = (id: string): Lab =>
	labSchema.parse(
		JSON.parse(readFileSync(new URL(`../../../labs/${id}/lab.json`, import.meta.url), 'utf8'))
	);
const lab01 = readLab('01-connection-isolation');
const lab07 = readLab('07-per-run-headers');
const KEY = momentKey(lab01.id);
const SHARE = 1;

const logged = (actions: LoggedAction['action'][]): LoggedAction[] =>
	actions.map((action, i) => ({ seq: i + 1, t: i * 10, during: null, action }));

function momentOf(lab: Lab, over: Partial<Moment> = {}): Moment {
	return {
		opening: '',
		labStep: 1,
		scenario: lab.scenario,
		actions: logged([{ do: 'startSession' }, { do: 'kill', server: 'filesystem' }]),
		at: 2,
		complete: true,
		steps: lab.steps.map((s, i) => ({
			met: s.checks.map(() => i === 0),
			prediction: i === 1 ? (s.predict?.options[0] ?? null) : null
		})),
		...over
	};
}

type Servers = { mcp_servers: Record<string, Record<string, unknown>> };
function edited(lab: Lab, change: (scenario: Servers) => void) {
	const copy = structuredClone(lab.scenario) as unknown as Servers;
	change(copy);
	const parsed = parseScenario(copy);
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	return parsed.scenario;
}

describe('keeping a moment', () => {
	it('writes the lab’s own world as the lab’s, not its text: its header values never reach storage', () => {
		const store = fakeStorage();
		const moment = momentOf(lab07, {
			labStep: 0,
			steps: lab07.steps.map((s) => ({ met: s.checks.map(() => false), prediction: null }))
		});
		keepMoment(store, lab07, moment);
		const raw = store.data.get(momentKey(lab07.id))!;
		expect(raw).not.toContain('kb-7f3a9c2e');
		expect(JSON.parse(raw).scenario).toBeNull();
		const read = readMoment(raw, lab07, SHARE);
		expect(read).toMatchObject({ ok: true, own: true, redacted: false });
		// Read back on the lab's scenario itself.
		expect(read.ok && read.shared.scenario).toBe(lab07.scenario);
	});

	it('redacts an edited world’s header and env values, and secret-named call arguments', () => {
		const store = fakeStorage();
		const scenario = edited(lab01, (s) => {
			s.mcp_servers.filesystem.env = { API_TOKEN: 'sk-own-env-1111' };
		});
		const actions = logged([
			{ do: 'startSession' },
			{
				do: 'callTools',
				calls: [
					{
						name: 'mcp__filesystem__read_file',
						arguments: { path: '/a', api_key: 'sk-typed-2222' }
					}
				]
			}
		]);
		keepMoment(store, lab01, momentOf(lab01, { scenario, actions }));
		const raw = store.data.get(KEY)!;
		expect(raw).not.toContain('sk-own-env-1111');
		expect(raw).not.toContain('sk-typed-2222');
		expect(raw).toContain('"API_TOKEN":"<redacted>"');
		expect(raw).toContain('"path":"/a"');
		expect(readMoment(raw, lab01, SHARE)).toMatchObject({ ok: true, own: false, redacted: true });
	});

	it('keeps the step, the position, each step’s ticks and answer', () => {
		const store = fakeStorage();
		keepMoment(store, lab01, momentOf(lab01, { at: 1 }));
		const read = readMoment(store.data.get(KEY)!, lab01, SHARE);
		expect(read.ok).toBe(true);
		if (!read.ok) return;
		expect(read.shared).toMatchObject({ v: SHARE, lab: lab01.id, labStep: 1, at: 1 });
		expect(read.shared.actions).toEqual(momentOf(lab01).actions);
		expect(read.steps[0].met.every(Boolean)).toBe(true);
		expect(read.steps[1].prediction).toBe(lab01.steps[1].predict!.options[0]);
	});

	it('keeps nothing of a world with a live server, or a log that stopped recording, and forgets the older moment', () => {
		for (const over of [
			{ complete: false },
			{
				scenario: edited(lab01, (s) => {
					s.mcp_servers.mine = {
						type: 'http',
						url: 'http://127.0.0.1:8765/mcp?key=abc',
						live: true
					};
				})
			}
		]) {
			const store = fakeStorage({ [KEY]: 'older' });
			keepMoment(store, lab01, momentOf(lab01, over));
			expect(store.data.has(KEY)).toBe(false);
		}
	});

	it('keeps nothing larger than its bound, measured before it is serialised', () => {
		const long = 'x'.repeat(MOMENT_MAX_CHARS);
		// Not a world the schema makes (it has no such field): only the bound is looked at.
		const scenario = { ...lab01.scenario, note: long } as Moment['scenario'];
		const actions = logged([
			{ do: 'startSession' },
			{
				do: 'callTools',
				calls: [{ name: 'mcp__filesystem__read_file', arguments: { path: long } }]
			}
		]);
		for (const over of [{ scenario }, { actions }]) {
			const store = fakeStorage({ [KEY]: 'older' });
			keepMoment(store, lab01, momentOf(lab01, over));
			expect(store.data.has(KEY)).toBe(false);
		}
	});

	it('survives storage that refuses: nothing is thrown, and no older moment stays in its place', () => {
		const store = fakeStorage({ [KEY]: 'older' }, ['set']);
		expect(() => keepMoment(store, lab01, momentOf(lab01))).not.toThrow();
		expect(store.data.has(KEY)).toBe(false);
		expect(() => keepMoment(null, lab01, momentOf(lab01))).not.toThrow();
	});
});

describe('reading a moment back', () => {
	const store = fakeStorage();
	keepMoment(store, lab01, momentOf(lab01));
	const raw = store.data.get(KEY)!;
	type Stored = {
		v: number;
		labStep: number;
		steps: { id: string; met: unknown[]; prediction: unknown }[];
	};
	const record = () => JSON.parse(raw) as Stored;
	const refused = (change: (r: Stored) => void, lab = lab01) => {
		const r = record();
		change(r);
		return readMoment(JSON.stringify(r), lab, SHARE).ok === false;
	};

	it('refuses another format, another lab, another version of the lab', () => {
		expect(readMoment(raw, lab01, SHARE).ok).toBe(true);
		expect(refused((r) => (r.v = MOMENT_FORMAT + 1))).toBe(true);
		expect(refused(() => {}, { ...lab01, id: 'another' })).toBe(true);
		// The lab's world changed under the moment.
		expect(
			refused(() => {}, { ...lab01, scenario: edited(lab01, (s) => delete s.mcp_servers.realtime) })
		).toBe(true);
		// Its steps changed: one more, or another id.
		expect(refused(() => {}, { ...lab01, steps: [...lab01.steps, lab01.steps[0]] })).toBe(true);
		expect(refused((r) => (r.steps[2].id = 'renamed'))).toBe(true);
		expect(readMoment('{not json', lab01, SHARE).ok).toBe(false);
		expect(readMoment('null', lab01, SHARE).ok).toBe(false);
	});

	it('refuses what storage could hold but the lab could not: an answer not offered, a step it lacks, ticks of another length', () => {
		expect(refused((r) => (r.steps[1].prediction = '<img src=x onerror=alert(1)>'))).toBe(true);
		expect(refused((r) => (r.steps[0].prediction = 'still-connected'))).toBe(true);
		expect(refused((r) => (r.labStep = lab01.steps.length))).toBe(true);
		expect(refused((r) => (r.labStep = -1))).toBe(true);
		expect(refused((r) => r.steps[0].met.push(true))).toBe(true);
		expect(refused((r) => (r.steps[0].met[0] = 'yes'))).toBe(true);
	});

	it('opens on an address that opens nothing, or on the opening it was made under only', () => {
		const opening = openingOf(3, null);
		const s = fakeStorage();
		keepMoment(s, lab01, momentOf(lab01, { opening }));
		const made = s.data.get(KEY)!;
		expect(madeUnder(made, '')).toBe(true);
		expect(madeUnder(made, opening)).toBe(true);
		expect(madeUnder(made, openingOf(2, null))).toBe(false);
		expect(madeUnder(made, openingOf(0, '1.abc'))).toBe(false);
		expect(madeUnder(raw, opening)).toBe(false);
		expect(openingOf(0, null)).toBe('');
		expect(fingerprint('a')).not.toBe(fingerprint('b'));
	});
});
