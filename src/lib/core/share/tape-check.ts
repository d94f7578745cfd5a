import { z } from 'zod';
import { formatPath } from '../scenario/parse';
import { MESSAGE_SHOWN, PATH_SHOWN } from '../scenario/problems';
import { scenarioSchema } from '../scenario/schema';
import { firstIssue } from '../scenario/schema-meant';
import { clipped } from '../text/bound';
import { chineseError } from '../text/zod-chinese';
import { loggedActionSchema } from '../world/action-log-schema';

/**
 * What a share link and a log file hold, checked with zod on the way back in. A module of its
 * own, imported on demand (share-link.ts, log-file.ts): these are the scenario schemas, and a
 * page that only makes links and downloads never loads them. It imports none of the share
 * code, so loading it brings nothing else along; the first problem comes back as its path and
 * zod's words, for the reader to make its refusal.
 */
const MAX_ACTIONS = 50_000;

/**
 * `detail_zh`: zod's words in Chinese, for a Chinese page (zod's own words; the lab's stay
 * English). `meant`: the key or word most likely meant, for a hand-edited log's typo.
 */
export type Checked<T> = { ok: true; data: T } | { ok: false; problem: SchemaProblem };

/** Where a link or log breaks its schema, as its refusal (refusals.ts) takes it. */
export interface SchemaProblem {
	path: string;
	detail: string;
	/** Always here from the check; a refusal made by hand (a test) may leave it out. */
	detail_zh?: string;
	meant?: string;
}

function check<T>(schema: z.ZodType<T>, data: unknown): Checked<T> {
	const parsed = schema.safeParse(data);
	if (parsed.success) return { ok: true, data: parsed.data };
	const { issues } = parsed.error;
	const { issue, meant } = firstIssue(issues, schema, data);
	// Parsed again, in Chinese, only when it failed. The problem is the same one (the schema and
	// the data are), so the issues come in the same order.
	const zh = schema.safeParse(data, { error: chineseError });
	const detail_zh = zh.success ? issue.message : zh.error.issues[issues.indexOf(issue)].message;
	// Only said, never gone to: bounded here (a link's names may be megabytes; zod quotes keys).
	const problem: SchemaProblem = {
		path: clipped(formatPath(issue.path), PATH_SHOWN),
		detail: clipped(issue.message, MESSAGE_SHOWN),
		detail_zh: clipped(detail_zh, MESSAGE_SHOWN)
	};
	if (meant) problem.meant = meant;
	return { ok: false, problem };
}

/** `format`: share-link.ts's SHARE_FORMAT, passed in (importing it would load the share code). */
export const checkSharedWorld = (data: unknown, format: number) =>
	check(
		z.strictObject({
			v: z.literal(format),
			lab: z.string().max(200).nullable(),
			labStep: z.number().int().min(0),
			scenario: scenarioSchema,
			actions: z.array(loggedActionSchema).max(MAX_ACTIONS),
			at: z.number().int().min(0)
		}),
		data
	);

export const checkLogFile = (data: unknown) =>
	check(
		z.strictObject({
			scenario: scenarioSchema,
			actions: z.array(loggedActionSchema).max(MAX_ACTIONS)
		}),
		data
	);
