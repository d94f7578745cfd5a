// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '$lib/core/scenario/parse';
import { WorldState } from '$lib/state/world-state.svelte';
import InputModelPanel from './InputModelPanel.svelte';
import { html, text } from './test-support/render';

const scenario = (() => {
	const parsed = parseScenario({
		mcp_servers: {
			tickets: {
				type: 'http',
				url: 'https://tickets.example/mcp',
				sim: {
					tools: [
						{
							name: 'create.ticket',
							description: 'Open a ticket',
							inputSchema: {
								type: 'object',
								properties: {
									title: { type: 'string', pattern: '^[A-Z]' },
									priority: { type: 'string', enum: ['low', 'high'] },
									owner: {
										type: 'object',
										properties: { email: { type: 'string', format: 'email' } },
										required: ['email']
									},
									due: { type: ['string', 'null'] }
								},
								required: ['title', 'ghost']
							}
						}
					]
				}
			}
		}
	});
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	return parsed.scenario;
})();

let state: WorldState | undefined;
afterEach(() => state?.dispose());

describe('input model panel', () => {
	it('asks for a session while the registry is empty', () => {
		state = new WorldState(scenario);
		const markup = html(state, InputModelPanel);
		expect(markup).toContain('id="input-model"');
		const all = text(markup);
		expect(all).toContain('Input model: what the harness keeps');
		expect(all).toContain('No tools yet: start the session.');
		expect(markup).not.toContain('<select');
	});

	it('shows the schema, the shallow model, what it lost and what the model is shown', async () => {
		state = new WorldState(scenario);
		await state.run((w) => w.startSession());
		const markup = html(state, InputModelPanel);
		const all = text(markup);

		expect(markup).toMatch(/<label for="([^"]+)-tool">Tool<\/label>/);
		expect(markup).toContain('mcp__tickets__create_ticket');
		// The harness's built-ins have their own pydantic models, not one built from a schema.
		expect(markup).not.toContain('mcp_resource');
		expect(all).toContain('The server’s JSON Schema');
		expect(all).toContain('"pattern": "^[A-Z]"');

		expect(all).toContain('Class Mcp__Tickets__Create_TicketInput');
		expect(markup).toContain('<th scope="col"');
		expect(all).toMatch(/title str required/);
		expect(all).toMatch(/priority str optional \(default None\)/);
		expect(all).toMatch(/owner dict optional/);
		expect(all).toMatch(/due object \(any value\) optional/);
		expect(all).toContain('Required but not in properties, so ignored: ghost');

		expect(all).toContain('⚠ Lost: title.pattern = "^[A-Z]" — the LLM may send any string');
		expect(all).toContain('⚠ Lost: priority.enum = ["low","high"] — the LLM may send any string');
		expect(all).toContain(
			'⚠ Lost: owner.properties = {"email":{"type":"string","format":"email"}} — the LLM may send any object'
		);
		expect(all).toContain('⚠ Lost: owner.required = ["email"] — the LLM may send any object');
		expect(all).toContain('⚠ Lost: due.type = ["string","null"] — the LLM may send any value');

		expect(all).toContain('to_api_schema(): exactly what the LLM is shown');
		const api = JSON.stringify(
			{
				name: 'mcp__tickets__create_ticket',
				description: 'Open a ticket',
				input_schema: {
					properties: {
						title: { title: 'Title', type: 'string' },
						priority: {
							anyOf: [{ type: 'string' }, { type: 'null' }],
							default: null,
							title: 'Priority'
						},
						owner: {
							anyOf: [{ additionalProperties: true, type: 'object' }, { type: 'null' }],
							default: null,
							title: 'Owner'
						},
						due: { anyOf: [{}, { type: 'null' }], default: null, title: 'Due' }
					},
					required: ['title'],
					title: 'Mcp__Tickets__Create_TicketInput',
					type: 'object'
				}
			},
			null,
			2
		);
		expect(text(markup.replace(/\n/g, '⏎'))).toContain(text(api.replace(/\n/g, '⏎')));
	});

	it('offers a labelled argument box prefilled with {} and a real Validate button', async () => {
		state = new WorldState(scenario);
		await state.run((w) => w.startSession());
		const markup = html(state, InputModelPanel);
		expect(markup).toMatch(/<label for="([^"]+)-args">Arguments \(JSON\)<\/label>/);
		expect(markup).toMatch(/<textarea[^>]*aria-invalid="false"[^>]*>{}<\/textarea>/);
		expect(markup).toMatch(/<button type="submit"[^>]*>Validate<\/button>/);
		expect(markup).not.toContain('Would send:');
	});
});
