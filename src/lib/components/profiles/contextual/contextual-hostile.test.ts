// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { WorldState } from '$lib/state/world-state.svelte';
import { html, text } from '../../test-support/render';
import ContextualPanel from './ContextualPanel.svelte';
import type { ContextualServerView, ContextualView } from './contextual-view';

const [FSI, PDI, RLO] = ['\u2068', '\u2069', '\u202e'];
const LONG = 'x'.repeat(100_000);

const server: ContextualServerView = {
	url: 'https://a.example/mcp',
	refused: null,
	static: {},
	bindings: {},
	allowed_tools: null,
	prefix: null,
	headers: null
};

const view: ContextualView = {
	profile: 'contextual',
	identities: [LONG],
	claims: {},
	metadata: {},
	resultChars: 1000,
	run: {
		number: 1,
		identity: LONG,
		// Typed by the learner, or set by a host page's command: bounded like a name.
		run_id: 'r'.repeat(5000),
		thread_id: 't',
		servers: [],
		state: 'running',
		error: null,
		not_ascii: null,
		illegal_header: null
	},
	servers: { 'my server': server, [LONG]: server },
	tools: [],
	filtered: [{ server: `${RLO}evil`, tool: 'a' }],
	unmatched: [{ server: `${RLO}evil`, tool: 'b' }]
};

/** Only what the contextual panel reads of the page's world. */
const markup = () =>
	html({ profileView: view, pending: 0 } as unknown as WorldState, ContextualPanel);

describe('the contextual panel with hostile names', () => {
	it('labels each server by an index-based id, never by its name', () => {
		const page = markup();
		const ids = [...page.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
		const refs = [...page.matchAll(/aria-labelledby="([^"]*)"/g)].map((m) => m[1]);
		for (const id of [...ids, ...refs]) {
			expect(id).not.toMatch(/\s/);
			expect(id.length).toBeLessThan(100);
		}
		for (const ref of refs) expect(ids).toContain(ref);
	});

	it('bounds the identity and the run id in the run line, and the identity in its option', () => {
		const page = markup();
		expect(page.length).toBeLessThan(4 * LONG.length);
		const option = page.match(/<option[^>]*>([^<]*)<\/option>/);
		expect(option?.[1].length).toBeLessThan(300);
		const line = text(page).match(/Run (r*) \(run 1 on this page\) as (x*)/);
		expect(line?.[1].length).toBeLessThan(300);
		expect(line?.[2].length).toBeLessThan(300);
	});

	it('says a tool prefix is the lab’s own, whole, and bounds a long one', () => {
		const prefixed = (prefix: string) =>
			text(
				html(
					{
						profileView: { ...view, servers: { kb: { ...server, prefix } } },
						pending: 0
					} as unknown as WorldState,
					ContextualPanel
				)
			);
		expect(prefixed('kb')).toContain(
			'Tool prefix: kb (the lab’s own: a13n’s ContextualMCP passes no tool_prefix to pydantic-ai)'
		);
		expect(prefixed(LONG).length).toBeLessThan(LONG.length);
	});

	it('isolates each name in the allowed_tools sentences', () => {
		const all = text(markup());
		expect(all).toContain(`Left out by allowed_tools: ${FSI}${RLO}evil${PDI}/a`);
		expect(all).toContain(`${FSI}${RLO}evil${PDI}/b`);
	});
});
