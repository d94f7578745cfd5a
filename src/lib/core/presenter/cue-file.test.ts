import { describe, expect, it } from 'vitest';
import { labSchema, type Lab } from '../labs/lab-schema';
import { isolationScenario } from '../world/test-world';
import { chineseErrors, parseCueFile } from './cue-file';
import { cueFileJson, type Cue } from './cues';

const lab: Lab = labSchema.parse({
	id: '01-demo',
	order: 1,
	scenario: isolationScenario,
	steps: [
		{ id: 'first', solution: [{ do: 'reconnectAll' }] },
		{ id: 'second', solution: [{ do: 'reconnectAll' }] }
	]
});

describe('a cue file', () => {
	const own: Cue[] = [
		{
			id: 'rec-1',
			actions: [
				{ do: 'call', tool: 'mcp__a__login', arguments: { user: 'ada', api_key: 'sk-live' } }
			],
			pause: true,
			note: 'Log in first.'
		},
		{ id: 'rec-2', step: 'second', actions: [{ do: 'reconnectAll' }], pause: false }
	];

	it('loads back what was saved, with secret-named arguments masked', () => {
		const text = cueFileJson(lab.id, own);
		expect(text).not.toContain('sk-live');
		const loaded = parseCueFile(text, lab);
		expect(loaded).toEqual({
			ok: true,
			cues: [
				{
					...own[0],
					actions: [
						{ do: 'call', tool: 'mcp__a__login', arguments: { user: 'ada', api_key: '***' } }
					]
				},
				own[1]
			]
		});
	});

	it('names the JSON path of the first problem', () => {
		const file = JSON.parse(cueFileJson(lab.id, own));
		file.cues[1].actions[0] = { do: 'explode' };
		const result = parseCueFile(JSON.stringify(file), lab);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.path).toBe('cues[1].actions[0].do');
	});

	it('is refused when it is not JSON, another format, another lab, or names a missing step', () => {
		expect(parseCueFile('{oops', lab)).toMatchObject({ ok: false, path: '', kind: 'notJson' });
		expect(parseCueFile(JSON.stringify({ format: 'other' }), lab)).toMatchObject({
			ok: false,
			path: 'format'
		});
		expect(parseCueFile(cueFileJson('02-naming', own), lab)).toEqual({
			ok: false,
			path: 'lab',
			message: 'This cue list was made for 02-naming, not 01-demo.',
			kind: 'wrongLab',
			made: '02-naming'
		});
		// Another lab's list is said as such even when its cues would not fit this lab anyway.
		const empty = JSON.parse(cueFileJson('02-naming', own));
		empty.cues = [];
		expect(parseCueFile(JSON.stringify(empty), lab)).toMatchObject({ kind: 'wrongLab' });
		expect(parseCueFile(cueFileJson(lab.id, [{ ...own[1], step: 'third' }]), lab)).toEqual({
			ok: false,
			path: 'cues[0].step',
			message: 'There is no step third in this lab.'
		});
	});

	it("words the validator's own messages in the page's language when given its error map", () => {
		const bad = JSON.parse(cueFileJson(lab.id, own));
		bad.cues[0].actions[0].tool = 7;
		const english = parseCueFile(JSON.stringify(bad), lab);
		const chinese = parseCueFile(JSON.stringify(bad), lab, { error: chineseErrors() });
		expect(english).toMatchObject({
			ok: false,
			message: expect.stringContaining('expected string')
		});
		expect(chinese).toMatchObject({ ok: false, path: (english as { path: string }).path });
		// The lab's Chinese words, as the world editor's: every type word in Chinese.
		expect((chinese as { message: string }).message).toBe('无效输入：期望字符串，实际接收数字');
	});

	it('refuses an empty list and unknown keys', () => {
		const empty = JSON.parse(cueFileJson(lab.id, own));
		empty.cues = [];
		expect(parseCueFile(JSON.stringify(empty), lab)).toMatchObject({ ok: false, path: 'cues' });
		const extra = JSON.parse(cueFileJson(lab.id, own));
		extra.cues[0].script = 'alert(1)';
		expect(parseCueFile(JSON.stringify(extra), lab)).toMatchObject({ ok: false, path: 'cues[0]' });
	});
});
