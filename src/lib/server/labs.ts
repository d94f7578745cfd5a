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

/** What the home page lists: ids with title and summary per language. */
export function labIndex() {
	return catalog.map(({ lab, text }) => ({
		id: lab.id,
		titles: Object.fromEntries(Object.entries(text).map(([l, t]) => [l, t.title])),
		summaries: Object.fromEntries(Object.entries(text).map(([l, t]) => [l, t.summary]))
	}));
}
