import { z } from 'zod';
// Imports kept to what is not in the lab page's start-up code (see cue-format.ts): neither
// scenario/parse's formatPath nor zod's toDotPath, which would stay in the page's shared chunk.
import { cueProblems, cueSchema } from '../labs/action-schema';
import type { Lab } from '../labs/lab-schema';
import { chineseError } from '../text/zod-chinese';
import { CUE_FILE_FORMAT, MAX_NOTE } from './cue-format';
import type { Cue } from './cues';

/** zod's own messages in Chinese, for a Chinese page (this module loads only with a cue file). */
export const chineseErrors = () => chineseError;

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
	/**
	 * `path` is the JSON path of the first problem ('' for the file as a whole); `kind` names the
	 * two problems the page words itself (the message is then English, for logs and tests).
	 */
	| {
			ok: false;
			path: string;
			message: string;
			kind?: 'notJson' | 'wrongLab';
			made?: string;
	  };

/**
 * A cue file, checked against this lab: its id, its steps, and every action's shape. `error`:
 * the validator's words for its own messages (zod's Chinese ones on a Chinese page).
 */
export function parseCueFile(
	text: string,
	lab: Lab,
	{ error }: { error?: z.core.$ZodErrorMap } = {}
): CueFileResult {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		return { ok: false, path: '', message, kind: 'notJson' };
	}
	// Another lab's list is said as such, before its cues are checked against this lab's steps.
	const made = (data as { lab?: unknown } | null)?.lab;
	if (typeof made === 'string' && made !== lab.id)
		return {
			ok: false,
			path: 'lab',
			message: `This cue list was made for ${made}, not ${lab.id}.`,
			kind: 'wrongLab',
			made
		};
	const parsed = cueFileSchema.safeParse(data, error ? { error } : undefined);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		return { ok: false, path: formatPath(issue.path), message: issue.message };
	}
	const problem = cueProblems(
		parsed.data.cues,
		lab.steps.map((s) => s.id)
	)[0];
	if (problem)
		return { ok: false, path: formatPath(['cues', ...problem.path]), message: problem.message };
	return { ok: true, cues: parsed.data.cues };
}
