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
