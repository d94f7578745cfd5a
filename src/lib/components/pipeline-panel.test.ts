// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { type ScenarioInput } from '$lib/core';
import { parseScenario } from '$lib/core/scenario/parse';
import { WorldState } from '$lib/state/world-state.svelte';
import PipelinePanel from './PipelinePanel.svelte';
import { html, text } from './test-support/render';

function scenario(extra: Partial<ScenarioInput> = {}) {
	const parsed = parseScenario({
		mcp_servers: {
			tickets: {
				type: 'http',
				url: 'https://tickets.example/mcp',
				sim: {
					latencyMs: 40,
					tools: [
						{
							name: 'create',
							inputSchema: { type: 'object', properties: { title: { type: 'string' } } },
							result: { content: [{ type: 'text', text: 'Ticket T-1 created' }] }
						}
					]
				}
			}
		},
		...extra
	});
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	return parsed.scenario;
}

let state: WorldState | undefined;
afterEach(() => state?.dispose());

async function session(extra: Partial<ScenarioInput> = {}) {
	state = new WorldState(scenario(extra));
	await state.run((w) => w.startSession());
	return state;
}

/** Each stage's `<li>` (state id → its text), in the order shown. */
function stages(markup: string): [string, string][] {
	return [
		...markup.matchAll(
			/<li[^>]*data-stage="([a-z_]+)"[^>]*>([\s\S]*?)(?=<li[^>]*data-stage=|<\/ol>)/g
		)
	].map((match) => [match[1], text(match[2]).trim()]);
}

describe('pipeline panel', () => {
	it('asks for a call while there is none', async () => {
		await session();
		const markup = html(state!, PipelinePanel);
		expect(markup).toContain('id="pipeline-stages"');
		expect(text(markup)).toContain('Call pipeline, stage by stage');
		expect(text(markup)).toContain('No calls yet: call a tool in the Model calls panel.');
		expect(markup).not.toContain('<select');
	});

	it('a successful call: eight stages in order, each with its outcome, time and summary', async () => {
		await session({ permissions: { mode: 'full_auto' } });
		await state!.run((w) => w.callTool('mcp__tickets__create', { title: 'Printer', extra: 1 }));
		const markup = html(state!, PipelinePanel);
		const all = text(markup);

		expect(markup).toMatch(/<label for="([^"]+)-call">Call<\/label>\s*<select id="\1-call"/);
		expect(all).toContain('c1 mcp__tickets__create — completed');
		expect(markup).toContain('<ol');
		expect(all).toContain('Stages of c1');

		const shown = stages(markup);
		expect(shown.map(([id]) => id)).toEqual([
			'pre_tool_use',
			'lookup',
			'validation',
			'permission',
			'awaiting_approval',
			'executing',
			'normalising',
			'post_tool_use'
		]);
		const [pre, lookup, validation, permission, approval, executing, normalising, post] = shown.map(
			([, t]) => t
		);
		expect(pre).toMatch(/^1 pre_tool_use hooks pre_tool_use passed t=\d+ ms/);
		expect(pre).toContain('No hook matched this tool.');
		expect(lookup).toMatch(
			/Lookup lookup found t=\d+ ms Server tickets The server’s own tool name create/
		);
		expect(validation).toContain('Input validation validation valid');
		expect(validation).toContain('Arguments to send {"title":"Printer"}');
		expect(validation).toContain('Dropped without a word (no such field) extra');
		expect(permission).toContain('permission allow');
		expect(permission).toContain('Rule that decided full-auto');
		expect(permission).toContain('Auto mode allows all tools');
		expect(approval).toContain('skipped — not asked: permission allowed the call');
		expect(executing).toContain('tools/call executing returned');
		expect(executing).toContain(
			'MCP result {"content":[{"type":"text","text":"Ticket T-1 created"}]}'
		);
		const request = executing.match(/Request #(\d+) · id (\d+) · host → server/);
		const response = executing.match(/Response #(\d+) · id (\d+) · server → host/);
		expect(Number(response![1])).toBeGreaterThan(Number(request![1]));
		expect(response![2]).toBe(request![2]);
		expect(executing).toContain('"method": "tools/call"');
		expect(normalising).toContain('normalising inline');
		expect(normalising).toContain('Characters of output 18');
		expect(normalising).toContain('no artifact saved');
		expect(post).toContain('post_tool_use ran');
		expect(all).not.toContain('◀ now');
		expect(all).toMatch(/What the model receives Ticket T-1 created/);
		expect(markup).toContain('Full detail</summary>');
	});

	it('an unknown tool: lookup says unknown and every later stage is skipped', async () => {
		await session({ permissions: { mode: 'full_auto' } });
		await state!.run((w) => w.callTool('mcp__tickets__nope', {}));
		const markup = html(state!, PipelinePanel);
		const shown = stages(markup);
		expect(shown[0][1]).toContain('pre_tool_use passed');
		expect(shown[1][1]).toContain('lookup ⚠ unknown');
		expect(shown[1][1]).toContain('Error result Unknown tool: mcp__tickets__nope');
		for (const [, t] of shown.slice(2))
			expect(t).toContain('skipped — the call ended before this stage');
		expect(shown[5][1]).toContain('Nothing was sent: the call ended before tools/call.');
		expect(text(markup)).toMatch(/⚠ error result Unknown tool: mcp__tickets__nope/);
	});

	it('plan mode: permission denies; approval, tools/call and the rest are skipped', async () => {
		await session({ permissions: { mode: 'plan' } });
		await state!.run((w) => w.callTool('mcp__tickets__create', { title: 'x' }));
		const shown = stages(html(state!, PipelinePanel));
		expect(shown[0][1]).toContain('pre_tool_use hooks pre_tool_use passed');
		expect(shown[1][1]).toContain('Lookup lookup found');
		expect(shown[2][1]).toContain('Input validation validation valid');
		expect(shown[3][1]).toContain('Permission permission ⚠ deny');
		expect(shown[3][1]).toContain('Rule that decided plan-mode');
		expect(shown[3][1]).toContain('Plan mode blocks mutating tools until the user exits plan mode');
		for (const [, t] of shown.slice(4))
			expect(t).toContain('skipped — the call ended before this stage');
	});

	it('default mode: the waiting call is marked now at awaiting_approval, pointing at the buttons', async () => {
		await session({ permissions: { mode: 'default' } });
		await state!.run((w) => w.callTool('mcp__tickets__create', { title: 'x' }));
		const markup = html(state!, PipelinePanel);
		expect(text(markup)).toContain('c1 mcp__tickets__create — awaiting_approval');
		const shown = stages(markup);
		expect(shown[3][1]).toContain('permission ask');
		expect(shown[4][1]).toContain('awaiting_approval ◀ now');
		expect(shown[4][1]).toContain('Approve or Refuse in the Model calls panel');
		expect(markup).toMatch(/<li[^>]*data-stage="awaiting_approval"[^>]*aria-current="step"/);
		expect(markup).toMatch(/<strong[^>]*>◀ now<\/strong>/);
		expect(markup).toContain('href="#calls"');
		expect(shown[5][1]).toContain('not reached yet');
		expect(shown[5][1]).toContain('Nothing sent yet.');
		expect(text(markup)).toContain('Nothing yet: the call is at awaiting_approval.');
	});

	it('follows the newest call, newest first in the list', async () => {
		await session({ permissions: { mode: 'full_auto' } });
		await state!.run((w) => w.callTool('mcp__tickets__create', { title: 'a' }));
		await state!.run((w) => w.callTool('mcp__tickets__nope', {}));
		const markup = html(state!, PipelinePanel);
		const all = text(markup);
		expect(all.indexOf('c2 mcp__tickets__nope — completed')).toBeLessThan(
			all.indexOf('c1 mcp__tickets__create — completed')
		);
		expect(all).toContain('Stages of c2');
	});

	it('offers step mode as a labelled checkbox, off by default, before any call', async () => {
		await session();
		const markup = html(state!, PipelinePanel);
		expect(markup).toMatch(
			/<label[^>]*>\s*<input type="checkbox"[^>]*aria-describedby="[^"]+-hint"/
		);
		expect(markup).not.toMatch(/<input type="checkbox"[^>]*checked/);
		expect(text(markup)).toContain('Step mode');
		expect(markup).not.toContain('Next stage');
	});

	it('step mode: the held stage is now, with its outcome, and the step buttons are offered', async () => {
		await session({ permissions: { mode: 'full_auto' } });
		await state!.setStepMode(true);
		const { id } = await state!.run((w) => w.callTool('mcp__tickets__create', { title: 'x' }));
		await state!.stepCall(id);
		const markup = html(state!, PipelinePanel);
		expect(markup).toMatch(/<input type="checkbox"[^>]*checked/);
		expect(markup).toMatch(
			/<li[^>]*data-stage="lookup"[^>]*data-status="now"[^>]*aria-current="step"/
		);
		const shown = stages(markup);
		expect(shown[1][1]).toContain('lookup found');
		expect(shown[1][1]).toContain('◀ now');
		expect(shown[1][1]).toContain('Held in step mode: this stage has decided.');
		expect(shown[2][1]).toContain('not reached yet');
		expect(markup).toMatch(
			/<button type="button"[^>]*aria-disabled="false"[^>]*>Next stage<\/button>/
		);
		expect(markup).toMatch(/<button type="button"[^>]*>Run to the end<\/button>/);
		expect(text(markup)).toContain('Nothing yet: the call is at lookup.');
	});

	it('step mode: a call stepped to its end shows the output and no step buttons', async () => {
		await session({ permissions: { mode: 'full_auto' } });
		await state!.setStepMode(true);
		const { id } = await state!.run((w) => w.callTool('mcp__tickets__create', { title: 'x' }));
		for (let i = 0; i < 6; i++) await state!.stepCall(id);
		const markup = html(state!, PipelinePanel);
		expect(text(markup)).toMatch(/What the model receives Ticket T-1 created/);
		expect(markup).not.toContain('Next stage');
		expect(markup).not.toContain('aria-current');
	});

	it('turning step mode off runs the held call to its end', async () => {
		await session({ permissions: { mode: 'full_auto' } });
		await state!.setStepMode(true);
		await state!.run((w) => w.callTool('mcp__tickets__create', { title: 'x' }));
		await state!.setStepMode(false);
		expect(state!.stepMode).toBe(false);
		const markup = html(state!, PipelinePanel);
		expect(text(markup)).toContain('c1 mcp__tickets__create — completed');
		expect(markup).not.toContain('Next stage');
	});
});

describe('pipeline panel: OpenHarness’s built-in resource tools', () => {
	it('list_mcp_resources says nothing crossed the wire; read_mcp_resource names resources/read', async () => {
		const world = await session();
		await world.run((w) => w.callTool('list_mcp_resources'));
		const listed = new Map(stages(html(world, PipelinePanel)));
		expect(listed.get('executing')).toContain(
			'Nothing crosses the wire: list_mcp_resources reads the resources each server recorded when it connected.'
		);
		await world.run((w) => w.callTool('read_mcp_resource', { server: 'gone', uri: 'x://1' }));
		const read = new Map(stages(html(world, PipelinePanel)));
		expect(read.get('executing')).toContain(
			'Nothing was sent: the server was not connected, so resources/read was never written.'
		);
		await world.run((w) => w.callTool('read_mcp_resource', { uri: 'x://1' }));
		expect(new Map(stages(html(world, PipelinePanel))).get('executing')).toContain(
			'Nothing was sent: the call ended before resources/read.'
		);
	});
});
