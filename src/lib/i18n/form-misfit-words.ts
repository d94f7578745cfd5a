import type { MisfitRule } from '$lib/core/world/form-misfit';
import { m } from '$lib/paraglide/messages';

type Words = (p: { field: string; limit: string }) => string;

const TYPES: Record<string, Words> = {
	integer: m.misfit_type_integer,
	number: m.misfit_type_number,
	string: m.misfit_type_string,
	boolean: m.misfit_type_boolean,
	array: m.misfit_type_array
};

const RULES: Record<Exclude<MisfitRule, 'type'>, Words> = {
	required: m.misfit_required,
	minimum: m.misfit_minimum,
	maximum: m.misfit_maximum,
	exclusiveMinimum: m.misfit_exclusive_minimum,
	exclusiveMaximum: m.misfit_exclusive_maximum,
	minLength: m.misfit_min_length,
	maxLength: m.misfit_max_length,
	minItems: m.misfit_min_items,
	maxItems: m.misfit_max_items,
	choice: m.misfit_choice,
	format: m.misfit_format,
	pattern: m.misfit_pattern,
	other: (p) => (p.field ? m.misfit_other(p) : p.limit)
};

/** Chinese, where no space separates words: the templates space a field name, which is Latin. */
const CJK = /[\u3400-\u9fff]/;

function words(rule: string, field: string, limit: string): string | null {
	const whole = m.misfit_whole_answer();
	const p = { field: field || whole, limit };
	let text: string;
	if (rule === 'type') text = (TYPES[limit] ?? m.misfit_type_other)(p);
	else if (!Object.hasOwn(RULES, rule)) return null;
	else
		text = RULES[rule as keyof typeof RULES]({ ...p, field: rule === 'other' ? field : p.field });
	// "回答必须是对象。", not "回答 必须是对象。": the answer as a whole is named in the page's words.
	return field || !CJK.test(whole) ? text : text.replace(new RegExp(` ?${whole} ?`), whole);
}

/**
 * A refused form answer's problems in the page's language, from the rule, field and limit the
 * refusal carries for each (core/world/form-misfit.ts); the English `detail` when it carries
 * none (a record from before they were carried) or a rule this page has no words for.
 */
export function misfitText(p: Record<string, string | undefined>): string {
	const said: string[] = [];
	for (let n = 1; p[`rule${n}`] !== undefined; n++) {
		const text = words(p[`rule${n}`]!, p[`field${n}`] ?? '', p[`limit${n}`] ?? '');
		if (text === null) return p.detail ?? '';
		said.push(text);
	}
	// A Chinese full stop is followed by no space.
	const joined = said.reduce(
		(all, text) => (all && !all.endsWith('。') ? `${all} ${text}` : all + text),
		''
	);
	return said.length ? joined : (p.detail ?? '');
}
