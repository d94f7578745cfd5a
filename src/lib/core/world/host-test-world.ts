import type { ScenarioInput } from '../scenario/schema';
import type { WireEntry } from './wire';

/**
 * A world whose `assistant` server asks its host for everything issue 7 teaches: sampling,
 * elicitation (form and URL), roots, logging, a tool-list change; it also offers resources,
 * templates and prompts. `host` decides what the harness declares (absent: nothing).
 */
export function hostScenario(host?: ScenarioInput['host']): ScenarioInput {
	return {
		profile: 'openharness',
		...(host ? { host } : {}),
		mcp_servers: {
			assistant: {
				type: 'stdio',
				command: 'assistant-mcp',
				sim: {
					latencyMs: 20,
					tools: [
						{
							name: 'summarise',
							steps: [{ do: 'sample', prompt: 'Summarise the open tickets.', maxTokens: 100 }]
						},
						{
							name: 'book_trip',
							steps: [
								{
									do: 'elicit',
									message: 'Where to?',
									requestedSchema: {
										type: 'object',
										properties: {
											city: { type: 'string', minLength: 2 },
											nights: { type: 'integer', minimum: 1 }
										},
										required: ['city']
									}
								}
							]
						},
						{
							name: 'connect_account',
							steps: [
								{
									do: 'elicitUrl',
									message: 'Sign in to the ticket system.',
									url: 'https://tickets.example.com/oauth'
								}
							]
						},
						{ name: 'where_am_i', steps: [{ do: 'listRoots' }] },
						{
							name: 'sync',
							steps: [
								{ do: 'log', level: 'debug', data: 'starting sync' },
								{
									do: 'log',
									level: 'info',
									logger: 'sync',
									data: { user: 'ana', password: 'hunter2', note: 'Bearer abc.def' }
								},
								{ do: 'log', level: 'error', data: 'sync failed: token=s3cr3t' }
							]
						},
						{
							name: 'unlock',
							steps: [
								{
									do: 'changeTools',
									add: [{ name: 'admin_reset' }],
									remove: ['unlock']
								}
							]
						}
					],
					resources: [
						{ uri: 'file:///notes.txt', name: 'notes', mimeType: 'text/plain', text: 'hello' },
						{ uri: 'file:///logo.png', name: 'logo', mimeType: 'image/png', blob: 'iVBORw0KGgo=' }
					],
					resourceTemplates: [
						{
							uriTemplate: 'tickets://{id}',
							name: 'ticket',
							mimeType: 'application/json',
							contents: [{ uri: 'tickets://T-1', text: '{"id":"T-1","title":"Printer"}' }],
							text: 'Ticket {id}: no details.'
						}
					],
					prompts: [
						{
							name: 'triage',
							description: 'Triage one ticket',
							arguments: [
								{ name: 'ticket', required: true },
								{ name: 'tone', description: 'How to write' }
							],
							messages: [{ role: 'user', text: 'Triage {ticket} in a {tone} tone. Keep {braces}.' }]
						}
					]
				}
			}
		}
	};
}

export const fullHost = {
	sampling: true,
	elicitation: true,
	roots: ['file:///workspace'],
	modelReply: 'Three tickets are open.'
} satisfies ScenarioInput['host'];

type MessageEntry = Extract<WireEntry, { kind: 'message' }>;

export const messages = (entries: readonly WireEntry[]) =>
	entries.filter((e): e is MessageEntry => e.kind === 'message');

/** The message that carries `method`, or the answer to the request with that method. */
export function wireFor(entries: readonly WireEntry[], method: string) {
	const all = messages(entries);
	const request = all.findLast((e) => 'method' in e.message && e.message.method === method);
	const id = request && 'id' in request.message ? request.message.id : undefined;
	const answer =
		id === undefined
			? undefined
			: all.find(
					(e) =>
						e.dir !== request!.dir &&
						!('method' in e.message) &&
						'id' in e.message &&
						e.message.id === id
				);
	return { request, answer };
}
