import { afterEach, describe, expect, it } from 'vitest';
import { m } from '$lib/paraglide/messages';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { contextualHelp, harnessHelp, miniHarnessHelp, trustHelp } from './harness-help';

// Each text says what harness-help.world.test.ts saw the world do for that profile.

afterEach(() => overwriteGetLocale(() => 'en'));

const openHarness = () => [
	m.harness_start_help(),
	m.harness_reconnect_help(),
	m.harness_close_help()
];

describe('harness help texts', () => {
	for (const locale of ['en', 'zh-CN'] as const) {
		it(`gives trust, miniharness and contextual three texts of their own (${locale})`, () => {
			overwriteGetLocale(() => locale);
			const theirs = openHarness();
			for (const profile of ['trust', 'miniharness', 'contextual']) {
				const help = harnessHelp(profile)!;
				for (const text of [help.start, help.reconnect, help.close]) {
					expect(text.length).toBeGreaterThan(20);
					expect(theirs).not.toContain(text);
				}
				expect(new Set([help.start, help.reconnect, help.close]).size).toBe(3);
			}
		});
	}

	it('names each harness in its panel title', () => {
		overwriteGetLocale(() => 'en');
		expect(['trust', 'miniharness', 'contextual'].map((p) => harnessHelp(p)!.title)).toEqual([
			'Harness (connector trust)',
			'Harness (MiniHarness)',
			'Harness (ContextualMCP)'
		]);
		overwriteGetLocale(() => 'zh-CN');
		expect(harnessHelp('trust')!.title).toBe('运行框架（连接器信任）');
	});

	it('leaves OpenHarness and ToolSource to OpenHarness’s texts', () => {
		expect(harnessHelp('openharness')).toBeNull();
		expect(harnessHelp('toolsource')).toBeNull();
		expect(harnessHelp('toString')).toBeNull();
	});

	it('says trust connects trusted connectors only and keeps trust across a close', () => {
		const help = trustHelp();
		expect(help.start).toBe(
			"Connects only the trusted connectors, one at a time in config order (open → initialize → tools/list → resources/list); an untrusted connector starts no process and sends nothing. The model's registry is just ToolSearch and DeferExecuteTool."
		);
		expect(help.reconnect).toContain('connects the trusted connectors again');
		expect(help.close).toContain('Trust survives');
		overwriteGetLocale(() => 'zh-CN');
		expect(trustHelp().start).toContain('只连接已信任的连接器');
		expect(trustHelp().close).toContain('信任会保留');
	});

	it('says MiniHarness initializes by priority and lists tools only (lab 06 asks what a closed client does)', () => {
		const help = miniHarnessHelp();
		expect(help.start).toBe(
			"MiniHarness's initialize on every client by priority (highest first), then tools/list only; a failing server is skipped. An initialized client sends nothing again."
		);
		expect(help.start).not.toContain('resources/list');
		expect(help.reconnect).toMatch(/^MCP Lab's reconnect: /);
		expect(help.reconnect).toContain('“MCP client is closed”');
		expect(help.reconnect).toContain('MiniHarness itself has no such command.');
		expect(help.close).toBe("close on every client: the model's tools are dropped.");
		// Lab 06's last question is whether Start session reopens a closed client: not said here.
		for (const text of [help.start, help.close]) expect(text).not.toMatch(/reopen|for good/);
		overwriteGetLocale(() => 'zh-CN');
		const zh = miniHarnessHelp();
		expect(zh.start).toContain('按优先级从高到低');
		expect(zh.start).not.toContain('resources/list');
		expect(zh.reconnect).toContain('MiniHarness 本身没有这个命令。');
	});

	it('says contextual connects per run, with the run’s headers, tools/list only', () => {
		const help = contextualHelp();
		expect(help.start).toBe(
			"Outside a run nothing connects and the model gets no tools: connections open per run (Start run), with that run's headers. Inside a run, it reconnects the run's servers with the same headers (initialize → tools/list)."
		);
		expect(help.start).toContain(m.contextual_start_run());
		expect(help.reconnect).toContain("only the current run's servers with the same run headers");
		expect(help.close).toContain('a run in progress fails');
		overwriteGetLocale(() => 'zh-CN');
		expect(contextualHelp().start).toContain(`“${m.contextual_start_run()}”`);
		expect(contextualHelp().start).not.toContain('resources/list');
	});
});
