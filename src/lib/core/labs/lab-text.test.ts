import { describe, expect, it } from 'vitest';
import { parseInline, parseLabText } from './lab-text';

const lab = `# Connection isolation

You break servers on purpose.
And watch.

## Kill, then call {#kill-and-call}

Kill \`filesystem\`. The status still says **connected**.

- one
- two

- [ ] {kill-filesystem} Kill \`filesystem\`.

### What happens? {#predict}

You kill it. What shows?

- {still-connected} Nothing changes.
- {marked-failed} It turns \`failed\`.

### Nothing changes {#reveal}

OpenHarness does not watch its servers.
`;

const cues = `## Cues {#cues}

Notes for the lab's author only.

### Kill the filesystem server {#kill}

The process dies; the status still says \`connected\`.

- the registry keeps its tools

### Reconnect all {#reconnect}

Everything closes and connects again.

## Hang {#hang}

A hung server keeps its pipe open.

- [ ] {hang-internal-api} Hang \`internal-api\`.
`;

describe('lab text: steps', () => {
	const text = parseLabText(lab);

	it('reads the title and joins the summary lines', () => {
		expect(text.title).toBe('Connection isolation');
		expect(text.summary).toBe('You break servers on purpose. And watch.');
	});

	it('reads a step: title, paragraphs with code and bold, a list, its checks', () => {
		const step = text.steps['kill-and-call'];
		expect(step.title).toBe('Kill, then call');
		expect(step.body).toEqual([
			{
				kind: 'p',
				inline: [
					{ kind: 'text', text: 'Kill ' },
					{ kind: 'code', text: 'filesystem' },
					{ kind: 'text', text: '. The status still says ' },
					{ kind: 'strong', text: 'connected' },
					{ kind: 'text', text: '.' }
				]
			},
			{
				kind: 'ul',
				items: [[{ kind: 'text', text: 'one' }], [{ kind: 'text', text: 'two' }]]
			}
		]);
		expect(step.checks).toEqual({ 'kill-filesystem': 'Kill `filesystem`.' });
	});

	it('reads hint lines apart from the checks and the text, and a step without any has none', () => {
		const hinted = parseLabText(
			'# T\n\nS.\n\n## A {#a}\n\nDo it.\n\n- [ ] {done} Do it.\n- [!] {wrong} Not that: `undo` it.\n\nAfter.\n'
		);
		expect(hinted.steps.a.checks).toEqual({ done: 'Do it.' });
		expect(hinted.steps.a.hints).toEqual({ wrong: 'Not that: `undo` it.' });
		expect(hinted.steps.a.body.map((b) => b.kind)).toEqual(['p', 'p']);
		expect(text.steps['kill-and-call'].hints).toBeUndefined();
	});

	it('reads a prediction with its options and the reveal', () => {
		const step = text.steps['kill-and-call'];
		expect(step.predict?.title).toBe('What happens?');
		expect(step.predict?.question).toEqual([
			{ kind: 'p', inline: [{ kind: 'text', text: 'You kill it. What shows?' }] }
		]);
		expect(step.predict?.options).toEqual({
			'still-connected': 'Nothing changes.',
			'marked-failed': 'It turns `failed`.'
		});
		expect(step.reveal).toEqual({
			title: 'Nothing changes',
			body: [
				{ kind: 'p', inline: [{ kind: 'text', text: 'OpenHarness does not watch its servers.' }] }
			]
		});
	});

	it('has no cues when the text has no cues section', () => {
		expect(text.cues).toBeUndefined();
	});

	it('reads Windows line endings as the same text', () => {
		expect(parseLabText(lab.replace(/\n/g, '\r\n'))).toEqual(text);
	});
});

describe('lab text: the cue list', () => {
	const text = parseLabText(lab + '\n' + cues);

	it('reads each cue under the cues section: title and narration, in order', () => {
		expect(Object.keys(text.cues ?? {})).toEqual(['kill', 'reconnect']);
		expect(text.cues?.kill).toEqual({
			title: 'Kill the filesystem server',
			body: [
				{
					kind: 'p',
					inline: [
						{ kind: 'text', text: 'The process dies; the status still says ' },
						{ kind: 'code', text: 'connected' },
						{ kind: 'text', text: '.' }
					]
				},
				{ kind: 'ul', items: [[{ kind: 'text', text: 'the registry keeps its tools' }]] }
			]
		});
		expect(text.cues?.reconnect.body).toEqual([
			{ kind: 'p', inline: [{ kind: 'text', text: 'Everything closes and connects again.' }] }
		]);
	});

	it('is not a step, and the step after it is read as usual, checks included', () => {
		expect(Object.keys(text.steps)).toEqual(['kill-and-call', 'hang']);
		expect(text.steps.hang.body).toEqual([
			{ kind: 'p', inline: [{ kind: 'text', text: 'A hung server keeps its pipe open.' }] }
		]);
		expect(text.steps.hang.checks).toEqual({ 'hang-internal-api': 'Hang `internal-api`.' });
	});

	it('shows nothing of the lines before the first cue', () => {
		expect(JSON.stringify(text)).not.toContain('Notes for the lab');
	});

	it('keeps the summary when the cues come before every step', () => {
		const first = parseLabText(`# T\n\nThe summary.\n\n${cues}`);
		expect(first.summary).toBe('The summary.');
		expect(Object.keys(first.cues ?? {})).toEqual(['kill', 'reconnect']);
		expect(Object.keys(first.steps)).toEqual(['hang']);
	});

	it('reads a checklist-looking line in a cue as a list item, not a check', () => {
		const odd = parseLabText(`# T\n\n## Cues {#cues}\n\n### One {#one}\n\n- [ ] {x} Do it.\n`);
		expect(odd.cues?.one.body).toEqual([{ kind: 'ul', items: [parseInline('[ ] {x} Do it.')] }]);
	});
});

describe('lab text: links and code blocks', () => {
	it('makes a link of an https address only; any other stays text as typed', () => {
		expect(
			parseInline('See [the spec](https://modelcontextprotocol.io/specification) now.')
		).toEqual([
			{ kind: 'text', text: 'See ' },
			{ kind: 'link', text: 'the spec', href: 'https://modelcontextprotocol.io/specification' },
			{ kind: 'text', text: ' now.' }
		]);
		for (const typed of [
			'[x](http://example.com)',
			'[x](javascript:alert(1))',
			'[x](/labs/02-naming)',
			'[x](https://a b)'
		])
			expect(parseInline(typed)).toEqual([{ kind: 'text', text: typed }]);
		// A code span is read first: a link in it is its text.
		expect(parseInline('`[x](https://a.b)`')).toEqual([{ kind: 'code', text: '[x](https://a.b)' }]);
	});

	const step = (body: string) =>
		parseLabText(`# T\n\nS.\n\n## One {#one}\n\n${body}\n\n## Two {#two}\n\nAfter.\n`);

	it('keeps a fenced block as typed: its lines, indentation and backticks, with its language', () => {
		const text = step(
			'Send this:\n\n```json\n{\n\t"method": "tools/list",\n  "x": "`a`"\n}\n```\n\nThen look.'
		);
		expect(text.steps.one.body).toEqual([
			{ kind: 'p', inline: [{ kind: 'text', text: 'Send this:' }] },
			{ kind: 'pre', lang: 'json', text: '{\n\t"method": "tools/list",\n  "x": "`a`"\n}' },
			{ kind: 'p', inline: [{ kind: 'text', text: 'Then look.' }] }
		]);
	});

	it('reads lines in a block as code, not as headings, checks or list items', () => {
		const text = step(
			'~~~\n### Not a heading {#predict}\n- [ ] {x} Not a check\n- not a list\n~~~'
		);
		expect(text.steps.one.body).toEqual([
			{
				kind: 'pre',
				text: '### Not a heading {#predict}\n- [ ] {x} Not a check\n- not a list'
			}
		]);
		expect(text.steps.one.checks).toEqual({});
		expect(text.steps.one.predict).toBeUndefined();
	});

	it('ends a block left open at the next step, which is read as usual', () => {
		const text = step('```\nnever closed');
		expect(text.steps.one.body).toEqual([{ kind: 'pre', text: 'never closed' }]);
		expect(text.steps.two.body).toEqual([
			{ kind: 'p', inline: [{ kind: 'text', text: 'After.' }] }
		]);
	});

	it('takes off the indentation a block shares (a block under a list item)', () => {
		const text = step('- first\n\n  ```\n  a\n    b\n  ```');
		expect(text.steps.one.body.at(-1)).toEqual({ kind: 'pre', text: 'a\n  b' });
	});

	it('reads a block in a cue and in a reveal', () => {
		const text = parseLabText(
			'# T\n\nS.\n\n## One {#one}\n\nA.\n\n### Why {#reveal}\n\n```\nr\n```\n\n## Cues {#cues}\n\n### C {#c}\n\n```sh\nnpm run lab:server\n```\n'
		);
		expect(text.steps.one.reveal?.body).toEqual([{ kind: 'pre', text: 'r' }]);
		expect(text.cues?.c.body).toEqual([{ kind: 'pre', lang: 'sh', text: 'npm run lab:server' }]);
	});
});
