import { describe, expect, it } from 'vitest';
import { parseScenario } from '$lib/core/scenario/parse';
import type { Scenario } from '$lib/core/scenario/schema';
import { seedScenario } from '$lib/core/scenario/seed-template';
import {
	KEEP_MAX_CHARS,
	SANDBOX_KEY,
	forgetSandboxWorld,
	keepSandboxWorld,
	keptSandboxWorld
} from './sandbox-keep';

function memory() {
	const items = new Map<string, string>();
	return {
		items,
		getItem: (k: string) => items.get(k) ?? null,
		setItem: (k: string, v: string) => void items.set(k, v),
		removeItem: (k: string) => void items.delete(k)
	};
}

function scenario(input: unknown): Scenario {
	const parsed = parseScenario(input);
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	return parsed.scenario;
}

const template = seedScenario();
const SECRET = 'sk-live-4f9a1c77';
const edited = scenario({
	mcp_servers: {
		api: { type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: SECRET } },
		files: { type: 'stdio', command: 'npx', env: { GITHUB_TOKEN: SECRET } }
	}
});

describe('the sandbox world kept across a reload', () => {
	it('keeps an applied world without its header and env values, and gives it back', () => {
		const store = memory();
		keepSandboxWorld(store, edited, template);
		const text = store.items.get(SANDBOX_KEY)!;
		expect(text).not.toContain(SECRET);
		const kept = keptSandboxWorld(store)!;
		expect(kept.redacted).toBe(true);
		const back = scenario(kept.scenario);
		expect(Object.keys(back.mcp_servers)).toEqual(['api', 'files']);
		expect(back.mcp_servers.api).toMatchObject({ headers: { Authorization: '<redacted>' } });
		expect(back.mcp_servers.files).toMatchObject({ env: { GITHUB_TOKEN: '<redacted>' } });
	});

	it('says nothing was redacted when there was nothing to redact', () => {
		const store = memory();
		keepSandboxWorld(store, scenario({ mcp_servers: { fs: { command: 'npx' } } }), template);
		expect(keptSandboxWorld(store)).toMatchObject({ redacted: false });
	});

	it('forgets it when the template runs again, or the world has a live server', () => {
		const store = memory();
		keepSandboxWorld(store, edited, template);
		keepSandboxWorld(store, template, template);
		expect(keptSandboxWorld(store)).toBeNull();
		keepSandboxWorld(store, edited, template);
		const live = scenario({
			mcp_servers: { notes: { type: 'http', url: 'http://127.0.0.1:8787/mcp?key=abc', live: true } }
		});
		keepSandboxWorld(store, live, template);
		expect(store.items.size).toBe(0);
		// A plugin's live server as well as a settings one.
		keepSandboxWorld(store, edited, template);
		const pluginLive = scenario({
			mcp_servers: { fs: { command: 'npx' } },
			plugins: {
				p: {
					enabled: true,
					mcp_servers: {
						notes: { type: 'http', url: 'http://127.0.0.1:8787/mcp?key=abc', live: true }
					}
				}
			}
		});
		keepSandboxWorld(store, pluginLive, template);
		expect(store.items.size).toBe(0);
		keepSandboxWorld(store, edited, template);
		forgetSandboxWorld(store);
		expect(store.items.size).toBe(0);
	});

	it('keeps nothing too large, and reads nothing it did not write', () => {
		const store = memory();
		const huge = scenario({
			mcp_servers: { fs: { command: 'npx', args: ['x'.repeat(KEEP_MAX_CHARS)] } }
		});
		keepSandboxWorld(store, huge, template);
		expect(store.items.size).toBe(0);
		for (const text of [
			'{',
			'{"v":2,"scenario":{}}',
			'{"v":1}',
			'{"v":1,"scenario":null}',
			'null'
		]) {
			store.items.set(SANDBOX_KEY, text);
			expect(keptSandboxWorld(store), text).toBeNull();
		}
	});

	it('does not throw when storage refuses', () => {
		const refusing = {
			getItem: () => {
				throw new Error('SecurityError');
			},
			setItem: () => {
				throw new Error('QuotaExceededError');
			},
			removeItem: () => {
				throw new Error('SecurityError');
			}
		};
		expect(() => keepSandboxWorld(refusing, edited, template)).not.toThrow();
		expect(keptSandboxWorld(refusing)).toBeNull();
		expect(() => forgetSandboxWorld(refusing)).not.toThrow();
	});
});
