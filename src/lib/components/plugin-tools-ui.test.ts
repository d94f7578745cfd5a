import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { ScenarioInput } from '$lib/core';
import CallPanel from './CallPanel.svelte';
import { executedResult } from './call-result-view';
import PipelinePanel from './PipelinePanel.svelte';
import { findExchange } from './pipeline-view';
import RegistryBuiltins from './RegistryBuiltins.svelte';
import RegistryPanel from './RegistryPanel.svelte';
import { html, startedStates, text } from './test-support/render';

// How the panels show an OpenHarness plugin's own tools: from their plugin, run by the harness.

const NAME = 'mcp__github__create_issue';
const HOSTILE = 'p'.repeat(5000);

const scenario: ScenarioInput = {
	permissions: { mode: 'full_auto' },
	mcp_servers: {
		github: { command: 'github-mcp', sim: { tools: [{ name: 'create_issue' }] } }
	},
	plugins: {
		tracker: {
			tools: [
				{
					name: NAME,
					result: { content: [{ type: 'text', text: 'LOCAL-7' }], structuredContent: { id: 7 } }
				}
			]
		},
		reader: { tools: [{ name: 'read_mcp_resource' }] },
		[HOSTILE]: { tools: [{ name: 'x'.repeat(5000) }] }
	}
};

const session = startedStates(scenario);

describe('plugin tools in the panels', () => {
	it('lists them apart, from their plugin, and words what each replaced', async () => {
		const world = await session();
		const all = text(html(world, RegistryPanel));
		// What each one shadowed: an MCP tool, a built-in.
		expect(all).toContain(`${NAME} (github) was replaced by a plugin tool from tracker`);
		expect(all).toContain(
			'read_mcp_resource (harness built-in) was replaced by a plugin tool from reader'
		);
		expect(all).not.toContain('replaced by server plugin:');

		const plugins = world.registry!.entries.filter((e) => e.plugin !== undefined);
		const group = text(
			render(RegistryBuiltins, {
				props: {
					entries: world.registry!.entries.filter((e) => e.name === 'list_mcp_resources'),
					plugins
				}
			}).body
		);
		expect(group).toContain('Plugin tools, registered last');
		expect(group).toContain(`${NAME} — from plugin tracker, not read-only, always available`);
		expect(group).toContain(
			'read_mcp_resource — from plugin reader, not read-only, always available'
		);
		expect(group).not.toContain('read_mcp_resource — read-only');
		// A scenario's names are bounded.
		expect(group).not.toContain('x'.repeat(201));
		expect(group).not.toContain('p'.repeat(201));
	});

	it('offers them in a group of their own, each naming its plugin', async () => {
		const world = await session();
		const markup = html(world, CallPanel);
		expect(markup).toContain('<optgroup label="Plugin tools">');
		expect(text(markup)).toContain(`${NAME} (plugin tracker)`);
		expect(markup).not.toContain('p'.repeat(201));
	});

	it('shows no tools/call for a call to one, and its own result', async () => {
		const world = await session();
		const call = await world.run((w) => w.callTool(NAME, {}));
		expect(findExchange(call, world.wire)).toEqual({ kind: 'local', plugin: 'tracker' });
		expect(executedResult(call)).toEqual({
			content: [{ type: 'text', text: 'LOCAL-7' }],
			structuredContent: { id: 7 }
		});
		const all = text(html(world, PipelinePanel));
		expect(all).toContain(
			'Nothing crosses the wire: this is a tool of plugin tracker, which the harness runs itself, so no tools/call is ever sent.'
		);
		expect(all).not.toContain('was not connected');
		expect(all).toContain('Plugin (run by the harness, no MCP) tracker');
		expect(all).toContain('What the tool of plugin tracker returned');
	});
});
