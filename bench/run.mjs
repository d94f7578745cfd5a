#!/usr/bin/env node
// `npm run bench` (after `npm run build`): runs the Node benchmarks (Vitest, bench/vitest.config.ts),
// the Chromium benchmarks (bench/browser-bench.mjs) and the route sizes, prints one table and
// writes bench-results/bench.json. Speed is reported, never asserted; targets are shown beside
// the figures. When an earlier bench.json exists its figures are shown too, to see the variance.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = join(ROOT, 'bench-results');
const OUT = join(RESULTS, 'bench.json');
const KIB = 1024;
// The size-budget test's budgets (tests/size-budget.e2e.ts), in KiB: keep the two the same.
const BUDGETS = { lab: 160, sandbox: 172, embed: 150, 'embed-sandbox': 150 };

const started = Date.now();
const machine = {
	node: process.version,
	platform: `${process.platform} ${process.arch}`,
	cpus: cpus().length,
	cpuModel: cpus()[0]?.model ?? '',
	loadavgAtStart: loadavg().map((x) => Number(x.toFixed(2)))
};
const failures = [];

function step(label, args, env = process.env) {
	console.error(`\n▶ ${label}`);
	const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env });
	if (run.status !== 0) failures.push(`${label} exited with ${run.status ?? run.signal}`);
}

function readJson(file) {
	try {
		return JSON.parse(readFileSync(file, 'utf8'));
	} catch {
		return null;
	}
}

if (!existsSync(join(ROOT, 'build/embed/sandbox.html'))) {
	console.error('build/ is missing: run `npm run build` first (npm run bench does).');
	process.exit(1);
}
const previous = readJson(OUT);
mkdirSync(RESULTS, { recursive: true });

const vitest = join(
	dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
	'vitest.mjs'
);
// The production builds of the dependencies, as the site ships them: under Vitest's default
// (NODE_ENV=test) Node resolves XState's development build, with its extra checks.
step(
	'Node benchmarks (vitest, bench/vitest.config.ts)',
	[vitest, 'run', '--config', 'bench/vitest.config.ts', '--reporter=dot'],
	{ ...process.env, NODE_ENV: 'production' }
);
const node = readJson(join(RESULTS, 'node.json'));

step('Chromium benchmarks (bench/browser-bench.mjs)', ['bench/browser-bench.mjs']);
const browser = readJson(join(RESULTS, 'browser.json'));

console.error('\n▶ Route sizes (scripts/route-size.mjs --json)');
const sizeRun = spawnSync(process.execPath, ['scripts/route-size.mjs', '--json'], {
	cwd: ROOT,
	encoding: 'utf8'
});
if (sizeRun.status !== 0) failures.push(`route-size exited with ${sizeRun.status}`);
const sizes = sizeRun.status === 0 ? JSON.parse(sizeRun.stdout) : [];
const size = sizes.map((r) => {
	const budget = BUDGETS[r.route];
	const kib = r.gzip / KIB;
	return {
		...r,
		gzipKiB: Number(kib.toFixed(1)),
		budgetKiB: budget ?? null,
		status: budget === undefined ? null : kib <= budget ? 'ok' : 'over'
	};
});

machine.loadavgAtEnd = loadavg().map((x) => Number(x.toFixed(2)));
const results = {
	generatedAt: new Date().toISOString(),
	machine,
	node,
	browser,
	size,
	failures,
	benchMs: Date.now() - started
};

// ---- the table ----------------------------------------------------------------------------

const rows = [];
const ms = (x, digits = 1) => (typeof x === 'number' ? `${x.toFixed(digits)} ms` : '—');
/** A row; `get` reads the figure from a results object, so the previous run can be shown too. */
function row(section, measure, get, target = '', status = '') {
	let value;
	let before = '';
	try {
		value = get(results) ?? '—';
	} catch {
		value = '—';
	}
	if (previous) {
		try {
			before = get(previous) ?? '';
		} catch {
			before = '';
		}
	}
	rows.push({ section, measure, value: String(value), target, status, previous: String(before) });
}
/** A profile entry as a table label: where, and the statement its self time is in. */
function profileLabel(f) {
	const text = f.hot ? `${f.fn.replace(/^\(anonymous\) /, '')} — ${f.hot}` : f.fn;
	return text.length > 84 ? `${text.slice(0, 81)}...` : text;
}
const under = (x, limit) => (typeof x === 'number' ? (x <= limit ? 'ok' : 'over') : '');

if (node) {
	const S = 'pipeline (Node)';
	const p = (r) => r.node.pipeline;
	row(S, `world.callTool, N=${node.pipeline.n} (mean / median / p95)`, (r) => {
		const w = p(r).worldMs;
		return `${w.mean.toFixed(3)} / ${w.median.toFixed(3)} / ${w.p95.toFixed(3)} ms`;
	});
	row(S, `raw SDK client.callTool, N=${node.pipeline.n} (mean / median / p95)`, (r) => {
		const w = p(r).rawMs;
		return `${w.mean.toFixed(3)} / ${w.median.toFixed(3)} / ${w.p95.toFixed(3)} ms`;
	});
	row(
		S,
		'ratio world / raw (mean ; median)',
		(r) => `${p(r).ratioMean}× ; ${p(r).ratioMedian}×`,
		'≤ 1.3×',
		under(node.pipeline.ratioMedian, 1.3)
	);
	row(
		S,
		'world call mean, first 3 vs last 3 blocks',
		(r) => `${ms(p(r).worldFirstBlocksMeanMs, 3)} → ${ms(p(r).worldLastBlocksMeanMs, 3)}`
	);
	row(
		S,
		'macrotask yields per call ; wall time inside them (chains included) ; one empty yield',
		(r) => {
			const a = r.node.ablations;
			const empty = a.emptyYieldUs === undefined ? '—' : `${a.emptyYieldUs} µs`;
			return `${a.yieldsPerCall} ; ${Math.round(a.yieldShareOfCall * 100)}% ; ${empty}`;
		}
	);
	node.ablations.variants.forEach((v, i) =>
		row(S, `variant: ${v.label} (mean / median)`, (r) => {
			const x = r.node.ablations.variants[i];
			return x ? `${x.meanMs.toFixed(3)} / ${x.medianMs.toFixed(3)} ms` : '—';
		})
	);
	node.profileCalls.topSelf.slice(0, 8).forEach((f) =>
		row(S, `profile, self time: ${profileLabel(f)}`, (r) => {
			const x = r.node.profileCalls.topSelf.find((y) => y.fn === f.fn);
			return x ? `${x.usPerUnit} µs/call (${Math.round(x.share * 100)}%)` : undefined;
		})
	);

	const N = 'scale 100×20 (Node)';
	const s = (r) => r.node.scale;
	row(N, 'new World (2,000 tools)', (r) => ms(s(r).createWorldMs));
	row(
		N,
		'startSession',
		(r) => ms(s(r).startSessionMs),
		'< 1 s',
		under(node.scale.startSessionMs, 1000)
	);
	row(N, 'buildRegistry, 100 connection facts (median / p95)', (r) => {
		const b = s(r).buildRegistryMs;
		return `${b.median.toFixed(2)} / ${b.p95.toFixed(2)} ms`;
	});
	row(N, 'callTool on the 2,000-tool world', (r) => ms(s(r).callToolMs, 2));
	row(N, 'kill one server', (r) => ms(s(r).killMs, 2));
	row(
		N,
		'reconnectAll',
		(r) => ms(s(r).reconnectAllMs),
		'< 1 s',
		under(node.scale.reconnectAllMs, 1000)
	);
	row(N, 'startSession again (1 server now fails)', (r) => ms(s(r).secondStartSessionMs));
	node.profileScaleStart.topSelf.slice(0, 5).forEach((f) =>
		row(N, `startSession profile, self: ${profileLabel(f)}`, (r) => {
			const x = r.node.profileScaleStart.topSelf.find((y) => y.fn === f.fn);
			return x ? `${x.usPerUnit} µs/server (${Math.round(x.share * 100)}%)` : undefined;
		})
	);

	const M = 'memory (Node)';
	const m = (r) => r.node.memory;
	row(M, `world events / calls`, (r) => `${m(r).worldEvents} / ${m(r).calls}`);
	row(
		M,
		`heap used before → after${node.memory.gcExposed ? ' (after gc)' : ' (no --expose-gc)'}`,
		(r) => `${m(r).heapBeforeMiB} → ${m(r).heapAfterMiB} MiB (+${m(r).heapGrowthMiB})`
	);
	row(
		M,
		'wire log: retained / window / dropped',
		(r) => `${m(r).wireRetained} / ${m(r).wireWindow} / ${m(r).wireDropped}`
	);
	row(
		M,
		'events retained (cap 2,000) / call records retained',
		(r) => `${m(r).eventsRetained} / ${m(r).callsRetained}`
	);
	row(M, 'call mean per block of 500 (first → last)', (r) => {
		const b = m(r).callMsByBlockOf500;
		return `${ms(b[0], 3)} → ${ms(b.at(-1), 3)}`;
	});
}

if (browser) {
	const R = 'scale 100×20 (Chromium, view=registry)';
	const g = (r) => r.browser.registryOnly;
	const both = (x) => `${ms(x.commandMs)} ; ${ms(x.untilPaintedMs)}`;
	row(
		R,
		'setScenario → result ; → registry painted (200 of 2,000 rows) (median of 3)',
		(r) => `${ms(g(r).setScenarioMs)} ; ${ms(g(r).setScenarioUntilPaintedMs)}`,
		'< 1 s',
		under(browser.registryOnly.setScenarioUntilPaintedMs, 1000)
	);
	row(
		R,
		'startSession (rebuilds the registry)',
		(r) => ms(g(r).startSessionMs),
		'< 1 s',
		under(browser.registryOnly.startSessionMs, 1000)
	);
	row(R, 'callTool', (r) => ms(g(r).callToolMs));
	row(R, 'getState', (r) => ms(g(r).getStateMs));
	row(R, 'kill', (r) => ms(g(r).killMs));
	row(
		R,
		'reconnectAll → result ; → 20 rows shown unavailable, painted',
		(r) => both(g(r).reconnectAll),
		'< 1 s',
		under(browser.registryOnly.reconnectAll.untilPaintedMs, 1000)
	);

	const A = 'scale 100×20 (Chromium, default embed: every panel)';
	const a = (r) => r.browser.all;
	row(
		A,
		'setScenario → result ; → rows painted',
		(r) => `${ms(a(r).setScenarioMs)} ; ${ms(a(r).setScenarioUntilPaintedMs)}`,
		'< 1 s',
		under(browser.all.setScenarioUntilPaintedMs, 1000)
	);
	row(A, 'kill', (r) => ms(a(r).killMs));
	row(
		A,
		'reconnectAll → result ; → painted',
		(r) => both(a(r).reconnectAll),
		'< 1 s',
		under(browser.all.reconnectAll.untilPaintedMs, 1000)
	);
	row(
		A,
		'reconnectAll: long tasks (count / total)',
		(r) => `${a(r).reconnectAll.longTasks.count} / ${ms(a(r).reconnectAll.longTasks.totalMs, 0)}`
	);
	row(A, 'reconnectAll: forced style+layout inside long frames', (r) =>
		ms(a(r).reconnectAll.longAnimationFrames.forcedStyleAndLayoutMs, 0)
	);
	for (const [i, panel] of browser.panels.entries())
		row(A, `view=${panel.view} alone: setScenario → painted (long tasks: count, total)`, (r) => {
			const x = r.browser.panels[i];
			return x ? `${ms(x.untilPaintedMs, 0)} (${x.longTasks}, ${ms(x.longTasksMs, 0)})` : '—';
		});

	const P = 'repaint after reconnectAll (Chromium)';
	const rr = (r) => r.browser.registryOnly.reconnectAll;
	const tr = (r) => r.browser.registryOnly.traced?.reconnectAll?.trace;
	const paintTask = (t) => t.paintTask ?? t.domChangeTask;
	row(P, 'view=registry: command received → DOM shows 20 unavailable', (r) =>
		ms(rr(r).receivedToDomMs)
	);
	row(P, 'view=registry: DOM change → next frame done', (r) => ms(rr(r).domToNextFrameMs));
	row(P, 'traced: script of the task that changed the DOM', (r) =>
		ms(tr(r).domChangeTask?.scriptMs)
	);
	row(P, 'traced: painting frame = style + layout + prepaint + paint (+ commit)', (r) => {
		const t = paintTask(tr(r));
		const x = t.render;
		return `${ms(t.renderMs)} = ${x.UpdateLayoutTree} + ${x.Layout} + ${x.PrePaint} + ${x.Paint}`;
	});
	row(
		P,
		'traced: rendering from the DOM change to painted (any layout before the frame too)',
		(r) => {
			const u = tr(r).renderUntilPainted;
			const x = u?.render;
			return u
				? `${ms(u.renderMs)} = ${x.UpdateLayoutTree} + ${x.Layout} + ${x.PrePaint} + ${x.Paint}`
				: '—';
		}
	);
	// Runs before this row existed counted the painting frame only (a layout forced before it by
	// Chromium's autofill was left out): the fallback keeps them comparable in the last column.
	const repaint = (r) => {
		const t = tr(r);
		const rendering = t?.renderUntilPainted?.renderMs ?? paintTask(t ?? {})?.renderMs;
		return t ? (t.domChangeTask?.scriptMs ?? 0) + (rendering ?? 0) : undefined;
	};
	row(
		P,
		'repaint = DOM-change task script + rendering until painted (median traced run)',
		(r) => ms(repaint(r)),
		'< 16 ms',
		under(repaint(results), 16)
	);
	// Runs before the repaint was traced five times have one figure: the row shows a dash.
	row(P, 'repaint, each traced run (ms)', (r) => {
		const all = r.browser.registryOnly.traced?.reconnectAllRepaintMs;
		return all ? all.map((x) => x.toFixed(1)).join(' ') : '—';
	});
	row(
		P,
		'view=registry: long tasks (count / max) ; mcp-lab:state messages',
		(r) => `${rr(r).longTasks.count} / ${ms(rr(r).longTasks.maxMs, 0)} ; ${rr(r).stateMessages}`
	);
	const ts = (r) => r.browser.registryOnly.traced?.setScenario?.trace;
	row(
		P,
		'first render of the registry (200 of 2,000 rows): script ; painting frame (traced)',
		(r) => `${ms(ts(r).domChangeTask?.scriptMs)} ; ${ms(paintTask(ts(r))?.renderMs)}`
	);
	row(
		P,
		'default embed: command received → DOM ; DOM → next frame',
		(r) => `${ms(a(r).reconnectAll.receivedToDomMs)} ; ${ms(a(r).reconnectAll.domToNextFrameMs)}`
	);
}

if (browser?.memory) {
	const MC = 'memory (Chromium, default embed, lab 01 played; 4,000 actions = 10,005 world events)';
	const at = (r) => r.browser.memory?.readings ?? [];
	const series = (r, pick) => at(r).map(pick).join(' → ');
	row(MC, `actions played: ${series(results, (x) => x.actions.toLocaleString('en'))}`, () => '');
	row(MC, 'heap after gc (MiB), at each', (r) => series(r, (x) => x.heapMiB));
	row(
		MC,
		'elements in the frame ; protocol log rows shown',
		(r) => `${series(r, (x) => x.elements)} ; ${series(r, (x) => x.wireRows)}`
	);
	row(MC, 'ms per action (post → result), since the reading before', (r) =>
		series(r, (x) => (x.msPerAction === null ? '—' : x.msPerAction))
	);
}

for (const r of size)
	row(
		'size (gzipped JS per route)',
		`${r.route} (${r.files} files)`,
		(res) => {
			const x = res.size?.find((y) => y.route === r.route);
			return x ? `${x.gzipKiB} KiB` : undefined;
		},
		r.budgetKiB ? `≤ ${r.budgetKiB} KiB` : '',
		r.status ?? ''
	);

for (const o of browser?.onOpen ?? [])
	row(
		'size (gzipped JS per route)',
		`${o.page}: loaded on open (start-up + what it fetches by itself, no interaction)`,
		(res) => {
			const x = res.browser?.onOpen?.find((y) => y.path === o.path);
			return x
				? `${x.gzipKiB} KiB (${x.scripts} files${x.partial ? ', still fetching at 15 s' : ''})`
				: undefined;
		},
		`≤ ${o.budgetKiB} KiB`,
		under(o.gzipKiB, o.budgetKiB)
	);

for (const o of browser?.openMs ?? [])
	row(
		'open a page (Chromium main thread, navigation to settled)',
		o.page === 'home' ? 'home page (the reference)' : `${o.page}: vs the home page`,
		(res) => {
			const x = res.browser?.openMs?.find((y) => y.path === o.path);
			if (!x) return undefined;
			const parts = `script ${x.scriptMs}, layout ${x.layoutMs}, style ${x.styleMs}`;
			return o.page === 'home'
				? `${x.taskMs} ms (${parts})`
				: `${x.vsHome}× (${x.taskMs} ms: ${parts})`;
		},
		'',
		''
	);

if (node?.replay) {
	const R = (r) => r.node.replay;
	const med = (x) => (x ? `${x.median.toFixed(0)} ms (p95 ${x.p95.toFixed(0)})` : undefined);
	row(
		'replay (Node)',
		'OpenHarness lab-01 log, rebuild at step 5,000',
		(r) => med(R(r).openharnessMs),
		'< 200 ms',
		under(node.replay.openharnessMs?.median, 200)
	);
	row(
		'replay (Node)',
		"the same log's protocol work on bare SDK pairs, no harness ; replay / that (median)",
		(r) => (R(r).floor ? `${med(R(r).floor.floorMs)} ; ${R(r).floor.ratioMedian}×` : undefined)
	);
	row('replay (Node)', 'OpenHarness lab-01 log, rebuild at step 2,500', (r) =>
		med(R(r).openharnessHalfMs)
	);
	row(
		'replay (Node)',
		'ToolSource log, rebuild at step 5,000',
		(r) => med(R(r).toolsourceMs),
		'< 200 ms',
		under(node.replay.toolsourceMs?.median, 200)
	);
	row(
		'replay (Node)',
		'OpenHarness log, step back to 4,999 from the spare world at 4,500 (what time travel does)',
		(r) => med(R(r).fromSpareMs),
		'< 200 ms',
		under(node.replay.fromSpareMs?.median, 200)
	);
	row('replay (Node)', 'heap one spare world keeps (lab-01 log rebuilt at step 4,500)', (r) =>
		R(r).spareWorldMiB !== undefined ? `${R(r).spareWorldMiB} MiB` : undefined
	);
	row(
		'replay (Node)',
		'OpenHarness log, one step forward at 4,999 → 5,000 on the rebuilt world (what playback does)',
		(r) => (R(r).forwardOneMs ? `${R(r).forwardOneMs.median.toFixed(2)} ms` : undefined),
		'< 200 ms',
		under(node.replay.forwardOneMs?.median, 200)
	);
}
if (browser?.timeTravel) {
	const T = (r) => r.browser?.timeTravel;
	row(
		'time travel (Chromium, embed step command)',
		'lab-01 log of 5,000 actions: jump back one step after a pause (from the spare world at 4,500)',
		(r) => (T(r) ? `${T(r).backMedianMs} ms (runs ${T(r).backToMs.join(', ')})` : undefined),
		'< 200 ms',
		under(browser.timeTravel.backMedianMs, 200)
	);
	row(
		'time travel (Chromium, embed step command)',
		'a jump back right after another one (finishes the spare at 4,000 moving up to 4,500 first)',
		(r) => (T(r)?.backRightAfterMs ? `${T(r).backRightAfterMs.join(', ')} ms` : undefined),
		'< 200 ms',
		under(Math.max(...(browser.timeTravel.backRightAfterMs ?? [Infinity])), 200)
	);
	row(
		'time travel (Chromium, embed step command)',
		'the first jump back right after playing, no pause',
		(r) => (T(r)?.firstBackMs !== undefined ? `${T(r).firstBackMs} ms` : undefined),
		'< 200 ms',
		under(browser.timeTravel.firstBackMs, 200)
	);
	row(
		'time travel (Chromium, embed step command)',
		'then one step forward again (replays only the new action)',
		(r) => (T(r) ? `${T(r).forwardMedianMs} ms` : undefined),
		'< 200 ms',
		under(browser.timeTravel.forwardMedianMs, 200)
	);
	row(
		'time travel (Chromium, embed step command)',
		'playing the 5,000 actions through the embed',
		(r) => (T(r) ? ms(T(r).playedMs / 1000, 1).replace(' ms', ' s') : undefined)
	);
}
row(
	'run',
	'load average at start → end (1 min) ; cpus',
	(r) => `${r.machine.loadavgAtStart[0]} → ${r.machine.loadavgAtEnd[0]} ; ${r.machine.cpus}`
);
row('run', 'bench time (node + chromium + sizes)', (r) =>
	ms(r.benchMs / 1000, 1).replace(' ms', ' s')
);

results.table = rows;
writeFileSync(OUT, JSON.stringify(results, null, 2));

const headers = {
	measure: 'measure',
	value: 'value',
	target: 'target',
	status: '',
	previous: previous ? 'previous run' : ''
};
const width = (k) => Math.max(headers[k].length, ...rows.map((r) => r[k].length));
const w = { measure: width('measure'), value: width('value'), target: width('target'), status: 4 };
let section = '';
const line = (r) =>
	`  ${r.measure.padEnd(w.measure)}  ${r.value.padEnd(w.value)}  ${r.target.padEnd(w.target)}  ${r.status.padEnd(w.status)}  ${r.previous}`.trimEnd();
console.log(
	`\nMCP Lab benchmarks — ${results.generatedAt} — Node ${machine.node}, ${machine.cpus} cpus`
);
console.log(line(headers));
for (const r of rows) {
	if (r.section !== section) {
		section = r.section;
		console.log(`\n${section}`);
	}
	console.log(line(r));
}
console.log(`\nwrote ${OUT}`);
if (failures.length) {
	console.error(`\nfailed: ${failures.join('; ')}`);
	process.exit(1);
}
