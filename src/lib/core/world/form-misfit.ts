import type { OutputUnit } from '@cfworker/json-schema';
import { leafErrors } from '../validation/leaf-errors';

/**
 * What is wrong with a form answer, field by field, in plain words ("people must be a whole
 * number") rather than the validator's ("Instance type "number" is invalid. Expected
 * "integer"."): the person filling the form never saw the schema. Each problem travels as a rule,
 * a field and a limit, so the page can say it in its own language (i18n/form-misfit-words.ts);
 * a keyword with no plain words here keeps the validator's sentence as its limit.
 */
export const MISFIT_RULES = [
	'required',
	'type',
	'minimum',
	'maximum',
	'exclusiveMinimum',
	'exclusiveMaximum',
	'minLength',
	'maxLength',
	'minItems',
	'maxItems',
	'choice',
	'format',
	'pattern',
	'other'
] as const;
export type MisfitRule = (typeof MISFIT_RULES)[number];

export interface MisfitIssue {
	rule: MisfitRule;
	/** The form field (a top-level property name), '' for the answer as a whole. */
	field: string;
	/** The schema's bound (1, "integer", "email"); for `other`, the validator's sentence. */
	limit: string;
}

/** At most this many problems are named: a form with twenty wrong fields needs no list of twenty. */
export const MISFIT_SHOWN = 3;

const CHOICE = new Set(['enum', 'const', 'oneOf', 'anyOf']);
const TYPE_WORDS: Record<string, string> = {
	integer: 'a whole number',
	number: 'a number',
	string: 'text',
	boolean: 'true or false',
	array: 'a list'
};

/** The parts of a JSON pointer (`#/properties/a~1b` → properties, a/b), unescaped. */
const parts = (pointer: string) =>
	pointer
		.replace(/^#\/?/, '')
		.split('/')
		.map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The value a JSON pointer (`#/properties/people/minimum`) names in the schema. */
function at(schema: unknown, pointer: string): unknown {
	let here = schema;
	for (const key of parts(pointer)) {
		if (key === '') continue;
		if (typeof here !== 'object' || here === null || !Object.hasOwn(here, key)) return undefined;
		here = (here as Record<string, unknown>)[key];
	}
	return here;
}

/** The top-level field an instance location lies in (`#/multi/0` → `multi`). */
const fieldOf = (location: string): string => parts(location)[0] ?? '';

/** The required fields the answer lacks, in the schema's order. */
function missing(schema: unknown, content: Record<string, unknown>): string[] {
	const required = at(schema, '#/required');
	return Array.isArray(required)
		? required.filter((k): k is string => typeof k === 'string' && !Object.hasOwn(content, k))
		: [];
}

function issueOf(schema: unknown, e: OutputUnit): MisfitIssue {
	const field = fieldOf(e.instanceLocation);
	if (CHOICE.has(e.keyword)) return { rule: 'choice', field, limit: '' };
	const value = at(schema, e.keywordLocation);
	const limit = Array.isArray(value) ? value.join(', ') : String(value ?? '');
	if (e.keyword === 'type' || e.keyword === 'format' || e.keyword === 'pattern')
		return { rule: e.keyword, field, limit };
	if ((MISFIT_RULES as readonly string[]).includes(e.keyword) && typeof value === 'number')
		return { rule: e.keyword as MisfitRule, field, limit };
	return { rule: 'other', field, limit: e.error };
}

/** One problem per field (its first), required fields first, at most MISFIT_SHOWN. */
export function misfitIssues(
	schema: unknown,
	content: Record<string, unknown>,
	errors: readonly OutputUnit[]
): MisfitIssue[] {
	const issues: MisfitIssue[] = missing(schema, content).map((field) => ({
		rule: 'required',
		field,
		limit: ''
	}));
	const named = new Set(issues.map((i) => i.field));
	for (const e of leafErrors(errors)) {
		if (e.keyword === 'required') continue;
		const issue = issueOf(schema, e);
		if (named.has(issue.field)) continue;
		named.add(issue.field);
		issues.push(issue);
	}
	// A schema whose only failure this does not follow (a nested `required`) still says something.
	if (!issues.length && errors.length)
		issues.push({ rule: 'other', field: '', limit: errors[0].error });
	return issues.slice(0, MISFIT_SHOWN);
}

/** One problem in English: the refusal's message, what the console and the embed API carry. */
export function misfitEnglish({ rule, field, limit }: MisfitIssue): string {
	const name = field || 'The answer';
	switch (rule) {
		case 'required':
			return `${name} is required.`;
		case 'type':
			return `${name} must be ${TYPE_WORDS[limit] ?? `of type ${limit}`}.`;
		case 'minimum':
			return `${name} must be at least ${limit}.`;
		case 'maximum':
			return `${name} must be at most ${limit}.`;
		case 'exclusiveMinimum':
			return `${name} must be more than ${limit}.`;
		case 'exclusiveMaximum':
			return `${name} must be less than ${limit}.`;
		case 'minLength':
			return `${name} needs at least ${limit} characters.`;
		case 'maxLength':
			return `${name} takes at most ${limit} characters.`;
		case 'minItems':
			return `${name} needs at least ${limit} choices.`;
		case 'maxItems':
			return `${name} takes at most ${limit} choices.`;
		case 'choice':
			return `${name} must be one of the offered choices.`;
		case 'format':
			return `${name} is not a valid ${limit}.`;
		case 'pattern':
			return `${name} does not match the pattern ${limit}.`;
		default:
			return field ? `${field}: ${limit}` : limit;
	}
}

/**
 * The refusal's values: the English words as `detail`, and each problem as `rule<n>`,
 * `field<n>` and `limit<n>` (n from 1) for the page to word itself.
 */
export function misfitParams(
	issues: readonly MisfitIssue[]
): { detail: string } & Record<string, string> {
	const params: { detail: string } & Record<string, string> = {
		detail: issues.map(misfitEnglish).join(' ')
	};
	issues.forEach((issue, i) => {
		params[`rule${i + 1}`] = issue.rule;
		params[`field${i + 1}`] = issue.field;
		params[`limit${i + 1}`] = issue.limit;
	});
	return params;
}
