/**
 * A lab's narration in one language (`labs/<id>/<locale>.md`), parsed into plain data the UI
 * renders as text: no HTML is ever produced from it. The format:
 *
 *   # Lab title
 *   Summary paragraph.
 *   ## Step title {#step-id}
 *   Paragraphs, `code`, **bold**, [links](https://…), [panel links](#calls) and "- " lists.
 *   ```json                       a fenced code block (``` or ~~~), shown as typed
 *   ```
 *   - [ ] {check-id} What the learner must do (a checklist line)
 *   - [!] {hint-id} What to do after a known wrong turn (lab.json `hints`), shown when taken
 *   ### Any heading {#predict}    question paragraph, then "- {option-id} text" lines
 *   ### Any heading {#reveal}     shown once the prediction is answered
 *   ## Any heading {#cues}        the instructor's cue list (lab.json `cues`), no step of its own:
 *   ### Cue title {#cue-id}       the cue's narration, paragraphs and lists as in a step
 */
export type Inline =
	| { kind: 'text' | 'code' | 'strong'; text: string }
	/**
	 * An https address, or `#<id>`: one of the page's panels (panel-targets.ts). Anything else
	 * stays text as typed.
	 */
	| { kind: 'link'; text: string; href: string };
export type Block =
	| { kind: 'p'; inline: Inline[] }
	| { kind: 'ul'; items: Inline[][] }
	/** A fenced code block's lines, as typed; `lang` is the fence's word (```json), if any. */
	| { kind: 'pre'; text: string; lang?: string };

export interface StepText {
	title: string;
	body: Block[];
	checks: Record<string, string>;
	/** Each hint's words, by hint id; absent when the step has none. */
	hints?: Record<string, string>;
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
export const hintLine = /^-\s+\[!\]\s+\{([a-z0-9-]+)\}\s+(.+)$/;
export const optionLine = /^-\s+\{([a-z0-9-]+)\}\s+(.+)$/;
/** A code fence: three or more backticks or tildes, then an optional word (its language). */
export const fenceLine = /^(`{3,}|~{3,})\s*([\w+-]*)/;
/** Whether a (trimmed) line closes the block its `marker` opened: the marker and nothing else. */
export const closesFence = (line: string, marker: string) =>
	line.startsWith(marker) && !line.slice(marker.length).trim();
/** A link the page makes: `[text](https://…)`, or `[text](#panel-id)` to one of its panels. */
export const linkPattern = /\[([^\]]+)\]\((https:\/\/[^\s()]+|#[a-z][a-z-]*)\)/;

const inlinePattern = new RegExp(`\`([^\`]+)\`|\\*\\*([^*]+)\\*\\*|${linkPattern.source}`, 'g');

export function parseInline(text: string): Inline[] {
	const out: Inline[] = [];
	let last = 0;
	for (const match of text.matchAll(inlinePattern)) {
		if (match.index > last) out.push({ kind: 'text', text: text.slice(last, match.index) });
		out.push(
			match[1] !== undefined
				? { kind: 'code', text: match[1] }
				: match[2] !== undefined
					? { kind: 'strong', text: match[2] }
					: { kind: 'link', text: match[3], href: match[4] }
		);
		last = match.index + match[0].length;
	}
	if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
	return out;
}

/** What inline text reads as without its formatting (a live region, the notes window). */
export const plainText = (inline: Inline[]): string => inline.map((part) => part.text).join('');

/** A code block's lines without the indentation they all share (the fence's, in a list). */
function codeBlock(lines: string[], lang: string): Block {
	const indent = Math.min(
		...lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length),
		Infinity
	);
	const text = lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0).trimEnd());
	// Blank lines at either end (a block left open runs to its section's end) show nothing.
	while (text.length && !text[0]) text.shift();
	while (text.length && !text.at(-1)) text.pop();
	return lang
		? { kind: 'pre', text: text.join('\n'), lang }
		: { kind: 'pre', text: text.join('\n') };
}

/** Paragraphs separated by blank lines; consecutive "- " lines form a list; fenced code blocks. */
function blocks(lines: string[]): Block[] {
	const out: Block[] = [];
	let para: string[] = [];
	let list: Inline[][] | null = null;
	/** The open code block: its fence, language and lines so far. */
	let code: { marker: string; lang: string; lines: string[] } | null = null;
	const flush = () => {
		if (para.length) out.push({ kind: 'p', inline: parseInline(para.join(' ')) });
		para = [];
		if (list) out.push({ kind: 'ul', items: list });
		list = null;
	};
	for (const raw of lines) {
		const line = raw.trim();
		if (code) {
			if (closesFence(line, code.marker)) {
				out.push(codeBlock(code.lines, code.lang));
				code = null;
			} else code.lines.push(raw);
			continue;
		}
		const fence = fenceLine.exec(line);
		if (fence) {
			flush();
			code = { marker: fence[1], lang: fence[2], lines: [] };
		} else if (!line) flush();
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
	// A block never closed (the lint reports it) keeps what it has, as a block.
	if (code) out.push(codeBlock(code.lines, code.lang));
	return out;
}

/**
 * A narration file's lines. Windows line ends and the byte order mark some Windows editors write
 * are not the author's text: without this, a BOM (invisible there) hid the "# " title line.
 */
export function sourceLines(source: string): string[] {
	return source
		.replace(/^\uFEFF/, '')
		.replace(/\r\n?/g, '\n')
		.split('\n');
}

export function parseLabText(source: string): LabText {
	const lines = sourceLines(source);
	const text: LabText = { title: '', summary: '', steps: {} };
	const summary: string[] = [];
	let step: StepText | null = null;
	let section: 'body' | 'predict' | 'reveal' = 'body';
	/** Inside the cues section: the cue being read (null before its first cue heading). */
	let cues: { cue: CueText | null } | null = null;
	let buffer: string[] = [];
	/** Inside a code block of a step or cue: its lines are text, not headings or checks. */
	let fence: string | null = null;

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
		if ((step || cues?.cue) && !(heading && heading[1] === '##')) {
			// A step's or cue's heading ends a block left open; nothing else does.
			const trimmed = line.trim();
			if (fence !== null) {
				if (closesFence(trimmed, fence)) fence = null;
				buffer.push(line);
				continue;
			}
			const open = fenceLine.exec(trimmed);
			if (open) {
				fence = open[1];
				buffer.push(line);
				continue;
			}
		}
		if (heading) fence = null;
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
		} else if (step && hintLine.test(line.trim())) {
			const [, id, label] = hintLine.exec(line.trim())!;
			(step.hints ??= {})[id] = label;
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
