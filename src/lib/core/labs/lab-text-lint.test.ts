import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLabText } from './lab-text';
import { labTextLint } from './lab-text-lint';

const HEAD = '# Title\n\nThe summary.\n\n## A step {#one}\n\n';
/** The line number of the first line of `body` in `lab(body)`. */
const FIRST = HEAD.split('\n').length;
/** A lab text whose first step's text is `body`. */
const lab = (body: string) => `${HEAD}${body}\n`;
const lint = (body: string) => labTextLint(lab(body));

/** Exactly one problem, on the body's `offset`-th line (0-based), matching `message`. */
function expectOne(body: string, offset: number, message: RegExp) {
	const problems = lint(body);
	expect(problems, JSON.stringify(problems)).toHaveLength(1);
	expect(problems[0].line).toBe(FIRST + offset);
	expect(problems[0].message).toMatch(message);
}

const expectClean = (body: string) => expect(lint(body)).toEqual([]);

describe('labTextLint: what renders is not flagged', () => {
	it('passes a lab text using every construct the format has', () => {
		const source = `# Connection isolation

You break servers on purpose, with \`code\` and **bold**.

## Kill, then call {#kill-and-call}

Kill \`filesystem\`. The status still says **connected**. A name like mcp__<server>__<tool> and
a \`code span
across lines\` are fine.

- one with \`code\`
- two with **bold**

- [ ] {kill-filesystem} Kill \`filesystem\`.

### What happens? {#predict}

You kill it. What shows?

- {still-connected} Nothing changes.
- {marked-failed} It turns \`failed\`.

### Nothing changes {#reveal}

OpenHarness does not watch its servers: 2 * 3 is 6, \`a*b*c\`, \`<b>\` and \`[x](y)\` are code.

## Cues {#cues}

Notes for the lab's author only: [links](https://example.com), <b>HTML</b>, | tables |.

### Kill the filesystem server {#kill}

The process dies.
`;
		expect(labTextLint(source)).toEqual([]);
		expect(labTextLint(source.replace(/\n/g, '\r\n'))).toEqual([]);
		// And the parser reads it as meant.
		const text = parseLabText(source);
		expect(Object.keys(text.steps)).toEqual(['kill-and-call']);
		expect(Object.keys(text.cues ?? {})).toEqual(['kill']);
	});
});

describe('labTextLint: headings', () => {
	it('flags a ## heading without {#id}, folded into the step before it', () => {
		expectOne('Text.\n\n## More notes\n\nMore text.', 2, /"## More notes" has no \{#id\}.*folded/);
		expectClean('Text.\n\n## More notes {#two}\n\nMore text.');
	});

	it('flags a ### heading that is no question, reveal or cue', () => {
		expectOne('Text.\n\n### Aside\n\nMore.', 2, /### heading is \{#predict\}, \{#reveal\}/);
		expectOne('Text.\n\n### Aside {#aside}\n\nMore.', 2, /is shown as text/);
		expectClean('Text.\n\n**Aside**\n\nMore.');
	});

	it('flags #### headings, ids the parser does not read, a title-less heading, an indented one', () => {
		expectOne('Text.\n\n#### Deep {#deep}', 2, /only ## .* and ### .* headings exist/);
		expectOne('Text.\n\n## Two {#Two}\n\nMore.', 2, /id \{#Two\} is not read/);
		expectOne('Text.\n\n## {#two}\n\nMore.', 2, /no title before its \{#id\}/);
		expectOne('Text.\n\n  ## Two {#two}\n\nMore.', 2, /indented/);
		expectClean('Text.\n\n## Two {#two}\n\nMore.');
	});

	it('flags a second # title', () => {
		expectOne('Text.\n\n# Another title', 2, /second "# " title/);
	});

	it('flags code and bold in a title, which is plain text', () => {
		const problems = labTextLint(
			'# The `kill` lab\n\nSummary.\n\n## **Bold** step {#one}\n\nText.\n'
		);
		expect(problems.map((p) => p.line)).toEqual([1, 5]);
		expect(problems[0].message).toMatch(/plain text/);
		expect(labTextLint('# The kill lab\n\nSummary.\n\n## Bold step {#one}\n\nText.\n')).toEqual([]);
	});

	it('flags {#predict} outside a step, and a second one in a step', () => {
		const before = labTextLint('# T\n\nSummary.\n\n### Q {#predict}\n\nWhy?\n\n- {a} A\n');
		expect(before[0]).toMatchObject({
			line: 5,
			message: expect.stringMatching(/outside any step/)
		});
		const twice = lint('Text.\n\n### Q {#reveal}\n\nA.\n\n### Q again {#reveal}\n\nB.');
		expect(twice).toHaveLength(1);
		expect(twice[0]).toMatchObject({ line: FIRST + 6, message: expect.stringMatching(/second/) });
	});
});

describe('labTextLint: markdown the format does not have', () => {
	it('passes a closed code block, whatever its lines hold', () => {
		expectClean('Text.\n\n```json\n{"a": 1}\n| not | a table |\n## Not a step\n```\n\nMore.');
		expectClean('Text.\n\n~~~\nx\n~~~');
		expectClean('Text.\n\n### Why {#reveal}\n\n```\nr\n```');
	});

	it('flags a code block never closed, at its fence, and reads the next step as usual', () => {
		const open = lint('Text.\n\n```sh\nnpm ci\n\n## Next {#two}\n\nSee *this*.');
		expect(open.map((p) => [p.line - FIRST, p.message.slice(0, 40)])).toEqual([
			[2, 'the code block opened here (```) is neve'],
			[7, 'emphasis *this* is shown with its asteri']
		]);
		expectOne('Text.\n\n~~~\nlast', 2, /never closed.*~~~/);
	});

	it('flags a code block in the summary (plain text), once', () => {
		const problems = labTextLint(
			'# T\n\nThe summary.\n\n```\n- a | b\n```\n\n## One {#one}\n\nA.\n'
		);
		expect(problems).toEqual([
			{ line: 5, message: expect.stringMatching(/in the summary.*first step/) }
		]);
	});

	it('passes an https link; flags any other, with its URL in the advice', () => {
		expectClean('Read [the spec](https://modelcontextprotocol.io/spec).');
		expectClean('- see [this](https://a.example)\n\n- [ ] {c} Open [it](https://a.example).');
		expectOne(
			'Read [the spec](http://modelcontextprotocol.io/spec).',
			0,
			/a link \[the spec\]\(http:\/\/modelcontextprotocol\.io\/spec\) is shown as typed: only an https:\/\/ address, or #<panel> for one of the page's panels, is made a link.*`http:\/\/modelcontextprotocol\.io\/spec`/
		);
		expectOne('See [lab 2](/labs/02-naming).', 0, /a link .*only an https/);
		expectClean('Read the spec, `https://modelcontextprotocol.io/spec`.');
		expectClean('A link is typed `[text](url)`.');
	});

	it('passes a link to one of the page panels; flags one to no panel, and one in the summary', () => {
		expectClean('In [Model calls](#calls), call it; then read [the log](#log).');
		expectOne(
			'In [Model calls](#call), call it.',
			0,
			/\[Model calls\]\(#call\) goes to no panel: .*#calls/
		);
		expectOne('See [this](#Calls).', 0, /shown as typed/);
		const summary = labTextLint('# T\n\nRead [the log](#log).\n\n## One {#one}\n\nA.\n');
		expect(summary).toEqual([
			{ line: 3, message: expect.stringMatching(/panel link .* in the summary/) }
		]);
	});

	it('flags a link in an option (the label of its choice) and in a title', () => {
		const option = lint(
			'Text.\n\n### Q {#predict}\n\nWhy?\n\n- {a} [A](https://a.example)\n- {b} B\n'
		);
		expect(option).toEqual([
			{ line: FIRST + 6, message: expect.stringMatching(/option \{a\} has a link/) }
		]);
		const title = labTextLint('# T\n\nS.\n\n## See [it](https://a.example) {#one}\n\nA.\n');
		expect(title).toEqual([
			{ line: 5, message: expect.stringMatching(/title .*link is shown as typed/) }
		]);
	});

	it('reports a link in a paragraph on the line it is on', () => {
		expectOne('First line of a paragraph,\nsecond line [x](http://a.example).', 1, /a link/);
	});

	it('flags an image and an address in angle brackets', () => {
		expectOne('![diagram](diagram.png)', 0, /an image !\[diagram\]\(diagram\.png\).*in words/);
		expectOne('See <https://a.example/x>.', 0, /angle brackets.*`https:\/\/a\.example\/x`/);
		expectClean('See `https://a.example/x`.');
	});

	it('flags a ticked box, and a check line without its id', () => {
		expectOne('Text.\n\n- [x] {done} Done.', 2, /ticked box.*- \[ \] \{check-id\} label/);
		expectOne('Text.\n\n- [X] Done.', 2, /ticked box/);
		expectOne('Text.\n\n- [ ] Done.', 2, /not a check line/);
		expectClean('Text.\n\n- [ ] {done} Done.');
	});

	it('passes a hint line; flags one without its id, and one outside a step', () => {
		expectClean('Text.\n\n- [ ] {done} Done.\n- [!] {wrong} Undo it.');
		expectOne('Text.\n\n- [!] Undo it.', 2, /not a hint line.*- \[!\] \{hint-id\} words/);
		const outside = labTextLint('# T\n\nS.\n\n- [!] {wrong} Undo it.\n\n## A {#a}\n\nT.\n');
		expect(outside.map((p) => p.message)).toContainEqual(
			expect.stringMatching(/hint line outside a step/)
		);
	});

	it('flags a table once, at its first row', () => {
		expectOne('Text.\n\n| a | b |\n| - | - |\n| 1 | 2 |', 2, /table row.*"- " list item/);
		expectClean('Text.\n\n- a: 1\n- b: 2');
	});

	it('flags a numbered list once, and other bullets', () => {
		expectOne('Text.\n\n1. First\n2. Second', 2, /numbered item "1\. First"/);
		expectOne('Text.\n\n* First', 2, /"\* " list item.*"- "/);
		expectOne('Text.\n\n+ First', 2, /"\+ " list item/);
		expectClean('Text.\n\n- First\n- Second\n\nIn 2025. it still works.');
	});

	it('flags a blockquote', () => {
		expectOne('Text.\n\n> quoted\n> more', 2, /a quote "> quoted"/);
		expectClean('Text.\n\nquoted, and 3 > 2');
	});

	it('flags raw HTML and comments, not placeholders or code', () => {
		const html = lint('Text <b>bold</b> and <span class="x">y</span>.');
		expect(html.length).toBeGreaterThan(0);
		expect(html[0].message).toMatch(/raw HTML <b> is shown as typed \(narration is never HTML\)/);
		expectOne('<div data-x="1">', 0, /raw HTML/);
		expectOne('<custom-tag attr="1">', 0, /raw HTML/);
		expectOne('Text. <!-- a note -->', 0, /HTML comment/);
		expectClean('Text **bold**, `<b>`, mcp__<server>__<tool>, a <placeholder> and 1 < 2 > 0.');
	});

	it('flags emphasis and strikethrough other than **bold**', () => {
		expectOne('An *important* word.', 0, /emphasis \*important\*.*\*\*bold\*\*/);
		expectOne('An _important_ word.', 0, /emphasis _important_/);
		expectOne('A ~~wrong~~ word.', 0, /strikethrough/);
		expectClean('A **bold** word, 2 * 3, `*x*`, pre_tool_use and full_auto.');
	});

	it('flags an unpaired backtick and double backticks', () => {
		expectOne('Run `npm test.', 0, /unpaired backtick/);
		expectOne('A ``tick`ed`` span.', 0, /double backticks/);
		expectClean('A `code\nspan` over two lines.');
	});
});

describe('labTextLint: structure the page needs', () => {
	it('flags a step with only check lines', () => {
		const problems = lint('- [ ] {c} Do it.');
		expect(problems).toEqual([{ line: FIRST - 2, message: expect.stringMatching(/no paragraph/) }]);
		expectClean('Do it now.\n\n- [ ] {c} Do it.');
	});

	it('flags a question without a paragraph or options, and an empty reveal', () => {
		const problems = lint('Text.\n\n### Q {#predict}\n\n- {a} A\n\n### R {#reveal}\n');
		expect(problems.map((p) => p.message)).toEqual([
			expect.stringMatching(/question of step \{#one\} has no paragraph/),
			expect.stringMatching(/reveal of step \{#one\} has no paragraph/)
		]);
		expect(lint('Text.\n\n### Q {#predict}\n\nWhy?\n')[0].message).toMatch(/no .* option lines/);
	});

	it('flags a second summary paragraph, a list in the summary, and no summary', () => {
		expect(labTextLint('# T\n\nOne.\n\nTwo.\n\n## S {#s}\n\nText.\n')).toEqual([
			{ line: 5, message: expect.stringMatching(/second paragraph is joined/) }
		]);
		expect(labTextLint('# T\n\nOne:\n- a\n\n## S {#s}\n\nText.\n')).toEqual([
			{ line: 4, message: expect.stringMatching(/"- " list in it is shown as typed/) }
		]);
		expect(labTextLint('# T\n\n## S {#s}\n\nText.\n')).toEqual([
			{ line: 1, message: expect.stringMatching(/no summary/) }
		]);
	});

	it('flags no title, and text before it', () => {
		expect(labTextLint('Intro.\n\n# T\n\nSummary.\n')).toEqual([
			{ line: 1, message: expect.stringMatching(/before the "# " title/) }
		]);
		expect(labTextLint('## S {#s}\n\nText.\n')).toEqual([
			{ line: 1, message: expect.stringMatching(/no "# " title/) }
		]);
		expect(labTextLint('# \n\nSummary.\n')).toEqual([
			{ line: 1, message: expect.stringMatching(/title line has no words/) }
		]);
	});

	it('flags option lines outside a question and check lines outside a step', () => {
		expectOne('Text.\n\n- {a} An option.', 2, /option line .* outside/);
		const cue = labTextLint(
			'# T\n\nSummary.\n\n## Cues {#cues}\n\n### One {#one}\n\nSay it.\n\n- [ ] {x} Do it.\n'
		);
		expect(cue).toEqual([
			{ line: 11, message: expect.stringMatching(/check line outside a step/) }
		]);
	});

	it('flags ids used twice', () => {
		const twice = labTextLint(
			'# T\n\nS.\n\n## A {#a}\n\nT.\n\n- [ ] {c} One.\n- [ ] {c} Two.\n\n## B {#a}\n\nT.\n'
		);
		expect(twice.map((p) => [p.line, p.message.slice(0, 14)])).toEqual([
			[10, 'check id {c} i'],
			[12, 'step id {#a} i']
		]);
		const options = lint('Text.\n\n### Q {#predict}\n\nWhy?\n\n- {a} A\n- {a} B\n');
		expect(options).toEqual([{ line: FIRST + 7, message: expect.stringMatching(/option id/) }]);
		const cues = labTextLint(
			'# T\n\nS.\n\n## Cues {#cues}\n\n### One {#one}\n\nA.\n\n### Again {#one}\n\nB.\n'
		);
		expect(cues).toEqual([{ line: 11, message: expect.stringMatching(/cue id \{#one\}/) }]);
		const hints = lint('Text.\n\n- [!] {h} One.\n- [!] {h} Two.\n');
		expect(hints).toEqual([{ line: FIRST + 3, message: expect.stringMatching(/hint id \{h\}/) }]);
	});

	it('counts lines the same with Windows line endings', () => {
		const source = lab('Read [it](http://a.example).');
		expect(labTextLint(source.replace(/\n/g, '\r\n'))).toEqual(labTextLint(source));
	});
});

describe('labTextLint: the labs', () => {
	const root = new URL('../../../../labs/', import.meta.url);
	const files = readdirSync(root, { withFileTypes: true })
		.filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
		.flatMap((d) => ['en.md', 'zh-CN.md'].map((file) => `${d.name}/${file}`));

	it('finds the labs', () => {
		expect(files.length).toBeGreaterThan(0);
	});

	it.each(files)('%s has nothing the page would show otherwise than written', (file) => {
		expect(labTextLint(readFileSync(new URL(file, root), 'utf8'))).toEqual([]);
	});
});
