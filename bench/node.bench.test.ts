// Node benchmarks for `npm run bench` (run by bench/vitest.config.ts, never by `npm test`).
// Figures are reported, never asserted: the only checks are that each run did what it claims
// (calls succeeded, the kill made 20 entries unavailable), so a broken world cannot pass as fast.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { expect, it } from 'vitest';
import { buildRegistry, type ConnectionFacts } from '$lib/core/registry/registry';
import { parseScenario } from '$lib/core/scenario/parse';
import { effectiveSim } from '$lib/core/scenario/well-known';
import type { LoggedAction } from '$lib/core/world/actions';
import { CLIENT_INFO, clientOptions, laxToolsPage, resourcesPage } from '$lib/core/world/sim-io';
import { createSimServer } from '$lib/core/world/sim-server';
import { replay, replayOnto } from '$lib/core/world/replay';
import { macrotask } from '$lib/core/world/timeout';
import { makeWorld, toolSourceScenario } from '$lib/core/world/test-world';
import type { World, WorldOptions } from '$lib/core/world/world';
import {
	ECHO_NAME,
	ECHO_SERVER,
	ECHO_TOOL,
	echoScenario,
	scaleScenario,
	serverName
} from './scenarios.mjs';

const OUT = new URL('../bench-results/node.json', import.meta.url);
const ARGS = { text: 'hello' };

// ---- small helpers ------------------------------------------------------------------------

interface Stats {
	n: number;
	mean: number;
	median: number;
	p95: number;
	min: number;
}

function stats(samples: number[]): Stats {
	const sorted = [...samples].sort((a, b) => a - b);
	const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
	const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
	return { n: sorted.length, mean, median: at(0.5), p95: at(0.95), min: sorted[0] };
}

const round = (x: number, digits = 3) => Number(x.toFixed(digits));
const roundStats = (s: Stats): Stats => ({
	n: s.n,
	mean: round(s.mean),
	median: round(s.median),
	p95: round(s.p95),
	min: round(s.min)
});

async function timed<T>(run: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
	const start = performance.now();
	const value = await run();
	return { ms: performance.now() - start, value };
}

function gc(): void {
	const collect = (globalThis as { gc?: () => void }).gc;
	if (collect) {
		collect();
		collect();
	}
}

const heapMiB = () => round(process.memoryUsage().heapUsed / 2 ** 20, 2);

async function echoWorld(options?: WorldOptions): Promise<World> {
	const world = makeWorld(echoScenario(), options);
	await world.startSession();
	return world;
}

async function worldCall(world: World): Promise<number> {
	const start = performance.now();
	const call = await world.callTool(ECHO_NAME, ARGS);
	const ms = performance.now() - start;
	if (call.isError || call.state !== 'completed')
		throw new Error(`world call failed: ${call.output}`);
	return ms;
}

/** The same sim server and validator as the World's, but the SDK Client used directly. */
async function rawPair(): Promise<Client> {
	const parsed = parseScenario(echoScenario());
	if (!parsed.ok) throw new Error('bench scenario invalid');
	const config = parsed.scenario.mcp_servers[ECHO_SERVER];
	const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
	await createSimServer(ECHO_SERVER, config.sim ?? {}).connect(serverEnd);
	const client = new Client(CLIENT_INFO, {
		capabilities: {},
		jsonSchemaValidator: new CfWorkerJsonSchemaValidator()
	});
	await client.connect(clientEnd);
	return client;
}

async function rawCall(client: Client): Promise<number> {
	const start = performance.now();
	const result = await client.callTool({ name: ECHO_TOOL, arguments: ARGS });
	const ms = performance.now() - start;
	if (result.isError) throw new Error('raw call failed');
	return ms;
}

async function repeat(n: number, one: () => Promise<number>): Promise<number[]> {
	const out: number[] = [];
	for (let i = 0; i < n; i++) out.push(await one());
	return out;
}

// ---- 1. pipeline overhead -----------------------------------------------------------------

const N = 2000;
const BLOCKS = 20;
const BLOCK = N / BLOCKS;
const WARMUP = 300;

async function pipelineOverhead() {
	const world = await echoWorld();
	const client = await rawPair();
	await repeat(WARMUP, () => worldCall(world));
	await repeat(WARMUP, () => rawCall(client));
	const worldTimes: number[] = [];
	const rawTimes: number[] = [];
	const worldBlocks: number[] = [];
	for (let b = 0; b < BLOCKS; b++) {
		// Alternate which side goes first, so neither always follows the other's garbage.
		const order = b % 2 === 0 ? (['world', 'raw'] as const) : (['raw', 'world'] as const);
		for (const side of order) {
			if (side === 'world') {
				const times = await repeat(BLOCK, () => worldCall(world));
				worldTimes.push(...times);
				worldBlocks.push(stats(times).mean);
			} else rawTimes.push(...(await repeat(BLOCK, () => rawCall(client))));
		}
	}
	const w = stats(worldTimes);
	const r = stats(rawTimes);
	const result = {
		n: N,
		blocks: BLOCKS,
		warmup: WARMUP,
		worldMs: roundStats(w),
		rawMs: roundStats(r),
		ratioMean: round(w.mean / r.mean, 2),
		ratioMedian: round(w.median / r.median, 2),
		target: 1.3,
		// The world keeps every call record; does a call get slower as they pile up?
		worldFirstBlocksMeanMs: round(stats(worldBlocks.slice(0, 3)).mean),
		worldLastBlocksMeanMs: round(stats(worldBlocks.slice(-3)).mean),
		callsRetained: world.calls.length,
		wireEntries: world.wire.entries.length
	};
	world.dispose();
	await client.close();
	return result;
}

// ---- 1b. where the world's time goes ------------------------------------------------------

/** Counts how often the world yields, and how long each yield takes in wall time. */
function countingIdle(inner: () => Promise<void>) {
	const counter = { yields: 0, ms: 0 };
	const idle = async () => {
		counter.yields++;
		const start = performance.now();
		await inner();
		counter.ms += performance.now() - start;
	};
	return { counter, idle };
}

/** The browser's yield (timeout.ts): one shared channel. The world uses `setImmediate` in Node. */
function sharedChannelYield(): () => Promise<void> {
	const channel = new MessageChannel();
	const waiting: Array<() => void> = [];
	channel.port1.onmessage = () => waiting.shift()?.();
	return () =>
		new Promise<void>((resolve) => {
			waiting.push(resolve);
			channel.port2.postMessage(null);
		});
}

/** What one yield costs by itself: back to back, with no promise chain waiting to run. */
async function emptyYieldUs(idle: () => Promise<void>, n = 5000): Promise<number> {
	for (let i = 0; i < 500; i++) await idle();
	const start = performance.now();
	for (let i = 0; i < n; i++) await idle();
	return round(((performance.now() - start) * 1000) / n, 2);
}

const ABLATION_CALLS = 800;

/**
 * Variants of the world through its public options only (no core edits): the same calls with a
 * cheaper yield, with a small wire window, and on a log already full (steady state of a session).
 */
async function ablations() {
	const measure = async (label: string, options: WorldOptions, prefill = 0) => {
		const world = await echoWorld(options);
		await repeat(prefill, () => worldCall(world));
		await repeat(200, () => worldCall(world));
		const s = stats(await repeat(ABLATION_CALLS, () => worldCall(world)));
		const row = {
			label,
			prefillCalls: prefill,
			meanMs: round(s.mean),
			medianMs: round(s.median),
			wireEntries: world.wire.entries.length,
			events: world.events.length,
			calls: world.calls.length
		};
		world.dispose();
		return row;
	};
	/** Two fresh worlds side by side in alternating blocks, so neither gets the warmer JIT. */
	const measurePair = async (sides: Array<{ label: string; options: WorldOptions }>) => {
		const worlds = await Promise.all(sides.map((side) => echoWorld(side.options)));
		for (const world of worlds) await repeat(200, () => worldCall(world));
		const times: number[][] = sides.map(() => []);
		for (let b = 0; b < ABLATION_CALLS / 100; b++)
			for (const i of b % 2 ? [1, 0] : [0, 1])
				times[i].push(...(await repeat(100, () => worldCall(worlds[i]))));
		return sides.map(({ label }, i) => {
			const s = stats(times[i]);
			const world = worlds[i];
			const row = {
				label,
				prefillCalls: 0,
				meanMs: round(s.mean),
				medianMs: round(s.median),
				wireEntries: world.wire.entries.length,
				events: world.events.length,
				calls: world.calls.length
			};
			world.dispose();
			return row;
		});
	};
	const channelYield = sharedChannelYield();
	const yields = countingIdle(macrotask);
	const counted = await echoWorld({ idle: yields.idle });
	yields.counter.yields = 0;
	yields.counter.ms = 0;
	const countedTimes = await repeat(ABLATION_CALLS, () => worldCall(counted));
	counted.dispose();
	const totalMs = countedTimes.reduce((s, x) => s + x, 0);
	return {
		yieldsPerCall: round(yields.counter.yields / ABLATION_CALLS, 2),
		// Wall time inside the yields, which includes the promise chains that run meanwhile (the
		// server answering, the client reading the answer): not what the yields themselves cost.
		yieldWallMsPerCall: round(yields.counter.ms / ABLATION_CALLS),
		yieldShareOfCall: round(yields.counter.ms / totalMs, 2),
		emptyYieldUs: await emptyYieldUs(macrotask),
		emptyChannelYieldUs: await emptyYieldUs(channelYield),
		variants: [
			...(await measurePair([
				{ label: 'fresh world (default idle: setImmediate in Node, window 5000)', options: {} },
				{
					label: 'fresh world, shared MessageChannel yield (the browser idle)',
					options: { idle: channelYield }
				}
			])),
			await measure('after 3000 calls (wire log full: 5000)', {}, 3000),
			await measure('after 3000 calls, wireWindow 100', { wireWindow: 100 }, 3000)
		]
	};
}

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number; scriptId: string };
	children?: number[];
	/** Samples per source line (1-based) of the function, when V8 records them. */
	positionTicks?: { line: number; ticks: number }[];
}

interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

/** Functions whose total (inclusive) time is reported when they show up in a profile. */
const OF_INTEREST = [
	'append',
	'#emit',
	'#settle',
	'#startCall',
	'#execute',
	'#recordRegistry',
	'#connectionChanged',
	'#changed',
	'macrotask',
	'callTool',
	'request',
	'diffRegistry',
	'registryEntries',
	'buildRegistry',
	'validateInput',
	'buildInputModel',
	'servers',
	'schedule',
	'open',
	'initialize',
	'listTools',
	'listResources',
	'close',
	'connect',
	'createSimServer'
];

/**
 * Samples `run` with V8's CPU profiler (in this process, through node:inspector) and returns
 * the top functions by self time and the total time of the world's own functions. `units` is
 * what the per-unit figures divide by (calls, servers).
 */
async function cpuProfile(run: () => Promise<unknown>, units: number) {
	const session = new Session();
	session.connect();
	await session.post('Profiler.enable');
	await session.post('Profiler.setSamplingInterval', { interval: 50 });
	await session.post('Profiler.start');
	const wall = await timed(run);
	const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };

	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map<number, number>();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	const keyOf = (n: ProfileNode) => {
		const file = n.callFrame.url.split('/').slice(-2).join('/').replace(/\?.*$/, '');
		const name = n.callFrame.functionName || '(anonymous)';
		return file ? `${name} ${file}:${n.callFrame.lineNumber + 1}` : name;
	};
	// The profiler's own stop (`dispatch`, native) is sampled too: leave it out.
	const isProfilerStop = (n: ProfileNode) =>
		n.callFrame.functionName === 'dispatch' && !n.callFrame.url;
	const self = new Map<string, number>();
	const total = new Map<string, number>();
	/** Per function: its hottest line, to show which statement the self time is in. */
	const lines = new Map<string, { scriptId: string; ticks: Map<number, number> }>();
	for (const n of profile.nodes) {
		if (!n.positionTicks?.length || !n.callFrame.url) continue;
		const key = keyOf(n);
		const entry = lines.get(key) ?? { scriptId: n.callFrame.scriptId, ticks: new Map() };
		for (const { line, ticks } of n.positionTicks)
			entry.ticks.set(line, (entry.ticks.get(line) ?? 0) + ticks);
		lines.set(key, entry);
	}
	let sampled = 0;
	profile.samples.forEach((id, i) => {
		const dt = (profile.timeDeltas[i] ?? 0) / 1000;
		const stack: ProfileNode[] = [];
		for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
			stack.push(byId.get(at)!);
		if (stack.some(isProfilerStop)) return;
		sampled += dt;
		const leaf = keyOf(stack[0]);
		self.set(leaf, (self.get(leaf) ?? 0) + dt);
		for (const k of new Set(stack.map(keyOf))) total.set(k, (total.get(k) ?? 0) + dt);
	});
	// The statement behind a function's self time, read from the module as Vitest ran it
	// (line numbers are the transformed module's, so the code text is shown, not the number).
	await session.post('Debugger.enable');
	const sources = new Map<string, string[]>();
	const hotLine = async (key: string) => {
		const entry = lines.get(key);
		if (!entry) return undefined;
		const [line] = [...entry.ticks.entries()].sort((a, b) => b[1] - a[1])[0];
		if (!sources.has(entry.scriptId)) {
			const { scriptSource } = (await session.post('Debugger.getScriptSource', {
				scriptId: entry.scriptId
			})) as { scriptSource: string };
			sources.set(entry.scriptId, scriptSource.split('\n'));
		}
		const text = sources.get(entry.scriptId)?.[line - 1]?.trim() ?? '';
		return text.length > 90 ? `${text.slice(0, 87)}...` : text;
	};
	const row = async ([fn, ms]: [string, number]) => ({
		fn,
		hot: await hotLine(fn),
		ms: round(ms, 1),
		usPerUnit: round((ms * 1000) / units, 1),
		share: round(ms / sampled, 3)
	});
	const topSelf = await Promise.all(
		[...self.entries()]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 15)
			.map(row)
	);
	await session.post('Debugger.disable');
	session.disconnect();
	return {
		units,
		wallMs: round(wall.ms, 1),
		sampledMs: round(sampled, 1),
		topSelf,
		inclusive: [...total.entries()]
			.filter(([k]) => OF_INTEREST.includes(k.split(' ')[0]))
			.sort((a, b) => b[1] - a[1])
			.slice(0, 15)
			.map(([fn, ms]) => ({
				fn,
				ms: round(ms, 1),
				usPerUnit: round((ms * 1000) / units, 1),
				share: round(ms / sampled, 3)
			}))
	};
}

/** World calls in the steady state of a long session (wire log full, thousands of call records). */
async function profileWorldCalls() {
	const world = await echoWorld();
	await repeat(2500, () => worldCall(world));
	const calls = 1500;
	const result = await cpuProfile(() => repeat(calls, () => worldCall(world)), calls);
	world.dispose();
	return { prefillCalls: 2500, ...result };
}

/** Start-up of the 100 × 20 world, per server. */
async function profileScaleStart() {
	const world = makeWorld(scaleScenario(100, 20));
	const result = await cpuProfile(() => world.startSession(), 100);
	world.dispose();
	return result;
}

// ---- 2. scale -----------------------------------------------------------------------------

async function scale() {
	const parsed = parseScenario(scaleScenario(100, 20));
	if (!parsed.ok) throw new Error('scale scenario invalid');
	const create = await timed(() => makeWorld(scaleScenario(100, 20)));
	const world = create.value;
	const start = await timed(() => world.startSession());
	// OpenHarness's two built-in resource tools come first; the world's own are the 2,000.
	const tools = world.registry.filter((e) => !e.builtin).length;
	expect(tools).toBe(2000);

	const facts: ConnectionFacts[] = world.servers().map((s) => ({
		server: s.name,
		status: s.status,
		tools: s.connection.tools
	}));
	for (let i = 0; i < 20; i++) buildRegistry(facts);
	gc();
	const builds: number[] = [];
	for (let i = 0; i < 100; i++) builds.push((await timed(() => buildRegistry(facts))).ms);

	const call = await timed(() => world.callTool(`mcp__${serverName(50)}__tool_07`, { query: 'x' }));
	expect(call.value.isError).toBe(false);
	const kill = await timed(() => world.kill(serverName(42)));
	const reconnect = await timed(() => world.reconnectAll());
	expect(world.registry.filter((e) => !e.available).length).toBe(20);
	const restart = await timed(() => world.startSession());
	const result = {
		servers: 100,
		toolsPerServer: 20,
		tools,
		createWorldMs: round(create.ms, 1),
		startSessionMs: round(start.ms, 1),
		secondStartSessionMs: round(restart.ms, 1),
		buildRegistryMs: roundStats(stats(builds)),
		callToolMs: round(call.ms, 2),
		killMs: round(kill.ms, 2),
		reconnectAllMs: round(reconnect.ms, 1),
		wireEntries: world.wire.entries.length,
		wireDropped: world.wire.dropped
	};
	world.dispose();
	return result;
}

// ---- 4. memory ----------------------------------------------------------------------------

async function memory() {
	gc();
	const heapBeforeWorld = heapMiB();
	const world = await echoWorld();
	gc();
	const heapBefore = heapMiB();
	const blockMeans: number[] = [];
	let calls = 0;
	// Each call is a `command` and a `call` event (two wire messages); 10,000 events is 5,000 calls.
	while ((world.events.at(-1)?.seq ?? 0) < 10_000) {
		blockMeans.push(stats(await repeat(500, () => worldCall(world))).mean);
		calls += 500;
	}
	gc();
	const heapAfter = heapMiB();
	const result = {
		gcExposed: typeof (globalThis as { gc?: unknown }).gc === 'function',
		calls,
		worldEvents: world.events.at(-1)?.seq ?? 0,
		eventsRetained: world.events.length,
		wireMessages: world.wire.entries.length + world.wire.dropped,
		wireRetained: world.wire.entries.length,
		wireWindow: world.wire.window,
		wireDropped: world.wire.dropped,
		callsRetained: world.calls.length,
		heapBeforeWorldMiB: heapBeforeWorld,
		heapBeforeMiB: heapBefore,
		heapAfterMiB: heapAfter,
		heapGrowthMiB: round(heapAfter - heapBefore, 2),
		// Per-call wall time in blocks of 500: growth shows costs proportional to history.
		callMsByBlockOf500: blockMeans.map((x) => round(x))
	};
	world.dispose();
	return result;
}

/**
 * The replay's floor: the protocol work of an OpenHarness log done on bare SDK pairs, with no
 * harness around them. Each connect is what the world's connection sends (initialize, tools/list,
 * resources/list, answered Method not found by a sim server without resources), a kill closes
 * the pair, a restart opens nothing (OpenHarness does not watch its servers: the server stays
 * unconnected until the next reconnect_all), a call to an unconnected server sends nothing (the
 * world fails it before the wire), and a ws server is never connected. The bench checks that the
 * floor sent as many tools/call requests as the replayed world did. What is left of the world's replay time
 * above this is the harness: its machines, stages, logs, records and simulated clock.
 */
async function protocolFloor(scenario: World['scenario'], log: readonly LoggedAction[]) {
	const sims = new Map(
		Object.entries(scenario.mcp_servers)
			.filter(([, config]) => config.type !== 'ws')
			.map(([name, config]) => [name, effectiveSim(config)])
	);
	const open = new Map<string, Client>();
	const connect = async (server: string) => {
		await open.get(server)?.close();
		const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
		await createSimServer(server, sims.get(server)!, () => {}).connect(serverEnd);
		const client = new Client(CLIENT_INFO, clientOptions(null));
		await client.connect(clientEnd);
		// Read with the world's own lenient schemas (a lab tool may have no inputSchema).
		await client.request({ method: 'tools/list', params: {} }, laxToolsPage);
		await client
			.request({ method: 'resources/list', params: {} }, resourcesPage)
			.catch(() => undefined);
		open.set(server, client);
	};
	const close = async (server: string) => {
		await open.get(server)?.close();
		open.delete(server);
	};
	let calls = 0;
	for (const { action } of log) {
		if (action.do === 'startSession' || action.do === 'reconnectAll') {
			for (const server of sims.keys()) await connect(server);
		} else if (action.do === 'kill') await close(action.server);
		else if (action.do === 'restart') continue;
		else if (action.do === 'callTools')
			for (const call of action.calls) {
				// OpenHarness's adapted name: mcp__<server>__<tool>.
				const [, server, tool] = call.name.split('__');
				const client = open.get(server);
				if (!client) continue;
				const result = await client.callTool({ name: tool, arguments: call.arguments });
				if (result.isError) throw new Error(`floor call ${call.name} failed`);
				calls++;
			}
		else throw new Error(`the floor does not model ${action.do}`);
	}
	for (const server of [...open.keys()]) await close(server);
	return calls;
}

/**
 * Time travel: rebuilding the world at step 5,000 of an action log (target < 200 ms). The log is
 * lab 01's world played the way a class plays it: calls, kills, restarts, reconnects; and a
 * ToolSource log with approvals and reconciliations.
 */
async function replayAtStep(): Promise<Record<string, unknown>> {
	const STEPS = 5000;
	/** Where the page keeps its nearest spare world below step 5,000 (spare-worlds.ts: 500 apart). */
	const SPARE_AT = 4500;
	const build = async (world: World, act: (i: number) => Promise<unknown>) => {
		await world.startSession();
		for (let i = 0; world.actions.length < STEPS; i++) await act(i).catch(() => undefined);
		return world.actions.slice(0, STEPS);
	};
	const openharness = makeWorld();
	const ohLog = await build(openharness, (i) => {
		const k = i % 10;
		if (k === 3) return openharness.kill('filesystem');
		if (k === 6) return openharness.restart('filesystem');
		if (k === 9) return openharness.reconnectAll();
		return openharness.callTool(
			k % 2 ? 'mcp__filesystem__read_file' : 'mcp__internal-api__search_orders',
			{ path: '/a', query: 'q' }
		);
	});
	const toolsource = makeWorld(toolSourceScenario);
	const tsLog = await build(toolsource, async (i) => {
		const k = i % 6;
		if (k === 0) return toolsource.callTool('mcp.files.read_file', { path: '/a' });
		if (k === 1) return toolsource.callTool('mcp.tickets.create_ticket', { title: 't' });
		if (k === 2) {
			const waiting = toolsource.calls.findLast((c) => c.state === 'waiting_for_approval');
			return waiting && toolsource.answerApproval(waiting.id, true);
		}
		if (k === 3) return toolsource.callTool('mcp.files.export_log', {});
		if (k === 4) return toolsource.callTool('mcp.files.delete_file', { path: '/a' });
		return toolsource.callTool('mcp.files.screenshot', {});
	});
	const time = async (scenario: World['scenario'], log: typeof ohLog) => {
		const samples: number[] = [];
		for (let run = 0; run < 5; run++) {
			gc();
			const t0 = performance.now();
			const world = await replay(scenario, log);
			samples.push(performance.now() - t0);
			expect(world.actions.length).toBe(log.length);
			world.dispose();
		}
		return stats(samples);
	};
	// Time travel forward (playback, Step forward) replays only the new step onto the world it
	// rebuilt (timeline.svelte.ts): one action at step 4,999 → 5,000.
	const forwardOne = async () => {
		const samples: number[] = [];
		for (let run = 0; run < 5; run++) {
			const world = await replay(openharness.scenario, ohLog.slice(0, STEPS - 1));
			gc();
			const t0 = performance.now();
			await replayOnto(world, ohLog.slice(STEPS - 1));
			samples.push(performance.now() - t0);
			expect(world.actions.length).toBe(STEPS);
			world.dispose();
		}
		return stats(samples);
	};
	// What one spare world costs the page (it keeps up to four, 500 steps apart): the heap a
	// world rebuilt at step 4,500 keeps alive.
	const spareHeap = async () => {
		gc();
		const before = heapMiB();
		const world = await replay(openharness.scenario, ohLog.slice(0, SPARE_AT));
		gc();
		const after = heapMiB();
		world.dispose();
		return round(after - before, 2);
	};
	// Time travel back (timeline.svelte.ts): the world at step 4,999 from the spare world the page
	// keeps at 4,500 (spare-worlds.ts), i.e. 499 steps replayed onto a world built beforehand.
	const fromSpare = async () => {
		const samples: number[] = [];
		for (let run = 0; run < 5; run++) {
			const world = await replay(openharness.scenario, ohLog.slice(0, SPARE_AT));
			gc();
			const t0 = performance.now();
			await replayOnto(world, ohLog.slice(SPARE_AT, STEPS - 1));
			samples.push(performance.now() - t0);
			expect(world.actions.length).toBe(STEPS - 1);
			world.dispose();
		}
		return stats(samples);
	};
	// The floor and the replay in alternation, so both meet the same machine load.
	const floorAndReplay = async () => {
		const floor: number[] = [];
		const world: number[] = [];
		let floorCalls = 0;
		// The floor models the world's wire, not its own idea of it: one untimed replay with a
		// wire log long enough to hold every message counts the tools/call requests it sent.
		const counted = await replay(openharness.scenario, ohLog, { wireWindow: 100_000 });
		const worldCalls = counted.wire.entries.filter(
			(e) =>
				e.kind === 'message' &&
				e.dir === 'to-server' &&
				'method' in e.message &&
				e.message.method === 'tools/call'
		).length;
		counted.dispose();
		for (let run = 0; run < 5; run++) {
			gc();
			const f = await timed(() => protocolFloor(openharness.scenario, ohLog));
			floor.push(f.ms);
			floorCalls = f.value;
			expect(floorCalls).toBe(worldCalls);
			gc();
			const w = await timed(() => replay(openharness.scenario, ohLog));
			world.push(w.ms);
			w.value.dispose();
		}
		const fs = stats(floor);
		const ws = stats(world);
		return {
			floorMs: roundStats(fs),
			replayMs: roundStats(ws),
			ratioMedian: round(ws.median / fs.median, 2),
			floorCalls: floorCalls
		};
	};
	const result = {
		steps: STEPS,
		// First, on a quiet heap: the floor's garbage, collected mid-measure, made it negative.
		spareWorldMiB: await spareHeap(),
		floor: await floorAndReplay(),
		fromSpareMs: await fromSpare(),
		forwardOneMs: await forwardOne(),
		openharnessMs: await time(openharness.scenario, ohLog),
		openharnessHalfMs: await time(openharness.scenario, ohLog.slice(0, STEPS / 2)),
		toolsourceMs: await time(toolsource.scenario, tsLog),
		calls: { openharness: openharness.calls.length, toolsource: toolsource.calls.length }
	};
	openharness.dispose();
	toolsource.dispose();
	return result;
}

it('node benchmarks', async () => {
	const started = performance.now();
	// A full collection between sections, so one section's garbage is not charged to the next.
	const section = async <T>(run: () => Promise<T>) => {
		gc();
		return run();
	};
	const results = {
		node: process.version,
		/** `production` under `npm run bench`: the dependencies' builds the site ships. */
		nodeEnv: process.env.NODE_ENV,
		pipeline: await section(pipelineOverhead),
		ablations: await section(ablations),
		profileCalls: await section(profileWorldCalls),
		scale: await section(scale),
		profileScaleStart: await section(profileScaleStart),
		memory: await section(memory),
		replay: await section(replayAtStep),
		benchMs: 0
	};
	results.benchMs = Math.round(performance.now() - started);
	mkdirSync(new URL('.', OUT), { recursive: true });
	writeFileSync(OUT, JSON.stringify(results, null, 2));
});
