import { DEFAULT_PANELS, type PanelName } from '../embed/protocol';
import { formatPath, parseScenario } from '../scenario/parse';
import { mergeServers } from '../scenario/plugins';
import { scenarioSchema } from '../scenario/schema';
import { meantText, meantWord } from '../scenario/schema-meant';
import { labSchema, type Goal, type Lab, type LabAction } from './lab-schema';
import { parseInline, parseLabText, type Block, type Inline, type LabText } from './lab-text';
import { labTextLint } from './lab-text-lint';
import { isPanelTarget, PANEL_TARGETS } from './panel-targets';
import { scenarioSchemaProblems } from './schema-lint';
import { SERVER_STATES } from './goal-words';

/**
 * Everything the build can tell a lab author before a learner meets a broken page: lab.json
 * against its schema (every problem, each with its JSON path), then what the schema cannot see
 * (the folder, ids that must match across files, the servers goals name, the scenarios a
 * solution sets, typos in its tools' JSON Schemas, the panels a solution needs, both
 * languages' narration). `labs.ts` refuses to
 * build with any of them; `labs/labs.test.ts` reports them lab by lab.
 */

export const LAB_LOCALES = ['en', 'zh-CN'] as const;

export interface LabProblem {
	/** The lab's file the problem is in: `lab.json`, `en.md`, `zh-CN.md`. */
	file: string;
	/** JSON path in lab.json, or the section of a narration file; `` for the whole file. */
	path: string;
	message: string;
}

export interface CheckedLab {
	lab: Lab;
	text: Record<string, LabText>;
}

/**
 * The panel a learner's control for each action is on (Workspace.svelte: the harness controls come
 * with the servers, the call form, its answers and a profile's own panel with the pipeline);
 * `predict` is the narration's own.
 */
export const PANEL_OF: Partial<Record<LabAction['do'], PanelName>> = {
	startSession: 'servers',
	closeSession: 'servers',
	reconnectAll: 'servers',
	setPermissionMode: 'servers',
	restartHarness: 'servers',
	call: 'pipeline',
	answer: 'pipeline',
	cancel: 'pipeline',
	reconcile: 'pipeline',
	profile: 'pipeline',
	kill: 'servers',
	restart: 'servers',
	hang: 'servers',
	setScenario: 'editor',
	wireStep: 'messages',
	answerSampling: 'host',
	answerElicitation: 'host',
	setRoots: 'host',
	listResources: 'protocol',
	listResourceTemplates: 'protocol',
	listPrompts: 'protocol',
	readResource: 'protocol',
	getPrompt: 'protocol'
};

/** Actions no control on the page performs: a cue may use them, a learner's solution may not. */
const NO_CONTROL: ReadonlySet<string> = new Set(['connectAll']);

const KNOWN_SCENARIO_KEYS = new Set(Object.keys(scenarioSchema.shape));

/** `json` is lab.json's text; `narrations` each locale's markdown (undefined: the file is missing). */
export function checkLab(
	folder: string,
	json: string | undefined,
	narrations: Partial<Record<string, string>>
): { checked: CheckedLab | null; problems: LabProblem[] } {
	const problems: LabProblem[] = [];
	// Said whatever lab.json holds: a missing translation is never hidden behind another problem.
	for (const locale of LAB_LOCALES)
		if (narrations[locale] === undefined)
			problems.push({
				file: `${locale}.md`,
				path: '',
				message: `${locale}.md is missing: every lab is narrated in ${LAB_LOCALES.join(' and ')}.`
			});
	const inJson = (path: string, message: string) =>
		problems.push({ file: 'lab.json', path, message });
	if (json === undefined) {
		inJson('', 'lab.json is missing.');
		return { checked: null, problems };
	}
	if (json.startsWith('\uFEFF')) {
		// JSON.parse's own message quotes the invisible character itself ("Unexpected token '…'").
		inJson(
			'',
			'lab.json starts with a byte order mark (U+FEFF), which editors do not show and JSON does not allow: save it as UTF-8 without BOM.'
		);
		return { checked: null, problems };
	}
	let raw: unknown;
	try {
		raw = JSON.parse(json);
	} catch (error) {
		inJson('', `Not JSON: ${jsonErrorAt(json, error)}`);
		return { checked: null, problems };
	}
	const parsed = labSchema.safeParse(raw);
	if (!parsed.success) {
		for (const issue of parsed.error.issues)
			inJson(formatPath(issue.path), issue.message + meantText(meantWord(issue, labSchema, raw)));
		return { checked: null, problems };
	}
	const lab = parsed.data;
	if (lab.id !== folder)
		inJson('id', `The id is "${lab.id}" but the folder is "${folder}": they must be the same.`);
	scenarioProblems(lab, inJson);
	goalServerProblems(lab, inJson);
	actionServerProblems(lab, inJson);
	serverStateProblems(lab, inJson);
	panelProblems(lab, inJson);
	questionProblems(lab, inJson);

	const text: Record<string, LabText> = {};
	for (const locale of LAB_LOCALES) {
		const source = narrations[locale];
		const file = `${locale}.md`;
		if (source === undefined) continue;
		for (const { line, message } of labTextLint(source))
			problems.push({ file, path: `line ${line}`, message });
		text[locale] = parseLabText(source);
		for (const [path, message] of narrationProblems(lab, text[locale]))
			problems.push({ file, path, message });
		if (locale === 'zh-CN')
			for (const [path, message] of untranslated(text[locale]))
				problems.push({ file, path, message });
	}
	return { checked: problems.length ? null : { lab, text }, problems };
}

/** One line per problem, as the build and the tests print them. */
export function formatLabProblems(folder: string, problems: readonly LabProblem[]): string {
	return problems
		.map((p) => `labs/${folder}/${p.file}: ${p.path ? `${p.path}: ` : ''}${p.message}`)
		.join('\n');
}

/** Where a JSON syntax error is, as line and column (V8 gives a position). */
function jsonErrorAt(text: string, error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	const position = /at position (\d+)/.exec(message);
	if (!position) return message;
	const before = text.slice(0, Number(position[1])).split('\n');
	const where = `line ${before.length}, column ${before.at(-1)!.length + 1}`;
	return `${message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ at position \d+/, '')} at ${where}.`;
}

/** Each scenario a lab runs: its own, and those its solutions and cues set, with their paths. */
function scenariosOf(lab: Lab): Array<{ path: string; scenario: Record<string, unknown> }> {
	const out = [{ path: 'scenario', scenario: lab.scenario as Record<string, unknown> }];
	lab.steps.forEach((step, i) =>
		step.solution.forEach((action, j) => {
			if (action.do === 'setScenario')
				out.push({ path: `steps[${i}].solution[${j}].scenario`, scenario: action.scenario });
		})
	);
	(lab.cues ?? []).forEach((cue, i) =>
		cue.actions.forEach((action, j) => {
			if (action.do === 'setScenario')
				out.push({ path: `cues[${i}].actions[${j}].scenario`, scenario: action.scenario });
		})
	);
	return out;
}

/**
 * A scenario keeps keys it does not know (an OpenHarness settings file has more), but in a lab a
 * key the lab does not know is a typo that silently drops a setting.
 */
function scenarioProblems(lab: Lab, report: (path: string, message: string) => void) {
	for (const { path, scenario } of scenariosOf(lab)) {
		if (path !== 'scenario') {
			const parsed = parseScenario(scenario);
			if (!parsed.ok)
				for (const problem of parsed.problems)
					report(problem.path ? `${path}.${problem.path}` : path, problem.message);
		}
		for (const problem of scenarioSchemaProblems(scenario, path))
			report(problem.path, problem.message);
		for (const key of Object.keys(scenario))
			if (!KNOWN_SCENARIO_KEYS.has(key))
				report(
					`${path}.${key}`,
					`A scenario has no "${key}": one of ${[...KNOWN_SCENARIO_KEYS].join(', ')}.`
				);
	}
}

/** Every server a lab's worlds have (OpenHarness's merge: an enabled plugin's as `<plugin>:<name>`). */
function serverNames(lab: Lab): Set<string> {
	const names = new Set<string>();
	for (const { scenario } of scenariosOf(lab)) {
		const parsed = parseScenario(scenario);
		if (!parsed.ok) continue;
		for (const server of mergeServers(parsed.scenario).servers) names.add(server.name);
	}
	return names;
}

/** Each goal in a goal, itself included, with its path below it (`.all[1]`). */
function eachGoal(goal: Goal, path = ''): Array<[Goal, string]> {
	if ('all' in goal)
		return [[goal, path], ...goal.all.flatMap((g, i) => eachGoal(g, `${path}.all[${i}]`))];
	if ('any' in goal)
		return [[goal, path], ...goal.any.flatMap((g, i) => eachGoal(g, `${path}.any[${i}]`))];
	if ('not' in goal) return [[goal, path], ...eachGoal(goal.not, `${path}.not`)];
	return [[goal, path]];
}

/** Each check's and hint's goal, with its path in lab.json (`steps[0].hints[1].goal`). */
function stepGoals(lab: Lab): Array<[Goal, string]> {
	return lab.steps.flatMap((step, i) =>
		(['checks', 'hints'] as const).flatMap((kind) =>
			(step[kind] ?? []).map((item, j): [Goal, string] => [
				item.goal,
				`steps[${i}].${kind}[${j}].goal`
			])
		)
	);
}

/**
 * The server one goal names, wherever its kind keeps it (a composite's parts are goals of their
 * own, see eachGoal). A registry entry or a call with server "" is a harness built-in's or a
 * plugin tool's, which belong to no server.
 */
function namedServers(goal: Goal): string[] {
	if ('all' in goal || 'any' in goal || 'not' in goal) return [];
	const inner = Object.values(goal)[0];
	const noServer = 'registry' in goal || 'call' in goal;
	const named = [
		'server' in goal ? goal.server : undefined,
		inner && typeof inner === 'object' && 'server' in inner ? inner.server : undefined
	];
	return named.filter((s): s is string => typeof s === 'string' && !(noServer && s === ''));
}

const noSuchServer = (server: string, names: ReadonlySet<string>) =>
	`No scenario of this lab has a server "${server}": ${[...names].join(', ') || 'it has none'}.`;

function goalServerProblems(lab: Lab, report: (path: string, message: string) => void) {
	const names = serverNames(lab);
	for (const [goal, path] of stepGoals(lab)) {
		// Once per server: `all` often names it twice (a command on it, and how it stands).
		const servers = new Set(eachGoal(goal).flatMap(([part]) => namedServers(part)));
		for (const server of servers) if (!names.has(server)) report(path, noSuchServer(server, names));
	}
}

/**
 * A solution's or a cue's action on a server (kill, hang, a resources request…) names one of the
 * lab's servers: else the world refuses it, and the tests only say the world "lacks" it.
 */
function actionServerProblems(lab: Lab, report: (path: string, message: string) => void) {
	const names = serverNames(lab);
	const check = (action: LabAction, at: string) => {
		if ('server' in action && !names.has(action.server))
			report(`${at}.server`, noSuchServer(action.server, names));
	};
	lab.steps.forEach((step, i) =>
		step.solution.forEach((action, j) => check(action, `steps[${i}].solution[${j}]`))
	);
	(lab.cues ?? []).forEach((cue, i) =>
		cue.actions.forEach((action, j) => check(action, `cues[${i}].actions[${j}]`))
	);
}

/**
 * A `server` goal's state is the profile's own word (the schema knows every profile's): one no
 * profile of this lab's scenarios says, such as OpenHarness's `connected` under MiniHarness
 * (`initialized`), is a goal never met.
 */
function serverStateProblems(lab: Lab, report: (path: string, message: string) => void) {
	const profiles = [
		...new Set(
			scenariosOf(lab).map(({ scenario }) => {
				const profile = scenario.profile;
				return typeof profile === 'string' && profile in SERVER_STATES
					? (profile as keyof typeof SERVER_STATES)
					: 'openharness';
			})
		)
	];
	const words = [...new Set(profiles.flatMap((p) => SERVER_STATES[p]))];
	for (const [top, at] of stepGoals(lab))
		for (const [goal, path] of eachGoal(top))
			if ('server' in goal && 'state' in goal && goal.state && !words.includes(goal.state))
				report(
					`${at}${path}.state`,
					`No server is "${goal.state}" under ${profiles.join(' or ')}: a server's state is one of ${words.join(', ')}.`
				);
}

function panelProblems(lab: Lab, report: (path: string, message: string) => void) {
	const shown = new Set<string>(lab.panels ?? DEFAULT_PANELS);
	lab.steps.forEach((step, i) => {
		const hidden = new Set<string>(step.hideUntilAnswered);
		const hiddenWholeStep = new Set<string>(step.hideForNextQuestion);
		hiddenPanelProblems(step, shown, (path, message) => report(`steps[${i}]${path}`, message));
		nextQuestionProblems(lab, i, (path, message) => report(`steps[${i}]${path}`, message));
		let answered = false;
		step.solution.forEach((action, j) => {
			const at = `steps[${i}].solution[${j}]`;
			if (NO_CONTROL.has(action.do))
				report(at, `No control on the page does ${action.do}: a learner cannot play this step.`);
			const panel = PANEL_OF[action.do];
			if (panel && !shown.has(panel))
				report(
					at,
					`${action.do} is done on the ${panel} panel, which this lab does not show (panels).`
				);
			else if (panel && hiddenWholeStep.has(panel))
				report(
					at,
					`${action.do} is done on the ${panel} panel, which stays hidden for the whole step (hideForNextQuestion).`
				);
			else if (panel && hidden.has(panel) && !answered)
				report(
					at,
					`${action.do} is done on the ${panel} panel, which stays hidden until the question is answered: predict first.`
				);
			answered ||= action.do === 'predict';
		});
	});
}

/** A step's hidden panels: shown by this lab, each once, and only with a question to answer. */
function hiddenPanelProblems(
	step: Lab['steps'][number],
	shown: ReadonlySet<string>,
	report: (path: string, message: string) => void
) {
	const hidden = step.hideUntilAnswered ?? [];
	if (hidden.length && !step.predict)
		report(
			'.hideUntilAnswered',
			'Only a step with a question (predict) can hide panels until it is answered.'
		);
	hidden.forEach((panel, k) => {
		if (!shown.has(panel))
			report(`.hideUntilAnswered[${k}]`, `This lab does not show the ${panel} panel (panels).`);
		else if (hidden.indexOf(panel) !== k)
			report(`.hideUntilAnswered[${k}]`, `The ${panel} panel is already listed.`);
	});
}

/**
 * A step with a question checks its answer first: nothing done before the answer counts for a
 * check then (progress.ts earlyChecks), which it could have otherwise.
 */
function questionProblems(lab: Lab, report: (path: string, message: string) => void) {
	lab.steps.forEach((step, i) => {
		const goal = step.checks[0]?.goal as Record<string, unknown> | undefined;
		if (step.predict && !(goal && Object.keys(goal).join() === 'predicted' && goal.predicted))
			report(
				`steps[${i}].checks[0]`,
				'A step with a question checks it first: { "predicted": true }.'
			);
	});
}

/**
 * A step's panels covered for the next question: each once, in the next step's
 * `hideUntilAnswered` (which uncovers it), and not also covered for this step's own question.
 */
function nextQuestionProblems(
	lab: Lab,
	i: number,
	report: (path: string, message: string) => void
) {
	const hidden = lab.steps[i].hideForNextQuestion ?? [];
	const next = lab.steps[i + 1]?.hideUntilAnswered ?? [];
	hidden.forEach((panel, k) => {
		const at = `.hideForNextQuestion[${k}]`;
		if (hidden.indexOf(panel) !== k) report(at, `The ${panel} panel is already listed.`);
		else if (lab.steps[i].hideUntilAnswered?.includes(panel))
			report(at, `The ${panel} panel is also in hideUntilAnswered: list it here only.`);
		else if (!next.includes(panel))
			report(
				at,
				`The next step's question does not cover the ${panel} panel (its hideUntilAnswered), so nothing would uncover it.`
			);
	});
}

/** What a narration file must say for this lab.json: the same ids, each with words. */
function narrationProblems(lab: Lab, text: LabText): Array<[string, string]> {
	const out: Array<[string, string]> = [];
	const same = (what: string, found: string[], wanted: string[]) => {
		if (found.join('\n') !== wanted.join('\n'))
			out.push([what, `Has ${list(found)}; lab.json has ${list(wanted)}.`]);
	};
	// A missing title or summary is the lint's (labTextLint, run first): it says the line.
	same(
		'steps',
		Object.keys(text.steps),
		lab.steps.map((s) => s.id)
	);
	for (const step of lab.steps) {
		const t = text.steps[step.id];
		if (!t) continue;
		const at = `{#${step.id}}`;
		if (!t.title) out.push([at, 'The step has no title.']);
		if (!t.body.length) out.push([at, 'The step has no paragraph besides its checklist.']);
		same(`${at} checks`, Object.keys(t.checks).sort(), step.checks.map((c) => c.id).sort());
		same(
			`${at} hints`,
			Object.keys(t.hints ?? {}).sort(),
			(step.hints ?? []).map((h) => h.id).sort()
		);
		if (!step.predict) {
			if (t.predict || t.reveal)
				out.push([at, 'A {#predict} or {#reveal} section, but lab.json asks no question here.']);
			continue;
		}
		if (!t.predict?.question.length)
			out.push([
				at,
				'lab.json asks a question here: a {#predict} section with the question is missing.'
			]);
		// In lab.json's order: the page shows them in the file's, and both languages must agree.
		same(`${at} options`, Object.keys(t.predict?.options ?? {}), step.predict.options);
		if (!t.reveal?.body.length)
			out.push([at, 'lab.json asks a question here: a {#reveal} section is missing.']);
	}
	same(
		'cues',
		Object.keys(text.cues ?? {}),
		(lab.cues ?? []).map((c) => c.id)
	);
	const shown = new Set<PanelName>(lab.panels ?? DEFAULT_PANELS);
	for (const [at, href] of panelLinks(text)) {
		const id = href.slice(1);
		const panel = isPanelTarget(id) ? PANEL_TARGETS[id] : null;
		if (panel && !shown.has(panel))
			out.push([
				at,
				`Links to ${href}, on the ${panel} panel, which this lab does not show (panels).`
			]);
	}
	return out;
}

/** Every panel link of a narration (`[text](#calls)`), with the section it is in. */
function panelLinks(text: LabText): Array<[string, string]> {
	const out: Array<[string, string]> = [];
	const inline = (at: string, parts: Inline[]) => {
		for (const part of parts)
			if (part.kind === 'link' && part.href.startsWith('#')) out.push([at, part.href]);
	};
	const blocks = (at: string, list: Block[]) => {
		for (const b of list)
			if (b.kind === 'p') inline(at, b.inline);
			else if (b.kind === 'ul') for (const item of b.items) inline(at, item);
	};
	for (const [id, step] of Object.entries(text.steps)) {
		const at = `{#${id}}`;
		blocks(at, step.body);
		for (const label of Object.values(step.checks)) inline(at, parseInline(label));
		for (const label of Object.values(step.hints ?? {})) inline(at, parseInline(label));
		blocks(at, step.predict?.question ?? []);
		blocks(at, step.reveal?.body ?? []);
	}
	for (const [id, cue] of Object.entries(text.cues ?? {})) blocks(`{#${id}}`, cue.body);
	return out;
}

/**
 * A Chinese narration copied from the English one and never translated passes every id check:
 * its title, summary and step titles are read for Chinese characters (a name in code may stand
 * beside them, never alone).
 */
function untranslated(text: LabText): Array<[string, string]> {
	const chinese = /\p{Script=Han}/u;
	const places: Array<[string, string]> = [
		['title', text.title],
		['summary', text.summary],
		...Object.entries(text.steps).map(([id, step]): [string, string] => [`{#${id}}`, step.title])
	];
	return places
		.filter(([, words]) => words && !chinese.test(words))
		.map(([path, words]) => [path, `No Chinese in "${words.slice(0, 60)}": is it translated?`]);
}

const list = (ids: string[]) => (ids.length ? ids.join(', ') : 'none');
