// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import NameLab from './NameLab.svelte';
import {
	allIllustrations,
	characterLabel,
	characterList,
	collisionRows,
	defaults,
	nameRows
} from './name-lab';
import { text } from './test-support/render';

/** The row of one host in a table, as text, found by its data-host attribute. */
function row(markup: string, host: string, nth = 0): string {
	let start = -1;
	for (let i = 0; i <= nth; i++) start = markup.indexOf(`data-host="${host}"`, start + 1);
	if (start === -1) throw new Error(`no row for ${host}`);
	return text(
		markup.slice(markup.lastIndexOf('<tr', start), markup.indexOf('</tr>', start))
	).trim();
}

afterEach(() => overwriteGetLocale(() => 'en'));

describe('name lab view logic', () => {
	it('adapts the default pair for every host', () => {
		const rows = nameRows(defaults.server, defaults.tool, { prefix: true });
		expect(rows.map((r) => [r.id, r.name, r.limit === null])).toEqual([
			['openharness', 'mcp__internal-api__search_orders', true],
			['toolsource', 'mcp.internal-api.search.orders', false],
			['trust', 'mcp__internal-api__search.orders', false],
			['miniharness', 'search.orders', false],
			['claude-code', 'mcp__internal-api__search_orders', true],
			['openai-agents', 'mcp_internal-api__search_orders', true],
			['pydantic-ai', 'internal-api_search.orders', false],
			['langchain', 'internal-api_search.orders', false]
		]);
	});

	it('names the lab’s described hosts in the page language, and products by their own names', () => {
		const labels = () => nameRows('s', 't', { prefix: true }).map((r) => r.label);
		expect(labels().slice(0, 4)).toEqual([
			'OpenHarness',
			'ToolSource harness',
			'Connector trust harness',
			'MiniHarness'
		]);
		overwriteGetLocale(() => 'zh-CN');
		expect(labels().slice(0, 4)).toEqual([
			'OpenHarness',
			'ToolSource 运行框架',
			'连接器信任运行框架',
			'MiniHarness'
		]);
		expect(collisionRows(defaults.a, defaults.b, { prefix: true })[2].label).toBe(
			'连接器信任运行框架'
		);
	});

	it('handles 200 characters and emoji', () => {
		const long = nameRows('s', 'x'.repeat(200), { prefix: true });
		const oh = long.find((r) => r.id === 'openharness')!;
		expect(oh.limit).toEqual({ empty: false, length: 208, tooLong: true, characters: [] });
		expect(long.find((r) => r.id === 'openai-agents')!.name).toBe(
			`mcp_s__${'x'.repeat(48)}_98c27732`
		);
		const emoji = nameRows('srv', 'a😀b', { prefix: false });
		expect(emoji.map((r) => r.name)).toEqual([
			'mcp__srv__a_b',
			'mcp.srv.a😀b',
			'mcp__srv__a😀b',
			'a😀b',
			'mcp__srv__a__b',
			'a😀b',
			'a😀b',
			'a😀b'
		]);
	});

	it('shows the default collision pair colliding for OpenHarness', () => {
		const rows = collisionRows(defaults.a, defaults.b, { prefix: true });
		const by = Object.fromEntries(rows.map((r) => [r.id, r]));
		expect(by.openharness.outcome).toEqual({ kind: 'winner', pair: 'B' });
		expect(by['claude-code'].outcome).toEqual({ kind: 'winner', pair: 'A' });
		expect(by.miniharness.outcome).toEqual({ kind: 'winner', pair: 'A' });
		expect(by['openai-agents'].outcome.kind).toBe('renamed');
		expect(by['openai-agents'].names).toEqual([
			'mcp_internal_api__search_orders_fc1878a7',
			'mcp_internal_api__search_orders_bf49341c'
		]);
		expect(by['pydantic-ai'].outcome).toEqual({ kind: 'distinct' });
		expect(by.trust.outcome).toEqual({ kind: 'distinct' });
	});

	it('without the prefix, the raw-name hosts collide on search_orders', () => {
		const by = Object.fromEntries(
			collisionRows(defaults.a, defaults.b, { prefix: false }).map((r) => [r.id, r.outcome])
		);
		expect(by['openai-agents'].kind).toBe('error');
		expect(by['pydantic-ai'].kind).toBe('error');
		expect(by.langchain).toEqual({ kind: 'kept-both' });
	});

	it('ToolSource registers neither of two dotted pairs that meet on one name', () => {
		const by = Object.fromEntries(
			collisionRows({ server: 'a.b', tool: 'c' }, { server: 'a', tool: 'b.c' }, {}).map((r) => [
				r.id,
				r.outcome
			])
		);
		expect(by.toolsource).toEqual({
			kind: 'refused',
			message:
				"mcp.a.b.c is not registered: more than one tool has this name (server 'a.b' tool 'c', " +
				"server 'a' tool 'b.c')"
		});
		expect(by.trust).toEqual({ kind: 'distinct' });
	});

	it('says when both pairs are one tool', () => {
		const same = { server: 's', tool: 't' };
		for (const r of collisionRows(same, { ...same }, { prefix: true }))
			expect(r.outcome).toEqual({ kind: 'same-tool' });
	});

	it('labels characters readably, invisible ones by code point only', () => {
		expect(characterLabel('.')).toBe('. U+002E');
		expect(characterLabel('😀')).toBe('😀 U+1F600');
		expect(characterLabel(' ')).toBe('U+0020');
		expect(characterLabel('\u202e')).toBe('U+202E');
		expect(characterLabel('\u0301')).toBe('U+0301');
		expect(characterList([...'abcdefghij'])).toEqual({
			shown: [...'abcdefgh'].map((c) => characterLabel(c)),
			more: 2
		});
	});

	it('collects each illustration once', () => {
		expect(allIllustrations()).toEqual([
			'toolsource-collision',
			'trust-collision',
			'claude-code-normalisation',
			'claude-code-collision',
			'pydantic-ai-conflict-labels'
		]);
	});
});

describe('NameLab', () => {
	const markup = render(NameLab).body;

	it('is the naming panel, with labelled inputs holding the defaults', () => {
		expect(markup).toContain('id="naming"');
		expect(text(markup)).toContain('Name lab: one tool, every host');
		for (const [label, value] of [
			['Server name', 'internal-api'],
			['Tool name', 'search.orders']
		]) {
			const id = markup.match(new RegExp(`<label for="([^"]+)">${label}</label>`))?.[1];
			expect(id, label).toBeTruthy();
			expect(markup).toMatch(new RegExp(`<input id="${id}"[^>]*value="${value}"`));
			expect(markup).toMatch(new RegExp(`<input id="${id}"[^>]*maxlength="500"`));
		}
	});

	it('shows each host’s exact name and whether it fits the provider limit', () => {
		expect(row(markup, 'openharness')).toContain(
			'OpenHarness mcp__internal-api__search_orders ✓ fits'
		);
		expect(row(markup, 'openai-agents')).toContain(
			'OpenAI Agents SDK mcp_internal-api__search_orders ✓ fits'
		);
		expect(row(markup, 'toolsource')).toContain(
			'mcp.internal-api.search.orders ✗ breaks it not allowed: . U+002E'
		);
		expect(row(markup, 'miniharness')).toContain('MiniHarness search.orders ✗ breaks it');
		expect(row(markup, 'langchain')).toContain('one failing server fails the whole tool load');
	});

	it('uses real table headers', () => {
		expect(markup.match(/<th role="columnheader" scope="col"/g)?.length).toBe(8);
		expect(markup.match(/<th role="rowheader" scope="row"/g)?.length).toBe(16);
	});

	it('shows the default collision per host', () => {
		expect(row(markup, 'openharness', 1)).toBe(
			'OpenHarness mcp__internal_api__search_orders mcp__internal_api__search_orders Same name: pair B wins, the model never sees pair A.'
		);
		expect(row(markup, 'openai-agents', 1)).toContain(
			'mcp_internal_api__search_orders_fc1878a7 mcp_internal_api__search_orders_bf49341c Same name: both are renamed'
		);
		expect(row(markup, 'pydantic-ai', 1)).toContain('No collision: the names differ.');
	});

	it('flags the lab’s illustrations in text, not by colour', () => {
		expect(row(markup, 'claude-code')).toContain('✱ (has details chosen by the lab');
		expect(text(markup)).toContain('Claude Code: of two tools with one name, the first is kept.');
	});
});
