import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type {
	ToolSourceExecuteInput,
	ToolSourceExecuteOutput
} from '../machines/toolsource-call.machine';
import { errorDetail } from '../profiles/openharness/strings';
import type { ToolSourcePolicy } from '../profiles/toolsource/policy';
import type { BuiltRegistry, ConnectionFacts } from '../registry/registry';
import { callEnded as callEvent, type CallRecord } from './calls';
import type { SimClock } from './clock';
import { toolsourceRefusal } from '../profiles/toolsource/refusals';
import type { NewWorldEvent } from './events';
import type { Link } from './sim-io';
import { loadPatternEngine, mentionsPatterns } from '../python/pattern-engine';
import { withClockTimeout } from './timeout';
import type { ToolSourceRunner } from './toolsource-calls';

/** What the ToolSource profile needs from its world. */
export interface ToolSourceWorld {
	clock: SimClock;
	/** The server's connection as the harness holds it, if connected. */
	connected(server: string): Link | null;
	/** Runs a tools/call, counted as executing on that server (see ExecutingCalls.on). */
	executingOn<T>(server: string, request: () => Promise<T>): Promise<T>;
	emit(event: NewWorldEvent): void;
	changed(): void;
	/** Whether a live server may list anything, and the simulated servers' tools. */
	listed: { live: boolean; tools: unknown };
}

/**
 * The ToolSource profile inside a world: its runtime (loaded on demand, so other profiles'
 * pages do not carry it), its registry policy, its tools/call with outcomes classified by
 * whether the request went out, and the harness restart.
 */
export class ToolSourceBinding {
	runner: ToolSourceRunner | null = null;
	#module: typeof import('./toolsource-profile') | null = null;
	/** While the runtime loads; every world command waits for it. */
	loading: Promise<void> | null;
	/** A restart is not a cancel: the dying harness sends nothing for what it abandons. */
	#restarting = false;

	constructor(
		readonly policy: ToolSourcePolicy,
		private readonly world: ToolSourceWorld
	) {
		this.loading = import('./toolsource-profile').then(async (module) => {
			// The registry compiles listed patterns on RE2 as it regenerates schemas: the engine
			// is in before any server is listed that may have one (a live server's may).
			if (world.listed.live || mentionsPatterns(world.listed.tools)) await loadPatternEngine();
			this.#module = module;
			this.runner = new module.ToolSourceRunner(
				world.clock,
				policy,
				{ execute: (input, signal) => this.#execute(input, signal) },
				(done) => this.#changed(done)
			);
			this.loading = null;
		});
	}

	build(connections: ConnectionFacts[]): BuiltRegistry {
		return this.#module!.buildToolSourceRegistry(this.policy, connections);
	}

	/** A call the model proposes; refused while an unknown outcome waits for a person. */
	start(name: string, args: Record<string, unknown>, built: BuiltRegistry | null): string {
		this.refuseWhileInterrupted();
		return this.required().start(name, args, this.#module!.toolSourceTools(built, this.policy));
	}

	refuseWhileInterrupted(): void {
		const open = this.runner?.unreconciled ?? [];
		if (open.length) throw toolsourceRefusal('run_interrupted', { ids: open.join(', ') });
	}

	required(): ToolSourceRunner {
		if (!this.runner) throw toolsourceRefusal('toolsource_loading');
		return this.runner;
	}

	/** The profile's journal and run state, as the world shows them. */
	view() {
		const runner = this.runner;
		if (!runner) return null;
		return {
			policy: runner.policy,
			journal: runner.journal.entries,
			unreconciled: runner.unreconciled,
			run: runner.unreconciled.length ? ('interrupted' as const) : ('running' as const)
		};
	}

	/** The harness dies: calls in flight end now (each said like any other ending). */
	abandon(): void {
		const runner = this.required();
		const before = runner.unreconciled.length;
		// XState aborts the stopped calls' requests later, so the flag stays up until restarted.
		this.#restarting = true;
		for (const done of runner.abandonAll()) this.world.emit(callEvent(done));
		if (before === 0 && runner.unreconciled.length > 0)
			this.world.emit({ kind: 'run', state: 'interrupted' });
	}

	restarted(): void {
		this.#restarting = false;
	}

	#changed(done?: CallRecord): void {
		if (!done) return this.world.changed();
		this.world.emit(callEvent(done));
		if (done.state === 'unknown' && this.runner!.unreconciled.length === 1)
			this.world.emit({ kind: 'run', state: 'interrupted' });
	}

	/** The same wire and clock timeout as OpenHarness; after the request went out, a lost answer is `unknown`. */
	async #execute(
		input: ToolSourceExecuteInput,
		cancelled: AbortSignal
	): Promise<ToolSourceExecuteOutput> {
		const link = this.world.connected(input.server);
		if (!link) return { kind: 'not-connected' };
		// The person's cancel reaches the SDK with a readable reason for notifications/cancelled;
		// it aborts the clock timeout's own controller, so whichever comes first is the reason.
		const abort = new AbortController();
		cancelled.addEventListener(
			'abort',
			() => {
				if (!this.#restarting) abort.abort('Cancelled by the user');
			},
			{ once: true }
		);
		try {
			const result = await this.world.executingOn(input.server, () =>
				withClockTimeout(
					this.world.clock,
					this.policy.timeoutMs,
					(options) =>
						link.client.callTool(
							{ name: input.tool, arguments: input.arguments },
							undefined,
							options
						),
					abort
				)
			);
			return { kind: 'result', result: result as never };
		} catch (error) {
			if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
				return { kind: 'timeout' };
			if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)
				return { kind: 'closed' };
			// The SDK refuses before writing when its transport is already gone.
			if (errorDetail(error) === 'Not connected') return { kind: 'not-connected' };
			return { kind: 'rpc-error', message: errorDetail(error) };
		}
	}
}
