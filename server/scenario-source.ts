import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseScenario, type ScenarioProblem } from '../src/lib/core/scenario/parse';
import { mergeServers } from '../src/lib/core/scenario/plugins';
import type { SimBlock } from '../src/lib/core/scenario/schema';
import { effectiveSim } from '../src/lib/core/scenario/well-known';

/** One server the lab server serves: the world's name for it and the sim block it runs. */
export interface ServedServer {
	name: string;
	sim: SimBlock;
}

export interface LoadedScenario {
	/** What the start-up print calls it: `lab 01-connection-isolation` or the file's path. */
	label: string;
	servers: ServedServer[];
	/** Servers marked `live` are real servers elsewhere: listed, not served. */
	skipped: string[];
}

export type LoadResult = { ok: true; loaded: LoadedScenario } | { ok: false; error: string };

export type ReadText = (path: string) => Promise<string>;

const MAX_PROBLEMS = 10;

export function labFile(id: string): string {
	return fileURLToPath(new URL(`../labs/${id}/lab.json`, import.meta.url));
}

/**
 * Reads the one JSON file the server needs (a lab's lab.json, or a scenario file) and builds its
 * servers exactly as the world does: the same parser, the same plugin merge, the same sim blocks.
 */
export async function loadScenario(
	source: { lab: string } | { scenario: string },
	read: ReadText = (path) => readFile(path, 'utf8')
): Promise<LoadResult> {
	const isLab = 'lab' in source;
	const path = isLab ? labFile(source.lab) : source.scenario;
	const shown = isLab ? `labs/${source.lab}/lab.json` : source.scenario;
	let text: string;
	try {
		text = await read(path);
	} catch (error) {
		const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
		const what = isLab ? `Lab "${source.lab}" was not found` : `Cannot read ${shown}`;
		return { ok: false, error: missing ? `${what}: no file ${shown}.` : `${what}: ${error}` };
	}
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		return { ok: false, error: `${shown} is not valid JSON: ${(error as Error).message}` };
	}
	const raw =
		isLab && json && typeof json === 'object' ? (json as { scenario?: unknown }).scenario : json;
	const parsed = parseScenario(raw);
	if (!parsed.ok) return { ok: false, error: problemsText(shown, parsed.problems, isLab) };
	const merged = mergeServers(parsed.scenario).servers;
	const live = (config: (typeof merged)[number]['config']) =>
		config.type === 'http' && config.live === true;
	const servers = merged
		.filter((s) => !live(s.config))
		.map((s) => ({ name: s.name, sim: effectiveSim(s.config) }));
	if (!servers.length) return { ok: false, error: `${shown} has no servers to serve.` };
	return {
		ok: true,
		loaded: {
			label: isLab ? `lab ${source.lab}` : shown,
			servers,
			skipped: merged.filter((s) => live(s.config)).map((s) => s.name)
		}
	};
}

/** Every problem on its own line with its JSON path (inside lab.json, under `scenario`). */
function problemsText(file: string, problems: ScenarioProblem[], inLab: boolean): string {
	const lines = problems.slice(0, MAX_PROBLEMS).map((p) => {
		const inside = p.path.startsWith('[') || !p.path ? p.path : `.${p.path}`;
		const path = inLab ? `scenario${inside}` : p.path || '(root)';
		return `  at ${path}: ${p.message}`;
	});
	if (problems.length > MAX_PROBLEMS) lines.push(`  … and ${problems.length - MAX_PROBLEMS} more`);
	return [`Invalid scenario in ${file}:`, ...lines].join('\n');
}
