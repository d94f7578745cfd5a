import { parseInline, plainText, type Block } from '$lib/core/labs/lab-text';
import { catalog, requireLab } from '$lib/server/labs';
import type { EntryGenerator, PageServerLoad } from './$types';

export const entries: EntryGenerator = () => catalog.map((entry) => ({ lab: entry.lab.id }));

/** A block as lines of plain text: the notes window shows narration without formatting. */
const lines = (blocks: Block[]) =>
	blocks.flatMap((b) =>
		b.kind === 'pre'
			? b.text.split('\n')
			: (b.kind === 'p' ? [b.inline] : b.items).map(
					(inline) => (b.kind === 'ul' ? '• ' : '') + plainText(inline)
				)
	);

/**
 * The notes window needs only titles, the cues' narration and each step's hints for wrong turns
 * (lab.json `hints`: what learners get wrong there, which the instructor may hear about), per
 * language.
 */
export const load: PageServerLoad = ({ params }) => {
	const entry = requireLab(params.lab);
	const steps = entry.lab.steps.map((s) => s.id);
	return {
		lab: entry.lab.id,
		texts: Object.fromEntries(
			Object.entries(entry.text).map(([locale, text]) => [
				locale,
				{
					title: text.title,
					steps: steps.map((id) => text.steps[id]?.title ?? id),
					hints: steps.map((id) =>
						Object.values(text.steps[id]?.hints ?? {}).map((words) => plainText(parseInline(words)))
					),
					cues: Object.fromEntries(
						Object.entries(text.cues ?? {}).map(([id, cue]) => [
							id,
							{ title: cue.title, lines: lines(cue.body) }
						])
					)
				}
			])
		)
	};
};
