// @vitest-environment node
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { pressureOf } from '$lib/core/profiles/trust/pressure';
import type { TrustView } from '$lib/core/profiles/trust/view';
import type { WorldState } from '$lib/state/world-state.svelte';
import { html, text } from '../../test-support/render';
import TrustModelView from './TrustModelView.svelte';
import TrustPanel from './TrustPanel.svelte';

const [FSI, PDI, RLO] = ['\u2068', '\u2069', '\u202e'];
/** A connector's name as a hostile server's config gives it: a bidi override, then 10,000 characters. */
const EVIL = `${RLO}evil${'x'.repeat(10_000)}`;

function deepSchema(levels = 10_000): Record<string, unknown> {
	let value: Record<string, unknown> = { type: 'string' };
	for (let i = 0; i < levels; i++) value = { type: 'object', properties: { a: value } };
	return value;
}

function trustView(overrides: Partial<TrustView> = {}): TrustView {
	const pressure = pressureOf(0, []);
	return {
		profile: 'trust',
		connectors: { [EVIL]: { state: 'disconnected', trusted: false, tools: [] } },
		grant: { tools: [`mcp__${EVIL}__t`], network: true },
		available: [],
		pool: [],
		loaded: [],
		schemas: {},
		deferredBlock: '',
		connectRefused: [EVIL],
		health: null,
		pressure: { current: pressure, generated: pressure },
		...overrides
	} as TrustView;
}

/** Only what the trust panel reads of the page's world. */
const worldOf = (view: TrustView) => ({ profileView: view, pending: 0 }) as unknown as WorldState;

describe('the trust panel with hostile names', () => {
	it('bounds a connector name in every accessible name to 120 characters', () => {
		const markup = html(worldOf(trustView()), TrustPanel);
		const labels = [...markup.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]);
		expect(labels.some((l) => l.includes('evil'))).toBe(true);
		for (const label of labels) expect(label.length).toBeLessThan(200);
	});

	it('isolates the name in the refused-connect sentence, and bounds it', () => {
		const markup = html(worldOf(trustView()), TrustPanel);
		const refused = markup.match(/data-testid="connect-refused"[^>]*>([\s\S]*?)<\/span>/);
		expect(refused).not.toBeNull();
		const sentence = text(refused![1]);
		expect(sentence).toContain(`Connector ${FSI}${RLO}evil`);
		expect(sentence).toContain(`${PDI} is not trusted`);
		expect(sentence.length).toBeLessThan(300);
	});

	it('shows a loaded schema nested 10,000 deep without throwing', () => {
		const view = trustView({
			loaded: ['mcp__a__deep'],
			schemas: { mcp__a__deep: { description: '', input_schema: deepSchema() } }
		});
		const markup = render(TrustModelView, { props: { view } }).body;
		expect(markup).toContain('data-testid="loaded-schemas"');
		expect(markup.length).toBeLessThan(5000);
	});
});
