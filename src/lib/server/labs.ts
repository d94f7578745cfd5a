// Server-only (prerender time): labs are validated and their narration parsed while the site
// is built, so pages receive plain data and ship neither the lab schema nor other labs' text.
import { labSchema, type Lab } from '$lib/core/labs/lab-schema';
import { parseLabText, type LabText } from '$lib/core/labs/lab-text';

/**
 * Every lab under `labs/`, validated at load: a lab is data (lab.json + one markdown file per
 * language), so adding one needs no code. Loaded eagerly because there are few and small.
 */
const definitions = import.meta.glob<unknown>('/labs/*/lab.json', {
	eager: true,
	import: 'default'
});
const narrations = import.meta.glob<string>('/labs/*/{en,zh-CN}.md', {
	eager: true,
	query: '?raw',
	import: 'default'
});

export interface CatalogLab {
	lab: Lab;
	text: Record<string, LabText>;
}

function load(): CatalogLab[] {
	const out: CatalogLab[] = [];
	for (const [path, raw] of Object.entries(definitions)) {
		const folder = path.slice(0, path.lastIndexOf('/'));
		const parsed = labSchema.safeParse(raw);
		if (!parsed.success)
			throw new Error(`${path}: ${parsed.error.issues[0]?.message ?? 'invalid lab'}`);
		const text: Record<string, LabText> = {};
		for (const [mdPath, source] of Object.entries(narrations)) {
			if (!mdPath.startsWith(`${folder}/`)) continue;
			text[mdPath.slice(folder.length + 1, -3)] = parseLabText(source);
		}
		if (!text.en) throw new Error(`${folder}: en.md is missing`);
		out.push({ lab: parsed.data, text });
	}
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
