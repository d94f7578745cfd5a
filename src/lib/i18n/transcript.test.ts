import { afterEach, describe, expect, it } from 'vitest';
import { startedWorlds } from '$lib/core/world/test-world';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { transcriptLines, transcriptText } from './transcript';

const started = startedWorlds();
afterEach(() => overwriteGetLocale(() => 'en'));

async function killedAndReconnected() {
	const world = await started();
	await world.kill('filesystem');
	await world.reconnectAll();
	return world;
}

describe('the narration transcript', () => {
	it('tells every event once, oldest first, with its simulated time', async () => {
		const world = await killedAndReconnected();
		const { lines, earlier } = transcriptLines(world.events);
		expect(earlier).toBe(0);
		expect(lines.map((l) => l.seq)).toEqual(world.events.map((e) => e.seq));
		expect(lines.map((l) => l.t)).toEqual(world.events.map((e) => e.t));
		expect(lines[0].text).toBe('Session starting');
		const killed = lines.findIndex((l) => l.text === 'filesystem process killed');
		const stale = lines.findIndex((l) => l.text === 'Registry snapshot 2: 3 tools unavailable');
		expect(killed).toBeGreaterThan(0);
		expect(stale).toBeGreaterThan(killed);
		expect(lines.at(-1)!.t).toBeGreaterThan(0);
	});

	it('keeps the newest lines when bounded and says how many came before', async () => {
		const world = await killedAndReconnected();
		const { lines, earlier } = transcriptLines(world.events, 3);
		expect(earlier).toBe(world.events.length - 3);
		expect(lines.map((l) => l.seq)).toEqual(world.events.slice(-3).map((e) => e.seq));
	});

	it('downloads as plain text in the current language', async () => {
		const world = await killedAndReconnected();
		const text = transcriptText('01-connection-isolation', world.events);
		const rows = text.split('\n');
		expect(rows[0]).toBe('MCP Lab narration transcript: 01-connection-isolation');
		expect(rows[1]).toBe('');
		expect(rows[2]).toBe('[t=0 ms] Session starting');
		expect(rows).toHaveLength(world.events.length + 3);
		expect(text.endsWith('\n')).toBe(true);
		const stale = world.events.find((e) => e.kind === 'registry' && e.n === 2)!;
		expect(rows).toContain(`[t=${stale.t} ms] Registry snapshot 2: 3 tools unavailable`);

		overwriteGetLocale(() => 'zh-CN');
		const zh = transcriptText('01-connection-isolation', world.events).split('\n');
		expect(zh[0]).toBe('MCP Lab 旁白文字记录：01-connection-isolation');
		expect(zh).toContain(`[t=${stale.t} 毫秒] 注册表快照 2：3 个工具不可用`);
	});

	it('says so when nothing has happened', () => {
		expect(transcriptText('sandbox', [])).toBe(
			'MCP Lab narration transcript: sandbox\n\nNothing has happened yet.\n'
		);
	});
});
