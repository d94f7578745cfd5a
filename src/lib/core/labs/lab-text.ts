/**
 * A lab's narration in one language (`labs/<id>/<locale>.md`), parsed into plain data the UI
 * renders as text: no HTML is ever produced from it. The format:
 *
 *   # Lab title
 *   Summary paragraph.
 *   ## Step title {#step-id}
 *   Paragraphs, `code`, **bold**, and "- " lists.
 *   - [ ] {check-id} What the learner must do (a checklist line)
 *   ### Any heading {#predict}    question paragraph, then "- {option-id} text" lines
 *   ### Any heading {#reveal}     shown once the prediction is answered
 *   ## Any heading {#cues}        the instructor's cue list (lab.json `cues`), no step of its own:
 *   ### Cue title {#cue-id}       the cue's narration, paragraphs and lists as in a step
 */
export type Inline = { kind: 'text' | 'code' | 'strong'; text: string };
export type Block = { kind: 'p'; inline: Inline[] } | { kind: 'ul'; items: Inline[][] };

export interface StepText {
	title: string;
	body: Block[];
	checks: Record<string, string>;
	predict?: { title: string; question: Block[]; options: Record<string, string> };
	reveal?: { title: string; body: Block[] };
}

export interface CueText {
	title: string;
	body: Block[];
}

export interface LabText {
	title: string;
	summary: string;
	steps: Record<string, StepText>;
	/** Narration of the lab's cue list, by cue id; absent when the lab has none. */
	cues?: Record<string, CueText>;
}

/** The id of the section that holds the cues' narration (`## Cues {#cues}`), so no step's. */
export const CUES_SECTION = 'cues';

/** The format's line patterns (lab-text-lint.ts reads lines the same way). */
export const headingWithId = /^(#{2,3})\s+(.+?)\s*\{#([a-z0-9-]+)\}\s*$/;
export const checkLine = /^-\s+\[ \]\s+\{([a-z0-9-]+)\}\s+(.+)$/;
export const optionLine = /^-\s+\{([a-z0-9-]+)\}\s+(.+)$/;

export function parseInline(text: string): Inline[] {
	const out: Inline[] = [];
	const pattern = /`([^`]+)`|\*\*([^*]+)\*\*/g;
	let last = 0;
	for (const match of text.matchAll(pattern)) {
		if (match.index > last) out.push({ kind: 'text', text: text.slice(last, match.index) });
		out.push(
			match[1] !== undefined ? { kind: 'code', text: match[1] } : { kind: 'strong', text: match[2] }
		);
		last = match.index + match[0].length;
	}
	if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
	return out;
}

/** Paragraphs separated by blank lines; consecutive "- " lines form a list. */
function blocks(lines: string[]): Block[] {
	const out: Block[] = [];
	let para: string[] = [];
	let list: Inline[][] | null = null;
	const flush = () => {
		if (para.length) out.push({ kind: 'p', inline: parseInline(para.join(' ')) });
		para = [];
		if (list) out.push({ kind: 'ul', items: list });
		list = null;
	};
	for (const raw of lines) {
		const line = raw.trim();
		if (!line) flush();
		else if (line.startsWith('- ')) {
			if (para.length) {
				out.push({ kind: 'p', inline: parseInline(para.join(' ')) });
				para = [];
			}
			(list ??= []).push(parseInline(line.slice(2)));
		} else {
			if (list) flush();
			para.push(line);
		}
	}
	flush();
	return out;
}

export function parseLabText(source: string): LabText {
	const lines = source.replace(/\r\n?/g, '\n').split('\n');
	const text: LabText = { title: '', summary: '', steps: {} };
	const summary: string[] = [];
	let step: StepText | null = null;
	let section: 'body' | 'predict' | 'reveal' = 'body';
	/** Inside the cues section: the cue being read (null before its first cue heading). */
	let cues: { cue: CueText | null } | null = null;
	let buffer: string[] = [];

	const closeSection = () => {
		if (cues) {
			// Lines between the section heading and its first cue are notes to the lab's author.
			if (cues.cue) cues.cue.body = blocks(buffer);
		} else if (!step) {
			text.summary = summary.join(' ').trim();
		} else if (section === 'body') step.body = blocks(buffer);
		else if (section === 'predict' && step.predict) step.predict.question = blocks(buffer);
		else if (section === 'reveal' && step.reveal) step.reveal.body = blocks(buffer);
		buffer = [];
	};

	for (const line of lines) {
		const heading = headingWithId.exec(line);
		if (line.startsWith('# ') && !text.title) {
			text.title = line.slice(2).trim();
		} else if (heading && heading[1] === '##' && heading[3] === CUES_SECTION) {
			closeSection();
			step = null;
			cues = { cue: null };
			text.cues ??= {};
		} else if (heading && heading[1] === '##') {
			closeSection();
			cues = null;
			step = { title: heading[2], body: [], checks: {} };
			text.steps[heading[3]] = step;
			section = 'body';
		} else if (cues) {
			if (heading) {
				closeSection();
				cues.cue = { title: heading[2], body: [] };
				text.cues![heading[3]] = cues.cue;
			} else buffer.push(line);
		} else if (heading && step && (heading[3] === 'predict' || heading[3] === 'reveal')) {
			closeSection();
			section = heading[3];
			if (section === 'predict') step.predict = { title: heading[2], question: [], options: {} };
			else step.reveal = { title: heading[2], body: [] };
		} else if (step && checkLine.test(line.trim())) {
			const [, id, label] = checkLine.exec(line.trim())!;
			step.checks[id] = label;
		} else if (step && section === 'predict' && optionLine.test(line.trim())) {
			const [, id, label] = optionLine.exec(line.trim())!;
			step.predict!.options[id] = label;
		} else if (!step) {
			if (text.title) summary.push(line.trim());
		} else buffer.push(line);
	}
	closeSection();
	return text;
}
