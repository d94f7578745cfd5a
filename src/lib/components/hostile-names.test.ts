// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { WorldState } from '$lib/state/world-state.svelte';
import InputModelPanel from './InputModelPanel.svelte';
import PinsPanel from './pins/PinsPanel.svelte';
import HostPanel from './protocol/HostPanel.svelte';
import ServerLogs from './protocol/ServerLogs.svelte';
import ServersPanel from './ServersPanel.svelte';
import { html, text } from './test-support/render';

const [FSI, PDI, RLO] = ['\u2068', '\u2069', '\u202e'];
const EVIL = `${RLO}evil`;
const LONG = 'x'.repeat(100_000);

/** A page world holding only what the panel under test reads. */
const world = (fields: Record<string, unknown>) => fields as unknown as WorldState;

describe('panels with hostile server names', () => {
	it('isolates each name in the skipped-plugin sentences (servers panel)', () => {
		const all = text(
			html(
				world({
					servers: [],
					skippedPlugins: [
						{ key: EVIL, plugin: EVIL, name: 'n', reason: 'plugin-disabled' },
						{ key: `${EVIL}2`, plugin: 'p', name: 'n', reason: 'key-taken' }
					]
				}),
				ServersPanel
			)
		);
		expect(all).toContain(`${FSI}${EVIL}${PDI}: the plugin ${FSI}${EVIL}${PDI} is disabled`);
		expect(all).toContain(`${FSI}${EVIL}2${PDI}: that key is already taken`);
	});

	it('bounds and isolates the server and error of a re-list (pins panel)', () => {
		const relist = (server: string, tools: number | null, error = '') => ({
			server,
			t: 5,
			tools,
			error
		});
		const page = html(
			world({
				registeredTools: [],
				pins: {
					tools: {},
					changed: [],
					relists: [relist(EVIL, 3), relist(LONG, null, `${EVIL} ${LONG}`)]
				}
			}),
			PinsPanel
		);
		const all = text(page);
		expect(all).toContain(`tools/list to ${FSI}${EVIL}${PDI}; tools listed: 3`);
		expect(all).toMatch(/failed: \u2068\u202eevil x+\u2069/);
		expect(page.length).toBeLessThan(LONG.length);
	});

	it('isolates the server in a host request title', () => {
		const request = {
			id: 'r1',
			server: EVIL,
			state: 'answered',
			reply: '',
			problem: '',
			at: 0,
			answeredAt: 1,
			kind: 'roots',
			ask: null
		};
		const all = text(
			html(
				world({
					hostRequests: [request],
					hostCapabilities: {},
					servers: [],
					roots: [],
					serverLogs: [],
					protocolResults: [],
					logLevels: [],
					pending: 0
				}),
				HostPanel
			)
		);
		expect(all).toContain(`Request r1 from ${FSI}${EVIL}${PDI}`);
	});

	it('isolates the server in its log-level label', () => {
		const all = text(
			html(
				world({
					servers: [{ name: EVIL, status: 'connected' }],
					serverLogs: [],
					protocolResults: [],
					logLevels: ['debug'],
					pending: 0
				}),
				ServerLogs
			)
		);
		expect(all).toContain(`Log level for ${FSI}${EVIL}${PDI}`);
	});

	it('bounds the input model build error, naming a field 100,000 characters long', () => {
		const inputSchema = { type: 'object', properties: { [`_${LONG}`]: { type: 'string' } } };
		const page = html(
			world({ registeredTools: [{ name: 't', server: 's', tool: 't', inputSchema }] }),
			InputModelPanel
		);
		expect(text(page)).toContain('pydantic cannot create this model: NameError');
		const error = page.match(/⚠([\s\S]*?)<\/p>/);
		expect(error).not.toBeNull();
		expect(error![1].length).toBeLessThan(3000);
		expect(error![1]).toContain('break-all');
	});
});
