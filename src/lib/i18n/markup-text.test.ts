import { describe, expect, it } from 'vitest';
import { markupText } from './markup-text';

// Every component's markup, as written: a word typed into it instead of taken from the
// catalogue shows in English on a Chinese page, in whatever state shows it.
const components = import.meta.glob<string>(['../**/*.svelte', '../../routes/**/*.svelte'], {
	eager: true,
	query: '?raw',
	import: 'default'
});

/**
 * Words that are the same in every language, each with its reason. A path or an address is
 * allowed by its shape (below); anything else must be here or in the catalogue.
 */
const ALLOWED: Record<string, string> = {
	// The wire log's transport tag, a protocol name.
	'components/WireLog.svelte text — HTTP': 'protocol name',
	// An example header name, typed as a server expects it.
	'components/live/LiveConnect.svelte placeholder X-Api-Key': 'header name',
	// ToolSource's own run states, quoted as the harness writes them (as the trust panel's are).
	'components/toolsource/ToolSourceRun.svelte text interrupted': "the harness's word",
	'components/toolsource/ToolSourceRun.svelte text running': "the harness's word"
};

/** Each component's words, as `<file> <where> <text>`. */
const written = Object.entries(components).flatMap(([file, source]) =>
	markupText(source).map(({ where, text }) => ({
		text,
		entry: `${file.replace(/^(\.\.\/)+(lib\/)?/, '')} ${where} ${text}`
	}))
);

/** An address or a path prefix (`https://…`, `labs/`): the same in every language. */
const PATH = /^(https?:\/\/\S+|[a-z0-9-]+\/)$/;

describe('markupText', () => {
	it('finds a word in text and in what a reader hears, not in code or expressions', () => {
		const found = markupText(
			`<button aria-label="Close the panel" title={m.x()}>Save</button>
			 <p>{m.hello()} · 保存</p><code>npm ci</code><pre><b>node</b></pre>
			 {#if a}<span>Done</span>{:else}<input placeholder="Name" />{/if}
			 <div class="mt-2 text-sm" data-kind="word">→ 3</div>`
		);
		expect(found).toEqual([
			{ where: 'aria-label', text: 'Close the panel' },
			{ where: 'text', text: 'Save' },
			{ where: 'text', text: '· 保存' },
			{ where: 'text', text: 'Done' },
			{ where: 'placeholder', text: 'Name' }
		]);
	});

	it('finds a word given to a component as a static prop, not a name (an id, a class)', () => {
		const found = markupText(
			`<Panel id="log" testid="log-panel" class="mt-2" label="Protocol log" />
			 <Bounded text={name} secret="text" title="{count} calls" />`
		);
		expect(found).toEqual([
			{ where: '<Panel> label', text: 'Protocol log' },
			{ where: '<Bounded> title', text: 'calls' }
		]);
	});
});

describe('component markup', () => {
	it('has components to read', () => {
		expect(Object.keys(components).length).toBeGreaterThan(100);
	});

	it('shows and says no word of its own: every one comes from the message catalogue', () => {
		const typed = written
			.filter(({ text, entry }) => !PATH.test(text) && !(entry in ALLOWED))
			.map(({ entry }) => entry);
		expect(typed).toEqual([]);
	});

	it('allows nothing that is no longer there', () => {
		const all = new Set(written.map(({ entry }) => entry));
		expect(Object.keys(ALLOWED).filter((entry) => !all.has(entry))).toEqual([]);
	});
});
