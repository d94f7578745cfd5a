// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { isolationScenario, toolSourceScenario } from '$lib/core/world/test-world';
import CallPanel from '../CallPanel.svelte';
import HarnessControls from '../HarnessControls.svelte';
import { buttonTag, html, startedStates, text } from '../test-support/render';
import ToolSourcePanel from './ToolSourcePanel.svelte';
import { loadToolSourceParts, toolSourceParts } from './parts.svelte';

const session = startedStates(toolSourceScenario);

// The shared panels draw ToolSource's parts once loaded (a page loads them when its world is a
// ToolSource one); server-side rendering does not wait, so they are loaded first.
beforeAll(async () => {
	expect(toolSourceParts.Call).toBeNull();
	await loadToolSourceParts();
});

const button = buttonTag;

/** Whether an opening tag carries the disabled attribute (not a `disabled:` class). */
const disabled = (tag: string) => /\sdisabled(=|\s|>|$)/.test(tag);

/** The rendered `<li>` of each state of the diagram, by state word. */
function states(markup: string): Record<string, string> {
	return Object.fromEntries(
		[...markup.matchAll(/<li([^>]*data-state="([a-z_]+)"[^>]*)>([\s\S]*?)<\/li>/g)].map((m) => [
			m[2],
			`${m[1]} ${text(m[3]).trim()}`
		])
	);
}

describe('ToolSource in the calls list', () => {
	it('waiting for approval: the effect from the allowlist, Approve/Refuse, and Cancel even while busy', async () => {
		const world = await session();
		await world.run((w) => w.callTool('mcp.tickets.create_ticket', { title: 'x' }));
		world.pending = 1;
		const markup = html(world, CallPanel);
		const all = text(markup);
		expect(all).toContain('waiting_for_approval');
		expect(all).toContain('Effect on the allowlist: write');
		expect(all).toContain('never permissions');
		expect(disabled(button(markup, 'Approve call c1'))).toBe(true);
		expect(disabled(button(markup, 'Refuse call c1'))).toBe(true);
		expect(disabled(button(markup, 'Cancel call c1'))).toBe(false);
		world.pending = 0;
	});

	it('ended: the output the model got, truncation and unsupported types', async () => {
		const world = await session();
		await world.run((w) => w.callTool('mcp.files.export_log', {}));
		await world.run((w) => w.callTool('mcp.files.screenshot', {}));
		await world.run((w) => w.callTool('mcp.files.delete_file', {}));
		const all = text(html(world, CallPanel));
		expect(all).toMatch(/whole raw result \(\d+ bytes\) is in artifact artifact-c1/);
		expect(all).toContain('Content types the harness does not read');
		expect(all).toContain('image (image/png)');
		expect(all).toContain('Permission denied: mcp.files.delete_file is not on the allowlist');
		expect(all).toContain('Effect on the allowlist: not on the allowlist');
		expect(all).not.toContain('Cancel call');
	});

	it('an unknown outcome: the run is interrupted, said on the call and before the next one', async () => {
		const world = await session();
		await world.run((w) => w.callTool('mcp.tickets.transfer_funds', {}));
		await world.run((w) => w.answerApproval('c1', true));
		const all = text(html(world, CallPanel));
		expect(all).toContain('The run is interrupted until this call is reconciled.');
		expect(all).toContain('ToolSource refuses new calls and approvals until c1 is reconciled');
		await world.reconcile('c1', 'not_applied');
		const after = text(html(world, CallPanel));
		expect(after).toContain('Reconciled: the side effect did not happen.');
		expect(after).not.toContain('refuses new calls');
	});
});

describe('ToolSource harness controls', () => {
	it('no permission modes: the allowlist, and a restart that works while busy', async () => {
		const world = await session();
		world.pending = 1;
		const markup = html(world, HarnessControls);
		world.pending = 0;
		const all = text(markup);
		expect(all).toContain('Harness (ToolSource)');
		expect(markup).not.toContain('<select');
		expect(all).toContain('Permissions: the allowlist decides');
		expect(all).toContain('mcp.tickets.transfer_funds network');
		expect(all).toContain('mcp.files.read_file read');
		expect(markup).toMatch(/<button[^>]*>Restart harness<\/button>/);
		expect(disabled(markup.match(/<button[^>]*>Restart harness</)![0])).toBe(false);
		expect(disabled(markup.match(/<button[^>]*>Start session</)![0])).toBe(true);
	});

	it('OpenHarness keeps its permission modes and has no restart', async () => {
		const world = await session(isolationScenario);
		const markup = html(world, HarnessControls);
		expect(markup).toContain('aria-labelledby="harness-mode-label"');
		expect(markup).toMatch(/aria-pressed="true"[^>]*>full_auto</);
		expect(text(markup)).not.toContain('Restart harness');
		expect(text(markup)).toContain('Harness (OpenHarness)');
	});
});

describe('ToolSource panel', () => {
	it('before any call: every state in order, nothing to reconcile, an empty audit', async () => {
		const world = await session();
		const markup = html(world, ToolSourcePanel);
		expect(Object.keys(states(markup))).toEqual([
			'proposed',
			'waiting_for_approval',
			'ready',
			'intent_persisted',
			'calling',
			'result',
			'completed',
			'permission_denied',
			'failed',
			'unknown',
			'cancelled'
		]);
		const all = text(markup);
		expect(all).toContain('No calls yet');
		expect(all).toContain('running — The run is running');
		expect(all).toContain('Nothing is replayed automatically');
		expect(all).toContain('No calls to audit yet.');
		expect(markup).not.toContain('aria-current');
	});

	it('in-flight calls on their state; the followed call’s path with times and notes', async () => {
		const world = await session();
		await world.run((w) => w.callTool('mcp.files.read_file', { path: '/a' }));
		await world.run((w) => w.callTool('mcp.files.write_file', { path: '/a', text: 'b' }));
		await world.run((w) => w.callTool('mcp.tickets.create_ticket', { title: 'x' }));
		const shown = states(html(world, ToolSourcePanel));
		expect(shown.waiting_for_approval).toContain('aria-current="step"');
		expect(shown.waiting_for_approval).toContain('current state of c3');
		expect(shown.waiting_for_approval).toContain('In flight here: c2, c3');
		expect(shown.waiting_for_approval).toMatch(/t=\d+ ms write/);
		expect(shown.calling).not.toContain('t=');
		expect(shown.completed).not.toContain('aria-current');
	});

	it('interrupted: the banner, reconcile buttons by name, then the verdict; the audit row', async () => {
		const world = await session();
		// Refused (no such argument), but the audit still shows the attempt, masked.
		await world.run((w) => w.callTool('mcp.files.read_file', { path: '/a', token: 's3cret' }));
		await world.run((w) => w.callTool('mcp.tickets.transfer_funds', {}));
		await world.run((w) => w.answerApproval('c2', true));
		let markup = html(world, ToolSourcePanel);
		expect(markup).toContain('data-testid="run-interrupted"');
		expect(text(markup)).toContain('c2 mcp.tickets.transfer_funds {} intent persisted at t=');
		button(markup, 'It happened: the side effect of call c2');
		button(markup, 'It did not happen: the side effect of call c2');
		expect(states(markup).unknown).toContain('c2 ended here');
		const row = (id: string) =>
			text(markup.match(new RegExp(`<tr role="row" data-call="${id}">[\\s\\S]*?</tr>`))![0]).trim();
		expect(row('c2')).toMatch(/^c2 tickets transfer_funds \{\} \d+ \d+ — unknown$/);
		expect(row('c1')).toMatch(
			/^c1 files read_file \{"path":"\/a","token":"\*\*\*"\} \d+ 0 — failed$/
		);
		expect(markup).not.toContain('s3cret');

		await world.reconcile('c2', 'applied');
		// A name no server offers: the name the model called, and no server (not two empty cells).
		await world.run((w) => w.callTool('mcp.files.nope', {}));
		markup = html(world, ToolSourcePanel);
		expect(row('c3')).toMatch(/^c3 — mcp\.files\.nope \{\} \d+ 0 — failed$/);
		markup = html(world, ToolSourcePanel);
		expect(markup).not.toContain('data-testid="run-interrupted"');
		expect(text(markup)).toContain('Reconciled: the side effect happened.');
		expect(markup).not.toContain('the side effect of call c2"');
	});
});
