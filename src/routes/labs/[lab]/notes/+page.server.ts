import { parseInline, type Block, type Inline } from '$lib/core/labs/lab-text';
import { catalog, requireLab } from '$lib/server/labs';
import type { EntryGenerator, PageServerLoad } from './$types';

export const entries: EntryGenerator = () => catalog.map((entry) => ({ lab: entry.lab.id }));

/**
 * Lab text as the notes window shows it: as the lab page does (a code span stays code, so an
 * exact error string read aloud is told apart from the sentence around it), except that a link
 * is its words: the window is read from, and has none of the lab page's panels to go to.
 */
const inline = (parts: Inline[]): Inline[] =>
	parts.map((part) => (part.kind === 'link' ? { kind: 'text', text: part.text } : part));
const blocks = (body: Block[]): Block[] =>
	body.map((b) =>
		b.kind === 'p'
			? { kind: 'p', inline: inline(b.inline) }
			: b.kind === 'ul'
				? { kind: 'ul', items: b.items.map(inline) }
				: b
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
						Object.values(text.steps[id]?.hints ?? {}).map((words) => inline(parseInline(words)))
					),
					cues: Object.fromEntries(
						Object.entries(text.cues ?? {}).map(([id, cue]) => [
							id,
							{ title: cue.title, body: blocks(cue.body) }
						])
					)
				}
			])
		)
	};
};
