// Server-only (prerender time): labs are validated and their narration parsed while the site
// is built, so pages receive plain data and ship neither the lab schema nor other labs' text.
import { checkLab, formatLabProblems, type CheckedLab } from '$lib/core/labs/lab-check';
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

/** Every lab, or an error that lists every problem of every lab, each with its file and path. */
function load(): CatalogLab[] {
	const out: CatalogLab[] = [];
	const reports: string[] = [];
	const folders = new Set(
		[...Object.keys(definitions), ...Object.keys(narrations)].map((path) => path.split('/')[2])
	);
	for (const folder of folders) {
		const files = (name: string) => `/labs/${folder}/${name}`;
		const { checked, problems } = checkLab(folder, definitions[files('lab.json')], {
			en: narrations[files('en.md')],
			'zh-CN': narrations[files('zh-CN.md')]
		});
		if (problems.length) reports.push(formatLabProblems(folder, problems));
		else if (checked) out.push(checked);
	}
	const ids = out.map((entry) => entry.lab.id);
	for (const [i, id] of ids.entries())
		if (ids.indexOf(id) !== i) reports.push(`labs/${id}/lab.json: id: two labs have the id ${id}.`);
	if (reports.length)
		throw new Error(
			`The labs have problems; nothing is built until they are fixed:\n${reports.join('\n')}`
		);
	return out.sort((a, b) => a.lab.order - b.lab.order);
}

export const catalog: CatalogLab[] = load();

export function findLab(id: string): CatalogLab | undefined {
	return catalog.find((entry) => entry.lab.id === id);
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
