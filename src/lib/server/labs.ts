// Server-only (prerender time): labs are validated and their narration parsed while the site
// is built, so pages receive plain data and ship neither the lab schema nor other labs' text.
import { error } from '@sveltejs/kit';
import { dev } from '$app/environment';
import {
	checkLab,
	formatLabProblems,
	LAB_LOCALES,
	type CheckedLab
} from '$lib/core/labs/lab-check';
// From the catalogue, never one message's own file: the dev server's layout has none (README).
import { lab_error_problems } from '$lib/paraglide/messages.js';
import type { LabText } from '$lib/core/labs/lab-text';

/**
 * Every lab under `labs/`, checked at load (lab-check.ts): a lab is data (lab.json + one markdown
 * file per language), so adding one needs no code. Loaded eagerly because there are few and
 * small; lab.json as text, so a syntax error can name its file.
 */
const definitions = import.meta.glob<string>('/labs/*/lab.json', {
	eager: true,
	query: '?raw',
	import: 'default'
});
const narrations = import.meta.glob<string>('/labs/*/{en,zh-CN}.md', {
	eager: true,
	query: '?raw',
	import: 'default'
});

export type CatalogLab = CheckedLab;

/** The labs that pass their checks, and one report per lab that does not. */
function load(): { labs: CatalogLab[]; reports: Map<string, string> } {
	const labs: CatalogLab[] = [];
	const reports = new Map<string, string>();
	const folders = new Set(
		[...Object.keys(definitions), ...Object.keys(narrations)].map((path) => path.split('/')[2])
	);
	for (const folder of folders) {
		const files = (name: string) => `/labs/${folder}/${name}`;
		const { checked, problems } = checkLab(folder, definitions[files('lab.json')], {
			en: narrations[files('en.md')],
			'zh-CN': narrations[files('zh-CN.md')]
		});
		if (problems.length) reports.set(folder, formatLabProblems(folder, problems));
		else if (checked) labs.push(checked);
	}
	const ids = labs.map((entry) => entry.lab.id);
	for (const [i, id] of ids.entries())
		if (ids.indexOf(id) !== i)
			reports.set(id, `labs/${id}/lab.json: id: two labs have the id ${id}.`);
	// A lab copied from another (the guide's quick start) keeps its order unless changed: the
	// home page, "what to try next" and the e2e order would then depend on how files are listed.
	// The first folder keeps its place; each later one with the same order is reported.
	const byFolder = [...labs].sort((a, b) => (a.lab.id < b.lab.id ? -1 : 1));
	for (const { lab } of byFolder) {
		const first = byFolder.find((other) => other.lab.order === lab.order)!.lab;
		if (first !== lab && !reports.has(lab.id))
			reports.set(
				lab.id,
				`labs/${lab.id}/lab.json: order: ${lab.order} is lab ${first.id}'s order too: each lab has its own (by convention the NN of its id).`
			);
	}
	return {
		labs: labs
			.filter((entry) => !reports.has(entry.lab.id))
			.sort((a, b) => a.lab.order - b.lab.order),
		reports
	};
}

const loaded = load();
if (loaded.reports.size) {
	const text = `The labs have problems; nothing is built until they are fixed:\n${[...loaded.reports.values()].join('\n')}`;
	// The build stops. While an author edits (npm run dev), the other labs keep working, and
	// the broken lab's page and the home page say what is wrong (the terminal too).
	if (!dev) throw new Error(text);
	console.error(text);
}

export const catalog: CatalogLab[] = loaded.labs;

/** While developing: each lab left out, with its problems (none in a build, which stops instead). */
export const labProblems: Array<{ folder: string; report: string }> = [...loaded.reports].map(
	([folder, report]) => ({ folder, report })
);

export function findLab(id: string): CatalogLab | undefined {
	return catalog.find((entry) => entry.lab.id === id);
}

/** The lab of a page's `[lab]` parameter, else the page's error: its problems, or no such lab. */
export function requireLab(id: string): CatalogLab {
	const entry = findLab(id);
	if (entry) return entry;
	const report = loaded.reports.get(id);
	// The page is SvelteKit's own error page, drawn before the reader's language is known (a
	// static site's server has no query): it says so in every language, then the problems as the
	// terminal does. A page of the site's would be fetched with every lab page, for authors only.
	if (report)
		error(
			500,
			[...LAB_LOCALES.map((locale) => lab_error_problems({}, { locale })), report].join('\n')
		);
	error(404, `There is no lab called ${id}.`);
}

const titles = (text: Record<string, LabText>) =>
	Object.fromEntries(Object.entries(text).map(([l, t]) => [l, t.title]));

/** What the home page lists: ids with title and summary per language, and the step count. */
export function labIndex() {
	return catalog.map(({ lab, text }) => ({
		id: lab.id,
		titles: titles(text),
		summaries: Object.fromEntries(Object.entries(text).map(([l, t]) => [l, t.summary])),
		steps: lab.steps.length
	}));
}

/** The lab listed after `id` on the home page (for "what to try next"); null after the last. */
export function nextLab(id: string): { id: string; titles: Record<string, string> } | null {
	const at = catalog.findIndex((entry) => entry.lab.id === id);
	const next = at === -1 ? undefined : catalog[at + 1];
	return next ? { id: next.lab.id, titles: titles(next.text) } : null;
}
