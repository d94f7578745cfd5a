// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { fullHost, hostScenario } from '$lib/core/world/host-test-world';
import { buttonTag, html, startedStates, text } from '../test-support/render';
import HostPanel from './HostPanel.svelte';
import ResourcesPanel from './ResourcesPanel.svelte';
import WireSteps from './WireSteps.svelte';
import { loadExplanations } from '$lib/i18n/explanations';

// The page loads a refusal's words with the first one shown; rendered on the server here.
beforeAll(() => loadExplanations());

const session = startedStates(hostScenario(fullHost));

const button = buttonTag;

const disabled = (tag: string) => /\sdisabled(=|\s|>|$)/.test(tag);

describe('Host requests panel', () => {
	it('a pending sampling request: the prompt, the scripted reply, Approve / Edit / Reject by id', async () => {
		const world = await session();
		await world.run((w) => w.callTool('mcp__assistant__summarise'));
		const markup = html(world, HostPanel);
		const all = text(markup);
		expect(all).toContain('Waiting for you');
		expect(all).toContain('Request h1 from assistant');
		expect(all).toContain('Summarise the open tickets.');
		expect(all).toContain('At most 100 tokens.');
		expect(all).toContain('Three tickets are open.');
		for (const label of ['Approve request h1', 'Edit the reply to request h1', 'Reject request h1'])
			expect(disabled(button(markup, label))).toBe(false);
		world.pending = 1;
		expect(disabled(button(html(world, HostPanel), 'Approve request h1'))).toBe(true);
		world.pending = 0;
	});

	it('an elicitation form from its schema; the world’s refusal next to it; answered ones with their outcome', async () => {
		const world = await session();
		await world.run((w) => w.callTool('mcp__assistant__book_trip'));
		await world
			.run((w) => w.answerElicitation('h1', { action: 'accept', content: {} }))
			.catch(() => {});
		const markup = html(world, HostPanel);
		expect(markup).toMatch(/<form[^>]*aria-label="Answer to request h1"/);
		expect(text(markup)).toMatch(/city\s*\(required\)/);
		expect(markup).toMatch(/<input[^>]*type="number"[^>]*step="1"/);
		expect(text(markup)).toContain(
			'Not sent: The answer does not fit the requested form: city is required.'
		);
		for (const label of ['Accept request h1', 'Decline request h1', 'Cancel request h1'])
			button(markup, label);
		await world.run((w) => w.answerElicitation('h1', { action: 'decline' }));
		const after = text(html(world, HostPanel));
		expect(after).toContain('No request is waiting for you.');
		expect(after).toMatch(/Elicitation Request h1 from assistant declined/);
		expect(after).toContain('Sent back: decline');
	});

	it('URL mode: the address as text, never a link, and only Accept / Decline', async () => {
		const world = await session();
		await world.run((w) => w.callTool('mcp__assistant__connect_account'));
		const markup = html(world, HostPanel);
		expect(text(markup)).toContain('https://tickets.example.com/oauth');
		expect(text(markup)).toContain('the lab never opens it');
		expect(markup).not.toContain('<a ');
		button(markup, 'Accept request h1');
		button(markup, 'Decline request h1');
		expect(markup).not.toContain('aria-label="Cancel request h1"');
	});

	it('roots answered by the host, what was negotiated, the roots editor and masked logs', async () => {
		const world = await session();
		await world.run((w) => w.callTool('mcp__assistant__where_am_i'));
		await world.run((w) => w.callTool('mcp__assistant__sync'));
		const markup = html(world, HostPanel);
		const all = text(markup);
		expect(all).toContain(
			'Answered by the host at once, without asking you, with its roots: ["file:///workspace"]'
		);
		expect(all).toContain(
			'This host declares: sampling, elicitation (form, url), roots (listChanged)'
		);
		expect(all).toContain(
			'assistant connected 2025-11-25 tools (listChanged), resources, prompts, logging'
		);
		button(markup, 'Remove root file:///workspace');
		expect(markup).toMatch(/<button[^>]*disabled[^>]*>Apply roots<\/button>/);
		expect(all).toContain('"password":"***"');
		expect(all).not.toContain('hunter2');
		expect(markup).toMatch(/<label[^>]*>Log level for assistant<\/label>/);
	});

	it('without a modelReply the core’s scripted reply is offered', async () => {
		const world = await session(hostScenario({ sampling: true }));
		await world.run((w) => w.callTool('mcp__assistant__summarise'));
		expect(text(html(world, HostPanel))).toContain(
			'Here is a short summary, written by the scripted model.'
		);
	});

	it('a host that declares nothing says so, and has no roots to edit', async () => {
		const world = await session(hostScenario());
		const all = text(html(world, HostPanel));
		expect(all).toContain('This host declares no capabilities');
		expect(all).toContain('This host declares no roots capability');
		expect(all).not.toContain('Apply roots');
	});
});

describe('Resources and prompts panel', () => {
	it('lists, reads text and binary (never rendered), and builds a prompt form', async () => {
		const world = await session();
		await world.run((w) => w.listResources('assistant'));
		await world.run((w) => w.readResource('assistant', 'file:///logo.png'));
		await world.run((w) => w.listPrompts('assistant'));
		await world.run((w) => w.getPrompt('assistant', 'triage', { ticket: 'T-1', tone: 'dry' }));
		const markup = html(world, ResourcesPanel);
		const all = text(markup);
		expect(all).toContain('Tool does something');
		expect(all).toContain('Resource gives context');
		button(markup, 'List resources on assistant');
		button(markup, 'List templates on assistant');
		button(markup, 'Read file:///notes.txt');
		button(markup, 'Read file:///logo.png');
		expect(all).toContain('Binary content, 8 bytes: shown as bytes, never rendered.');
		expect(all).toContain('89 50 4e 47 0d 0a 1a 0a');
		expect(markup).not.toContain('<img');
		expect(markup).toMatch(/<form[^>]*aria-label="Prompt triage"/);
		expect(all).toMatch(/ticket\s*\(required\)/);
		button(markup, 'Get prompt triage');
		expect(all).toContain('user : Triage T-1 in a dry tone. Keep {braces}.');
	});

	it('shows the server’s refusal as it came', async () => {
		const world = await session({
			mcp_servers: { plain: { command: 'x', sim: { tools: [{ name: 't' }] } } }
		});
		await world.run((w) => w.listPrompts('plain'));
		expect(text(html(world, ResourcesPanel))).toContain(
			'The request failed: MCP error -32601: Method not found'
		);
	});
});

describe('Message by message', () => {
	it('starts at initialize, says what it is, shows the JSON, and says there is no batching', async () => {
		const world = await session();
		const markup = html(world, WireSteps);
		const all = text(markup);
		expect(all).toContain('no JSON-RPC batching');
		expect(all).toMatch(/Message 1 of \d+/);
		expect(all).toContain('Request: it has an id and a method');
		expect(all).toContain('The client opens the connection');
		expect(all).toContain('protocolVersion 2025-11-25');
		expect(all).toContain('capabilities sampling, elicitation (form, url), roots (listChanged)');
		expect(all).toContain('"method": "initialize"');
		expect(markup).toMatch(/<button[^>]*disabled[^>]*>Previous message<\/button>/);
	});
});
