// The parser's own patterns: a line is read the way it reads it.
import {
	checkLine,
	closesFence,
	CUES_SECTION,
	fenceLine,
	headingWithId,
	hintLine,
	linkPattern,
	optionLine,
	sourceLines
} from './lab-text';
import { isPanelTarget, PANEL_TARGETS } from './panel-targets';

/**
 * What a lab's narration (`labs/<id>/<locale>.md`) says that `parseLabText` (lab-text.ts) would
 * show otherwise than its author meant, with 1-based line numbers: markdown the format does not
 * have (images, links to anything but https, tables, numbered lists, quotes, HTML) is shown as
 * typed, a code block left open or where only a paragraph goes is reported, a
 * heading without its `{#id}` is folded into the step before it, a ticked box is a plain list
 * item. Each message says what was written and what to write instead. The parser itself stays
 * lenient (a page never fails on its text); this is what the build and the lab tests report.
 */
export interface LabTextProblem {
	line: number;
	message: string;
}

const codeSpan = /`[^`]+`/g;

/** Element names an author may type expecting HTML (anything else in `<…>` reads as a placeholder). */
const HTML_TAGS = new Set(
	(
		'a abbr article aside audio b blockquote br button caption center cite code dd del details ' +
		'dfn div dl dt em embed figcaption figure font footer form h1 h2 h3 h4 h5 h6 header hr i ' +
		'iframe img input ins kbd label li link main mark meta nav object ol p picture pre q s samp ' +
		'script section select small source span strike strong style sub summary sup svg table tbody ' +
		'td textarea tfoot th thead time tr u ul var video wbr'
	).split(' ')
);

const clip = (text: string, max = 60) => {
	const t = text.trim();
	return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** Replaces every `code` span with spaces: what is left is what the page reads as text. */
const withoutCode = (text: string) => text.replace(codeSpan, (m) => ' '.repeat(m.length));

/** Offsets of the backticks that open no code span (the parser shows them as typed). */
function strayBackticks(text: string): number[] {
	const paired = new Set<number>();
	for (const m of text.matchAll(codeSpan)) {
		paired.add(m.index);
		paired.add(m.index + m[0].length - 1);
	}
	const stray: number[] = [];
	for (let i = 0; i < text.length; i++) if (text[i] === '`' && !paired.has(i)) stray.push(i);
	return stray;
}

/** A whole `[text](target)` the page makes a link of (lab-text.ts's pattern, anchored). */
const wholeLink = new RegExp(`^${linkPattern.source}$`);

/** Problems of text the page draws with `code`, **bold** and links (paragraphs, list items, labels). */
function inlineProblems(text: string): Array<{ at: number; message: string }> {
	const out: Array<{ at: number; message: string }> = [];
	const plain = withoutCode(text);
	for (const m of plain.matchAll(/!\[([^\]]*)\]\(([^)]*)\)/g))
		out.push({
			at: m.index,
			message: `an image ${clip(m[0])} is shown as typed, not drawn (narration has no images): say in words what it shows.`
		});
	for (const m of plain.matchAll(/(?<!!)\[([^\]]+)\]\(([^)\s]*)[^)]*\)/g))
		if (!wholeLink.test(m[0]))
			out.push({
				at: m.index,
				message: `a link ${clip(m[0])} is shown as typed: only an https:// address, or #<panel> for one of the page's panels, is made a link. Write https://, or the address in code, \`${clip(m[2] || 'https://…', 50)}\`, and its text as a sentence.`
			});
		else if (m[2].startsWith('#') && !isPanelTarget(m[2].slice(1)))
			out.push({
				at: m.index,
				message: `a link ${clip(m[0])} goes to no panel: a narration links to ${Object.keys(
					PANEL_TARGETS
				)
					.map((id) => `#${id}`)
					.join(', ')}.`
			});
	for (const m of plain.matchAll(/<((?:https?|mailto):[^>\s]+)>/g))
		out.push({
			at: m.index,
			message: `an address in angle brackets ${clip(m[0])} is shown with its brackets, not as a link: write it in code, \`${clip(m[1], 50)}\`.`
		});
	for (const m of plain.matchAll(/<!--/g))
		out.push({
			at: m.index,
			message:
				'an HTML comment <!-- … --> is shown to the learner as typed: delete it (notes for authors may go between the `## … {#cues}` heading and its first cue, which no page shows).'
		});
	// One problem per element: its closing tag is reported only when no opening tag was.
	const opened = new Set<string>();
	for (const m of plain.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(\s[^<>]*)?\/?>/g)) {
		const name = m[2].toLowerCase();
		if (!HTML_TAGS.has(name) && !/=/.test(m[3] ?? '')) continue;
		if (m[1] && opened.has(name)) continue;
		opened.add(name);
		out.push({
			at: m.index,
			message: `raw HTML ${clip(m[0], 40)} is shown as typed (narration is never HTML): use **bold**, \`code\` or a "- " list.`
		});
	}
	const noBold = plain.replace(/\*\*[^*]+\*\*/g, (m) => ' '.repeat(m.length));
	for (const m of noBold.matchAll(/(?<![*\w])\*(?![\s*])[^*]*?[^\s*]\*(?![*\w])/g))
		out.push({
			at: m.index,
			message: `emphasis ${clip(m[0], 40)} is shown with its asterisks: use **bold** (the only emphasis).`
		});
	for (const m of plain.matchAll(/(?<![\w_])(__?)(?![\s_])[^_]*?[^\s_]\1(?![\w_])/g))
		out.push({
			at: m.index,
			message: `emphasis ${clip(m[0], 40)} is shown with its underscores: use **bold** (or \`code\` for a name).`
		});
	for (const m of plain.matchAll(/~~[^~]+~~/g))
		out.push({
			at: m.index,
			message: `strikethrough ${clip(m[0], 40)} is shown with its tildes: say in words what no longer holds.`
		});
	const stray = strayBackticks(text);
	if (stray.length)
		out.push({
			at: stray[0],
			message: text.includes('``')
				? 'double backticks ``…`` are not a code span here (a code span cannot hold a backtick): write the span with single backticks, without backticks inside.'
				: 'an unpaired backtick is shown as typed: close the `code` span in the same paragraph, list item or line.'
		});
	return out;
}

/** A title (lab, step, question, reveal, cue) is drawn as plain text: nothing in it renders. */
function titleProblems(title: string): string[] {
	const out: string[] = [];
	if (/`[^`]+`/.test(title) || title.includes('**'))
		out.push(
			`the title "${clip(title)}" is plain text: its \`code\` and **bold** are shown with their backticks and asterisks. Write the title without them.`
		);
	if (linkPattern.test(withoutCode(title)))
		out.push(
			`the title "${clip(title)}" is plain text: its link is shown as typed. Put the link in the text below the title.`
		);
	for (const p of inlineProblems(title.replace(codeSpan, (m) => m.slice(1, -1))))
		if (!p.message.startsWith('an unpaired') && !p.message.startsWith('double'))
			out.push(p.message);
	return out;
}

type Region = 'before' | 'summary' | 'body' | 'predict' | 'reveal' | 'notes' | 'cue';

/** Lines the parser joins into one paragraph, or one line it reads on its own (a list item). */
interface Unit {
	lines: Array<{ line: number; start: number }>;
	text: string;
}

export function labTextLint(source: string): LabTextProblem[] {
	const lines = sourceLines(source);
	const problems: LabTextProblem[] = [];
	const report = (line: number, message: string) => problems.push({ line, message });

	let region: Region = 'before';
	let title = false;
	/** In the summary: a blank line after its text (what follows is a second paragraph). */
	let summaryGap = false;
	let summaryReported = false;
	let fence: { marker: string; line: number } | null = null;
	/** The section being read, to say when it has no text of its own. */
	let section: { line: number; kind: Region; id: string; text: boolean; options: number } | null =
		null;
	const stepIds = new Map<string, number>();
	const cueIds = new Map<string, number>();
	let stepChecks = new Set<string>();
	let stepHints = new Set<string>();
	let stepOptions = new Set<string>();
	let stepSections = new Set<string>();
	let paragraph: Unit | null = null;
	/** The kind of the previous line's block construct, so a table or quote is reported once. */
	let previous = '';

	const checkUnit = (unit: Unit) => {
		const at = (offset: number) =>
			(unit.lines.findLast((l) => l.start <= offset) ?? unit.lines[0]).line;
		for (const { at: offset, message } of inlineProblems(unit.text)) report(at(offset), message);
		// The summary is also shown on the home page, which has no panels to go to.
		if (region === 'summary')
			for (const m of withoutCode(unit.text).matchAll(/\[[^\]]+\]\(#[^)]*\)/g))
				report(
					at(m.index),
					`a panel link ${clip(m[0])} in the summary goes nowhere on the home page, which shows the summary too: link to the panel from the first step.`
				);
	};
	const endParagraph = () => {
		if (paragraph) checkUnit(paragraph);
		paragraph = null;
	};
	/** A code block still open where its section ends: the rest of the section is code. */
	const closeFence = () => {
		if (fence && fence.line > 0)
			report(
				fence.line,
				`the code block opened here (${fence.marker}) is never closed, so the rest of its section is shown as code: end it with a line of ${fence.marker}.`
			);
		fence = null;
	};
	const closeSection = () => {
		closeFence();
		endParagraph();
		if (!section) return;
		const { line, kind, id, text, options } = section;
		if (kind === 'body' && !text)
			report(
				line,
				`step {#${id}} has no paragraph of its own: write what the learner reads and does (check lines alone are not a body).`
			);
		if (kind === 'predict' && !text)
			report(line, `the question of step {#${id}} has no paragraph: ask the question in words.`);
		if (kind === 'predict' && options === 0)
			report(line, `the question of step {#${id}} has no "- {option-id} text" option lines.`);
		if (kind === 'reveal' && !text)
			report(line, `the reveal of step {#${id}} has no paragraph: say what happened and why.`);
		if (kind === 'cue' && !text) report(line, `cue {#${id}} has no narration paragraph.`);
		if (kind === 'summary' && !text)
			report(line, 'there is no summary: write one paragraph after the title.');
		section = null;
	};
	const open = (line: number, kind: Region, id: string) => {
		closeSection();
		region = kind;
		section = { line, kind, id, text: false, options: 0 };
	};

	lines.forEach((raw, index) => {
		const n = index + 1;
		const line = raw.trim();

		if (fence) {
			// The parser ends a block left open at the next step's or cue section's heading.
			const heading = headingWithId.exec(raw);
			if (heading?.[1] === '##') closeFence();
			else {
				if (closesFence(line, fence.marker)) fence = null;
				return;
			}
		}
		const fenceOpen = fenceLine.exec(line);
		if (fenceOpen && region === 'summary') {
			endParagraph();
			report(
				n,
				`a code block (${clip(line, 20)}) in the summary is joined into its one paragraph, backticks and all: the summary is plain text (the home page shows it). Move the block into the first step.`
			);
			fence = { marker: fenceOpen[1], line: -1 };
			previous = '';
			return;
		}
		if (fenceOpen && region !== 'notes' && region !== 'before') {
			endParagraph();
			fence = { marker: fenceOpen[1], line: n };
			if (section) section.text = true;
			previous = '';
			return;
		}

		// Headings, as the parser reads them (from the line's very start).
		if (raw.startsWith('# ') && !title) {
			title = true;
			if (!raw.slice(2).trim())
				report(n, 'the "# " title line has no words: write the lab\'s title after "# ".');
			for (const message of titleProblems(raw.slice(2))) report(n, message);
			open(n, 'summary', '');
			previous = '';
			return;
		}
		const heading = headingWithId.exec(raw);
		if (heading) {
			const [, hashes, text, id] = heading;
			if (hashes === '##' && id === CUES_SECTION) {
				open(n, 'notes', '');
			} else if (hashes === '##') {
				if (stepIds.has(id))
					report(
						n,
						`step id {#${id}} is used twice (line ${stepIds.get(id)}): the later step's text replaces the earlier one's.`
					);
				stepIds.set(id, n);
				stepChecks = new Set();
				stepHints = new Set();
				stepOptions = new Set();
				stepSections = new Set();
				open(n, 'body', id);
			} else if (region === 'notes' || region === 'cue') {
				if (cueIds.has(id)) report(n, `cue id {#${id}} is used twice (line ${cueIds.get(id)}).`);
				cueIds.set(id, n);
				open(n, 'cue', id);
			} else if (
				(region === 'body' || region === 'predict' || region === 'reveal') &&
				(id === 'predict' || id === 'reveal')
			) {
				const step = [...stepIds.entries()].at(-1)![0];
				if (stepSections.has(id))
					report(
						n,
						`step {#${step}} has a second {#${id}} section: the later one replaces the first.`
					);
				stepSections.add(id);
				open(n, id, step);
			} else {
				endParagraph();
				report(
					n,
					id === 'predict' || id === 'reveal'
						? `"${clip(raw)}" is outside any step, so it is shown as text: a {#${id}} section goes inside a step (after its "## Title {#step-id}").`
						: `"${clip(raw)}" is shown as text: a ### heading is a step's {#predict} or {#reveal} section, or a cue under "## … {#cues}". For a heading inside the text, write a **bold** line.`
				);
				if (section) section.text = true;
				return;
			}
			for (const message of titleProblems(text)) report(n, message);
			previous = '';
			return;
		}
		const headingLike = /^(#+)(\s|$)/.exec(line);
		if (headingLike) {
			endParagraph();
			const id = /\{#([^}]*)\}\s*$/.exec(line);
			const hashes = headingLike[1].length;
			let message: string;
			if (raw !== raw.trimStart())
				message = `the heading "${clip(line)}" is indented, so it is shown as text: start it at the beginning of the line.`;
			else if (hashes === 1)
				message = `a second "# " title ("${clip(line)}") is shown as text: the lab has one title; a step is "## Title {#step-id}".`;
			else if (hashes > 3)
				message = `"${clip(line)}" is shown as text: only ## (steps, cues section) and ### (question, reveal, cue) headings exist. Write a **bold** line instead.`;
			else if (id && !/^[a-z0-9-]+$/.test(id[1]))
				message = `the heading id {#${id[1]}} is not read (ids are lower-case letters, digits and "-"), so "${clip(line)}" is shown as text.`;
			else if (id)
				message = `the heading "${clip(line)}" has no title before its {#id}, so it is shown as text: write "${'#'.repeat(hashes)} Title {#${id[1]}}".`;
			else if (hashes === 2)
				message = `"${clip(line)}" has no {#id}, so it is not a step: it is folded into the step before it as text. Write "## ${clip(line.replace(/^#+\s*/, ''), 40)} {#step-id}" with that step in lab.json, or a **bold** line.`;
			else
				message = `"${clip(line)}" has no {#id}, so it is shown as text: a ### heading is {#predict}, {#reveal} or a cue's {#cue-id}. For a heading inside the text, write a **bold** line.`;
			if (region !== 'notes' && region !== 'before') {
				report(n, message);
				if (section) section.text = true;
			}
			previous = '';
			return;
		}

		if (region === 'notes') return; // read by authors only: no page shows it
		if (region === 'before') {
			if (line) report(n, `"${clip(line)}" comes before the "# " title, and no page shows it.`);
			return;
		}
		if (!line) {
			endParagraph();
			if (region === 'summary' && section?.text) summaryGap = true;
			previous = '';
			return;
		}

		const inStep = region === 'body' || region === 'predict' || region === 'reveal';
		// Check, hint and option lines: the parser takes them out of the text.
		const itemLine = inStep
			? (
					[
						[checkLine, stepChecks, 'check'],
						[hintLine, stepHints, 'hint']
					] as const
				).find(([pattern]) => pattern.test(line))
			: undefined;
		if (itemLine) {
			const [pattern, seen, kind] = itemLine;
			endParagraph();
			const [, id, label] = pattern.exec(line)!;
			if (seen.has(id)) report(n, `${kind} id {${id}} is used twice in this step.`);
			seen.add(id);
			checkUnit({ lines: [{ line: n, start: 0 }], text: label });
			previous = '';
			return;
		}
		if (region === 'predict' && optionLine.test(line)) {
			endParagraph();
			const [, id, label] = optionLine.exec(line)!;
			if (stepOptions.has(id)) report(n, `option id {${id}} is used twice in this question.`);
			stepOptions.add(id);
			section!.options++;
			checkUnit({ lines: [{ line: n, start: 0 }], text: label });
			if (linkPattern.test(withoutCode(label)))
				report(
					n,
					`option {${id}} has a link: an option is the label of its choice, so clicking the link would choose it. Put the link in the question.`
				);
			previous = '';
			return;
		}

		if (region === 'summary' && !summaryReported && (summaryGap || line.startsWith('- '))) {
			summaryReported = true;
			report(
				n,
				summaryGap
					? 'the summary is one paragraph (the home page shows it): this second paragraph is joined onto the first. Move it into the first step.'
					: 'the summary is one paragraph (the home page shows it): a "- " list in it is shown as typed. Move the list into the first step.'
			);
		}
		section!.text = true;

		let kind = '';
		let message: string | null = null;
		if (/^[-*+]\s+\[[xX]\]/.test(line))
			message = `a ticked box "${clip(line, 40)}" is shown as a list item, not a check: write "- [ ] {check-id} label" (the page ticks it when the goal is met).`;
		else if (/^-\s+\[!\]/.test(line))
			message = inStep
				? `"${clip(line, 50)}" is not a hint line, so it is shown as a list item: write exactly "- [!] {hint-id} words".`
				: `a hint line outside a step ("${clip(line, 40)}") is shown as typed: hints belong to a step, after its "## Title {#step-id}".`;
		else if (/^-\s+\[\s*\]/.test(line))
			message = inStep
				? `"${clip(line, 50)}" is not a check line, so it is shown as a list item: write exactly "- [ ] {check-id} label".`
				: `a check line outside a step ("${clip(line, 40)}") is shown as typed: checks belong to a step, after its "## Title {#step-id}".`;
		else if (optionLine.test(line))
			message = `an option line "${clip(line, 40)}" outside a "### … {#predict}" section is shown as typed, braces and all.`;
		else if (/^[*+]\s/.test(line))
			message = `a "${line[0]} " list item is shown as typed: list items start with "- ".`;
		else if (/^\d+[.)]\s/.test(line)) {
			kind = 'numbered';
			message = `a numbered item "${clip(line, 30)}" is shown as typed (there are no numbered lists): use "- " items, or "first … then …" in a paragraph.`;
		} else if (line.startsWith('|')) {
			kind = 'table';
			message = `a table row "${clip(line, 30)}" is shown as typed, pipes and all (there are no tables): write each row as a "- " list item.`;
		} else if (line.startsWith('>')) {
			kind = 'quote';
			message = `a quote "${clip(line, 30)}" is shown as typed, ">" and all: write it as a paragraph (exact output in a \`code\` span).`;
		}
		if (message && (kind === '' || kind !== previous)) report(n, message);
		previous = kind;

		if (line.startsWith('- ') && !/^-\s+\[[xX ]?\]/.test(line) && !optionLine.test(line)) {
			endParagraph();
			checkUnit({ lines: [{ line: n, start: 2 }], text: line.slice(2) });
			return;
		}
		if (line.startsWith('- ')) {
			endParagraph();
			return;
		}
		if (paragraph) {
			paragraph.text += ' ';
			paragraph.lines.push({ line: n, start: paragraph.text.length });
			paragraph.text += line;
		} else paragraph = { lines: [{ line: n, start: 0 }], text: line };
	});
	closeSection();
	if (!title) report(1, 'there is no "# " title line: the lab\'s first line is "# Title".');
	return problems.sort((a, b) => a.line - b.line);
}
