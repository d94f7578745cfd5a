import { z } from 'zod';
// Imports kept to what is not in the lab page's start-up code (see cue-format.ts): neither
// scenario/parse's formatPath nor zod's toDotPath, which would stay in the page's shared chunk.
import { cueProblems, cueSchema } from '../labs/action-schema';
import type { Lab } from '../labs/lab-schema';
import { CUE_FILE_FORMAT, MAX_NOTE } from './cue-format';
import type { Cue } from './cues';

/** `['cues', 1, 'do']` → `cues[1].do`, as scenario errors write paths. */
const formatPath = (path: readonly PropertyKey[]) =>
	path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i ? '.' : ''}${String(k)}`)).join('');

/** A saved cue list (`cueFileJson`) coming back: checked with the lab's own action schema. */
const cueFileSchema = z.strictObject({
	format: z.literal(CUE_FILE_FORMAT),
	version: z.literal(1),
	lab: z.string(),
	cues: z
		.array(cueSchema.extend({ note: z.string().max(MAX_NOTE).optional() }))
		.min(1)
		.max(500)
});

export type CueFileResult =
	| { ok: true; cues: Cue[] }
	/** `path` is the JSON path of the first problem ('' for the file as a whole). */
	| { ok: false; path: string; message: string };

/** A cue file, checked against this lab: its id, its steps, and every action's shape. */
export function parseCueFile(text: string, lab: Lab): CueFileResult {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		return { ok: false, path: '', message: error instanceof Error ? error.message : String(error) };
	}
	const parsed = cueFileSchema.safeParse(data);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		return { ok: false, path: formatPath(issue.path), message: issue.message };
	}
	if (parsed.data.lab !== lab.id)
		return {
			ok: false,
			path: 'lab',
			message: `This cue list was made for ${parsed.data.lab}, not ${lab.id}.`
		};
	const problem = cueProblems(
		parsed.data.cues,
		lab.steps.map((s) => s.id)
	)[0];
	if (problem)
		return { ok: false, path: formatPath(['cues', ...problem.path]), message: problem.message };
	return { ok: true, cues: parsed.data.cues };
}
