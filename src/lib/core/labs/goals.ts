import { loadValidator, rawValidator, validatorLoaded } from '../validation/lazy-validator';
import type { RegisteredTool, Shadowed } from '../registry/registry';
import type { WorldEvent } from '../world/events';
import type { WorldSnapshot } from '../world/snapshot';
import type { WireEntry } from '../world/wire';
import type { CallRecord } from '../world/world';
import type { Goal } from './lab-schema';
import { httpMet, liveMet, type LiveFacts } from './live-goals';
import { profileMet } from './profile-goals';

/** What the world shows a goal: its snapshot plus the details the snapshot leaves out. */
export interface WorldFacts {
	snapshot: WorldSnapshot;
	sessionStarted: boolean;
	events: readonly WorldEvent[];
	calls: readonly CallRecord[];
	/** The registry as built, with the servers' own input schemas. */
	registered: readonly RegisteredTool[];
	/** Registrations the latest build replaced by a later one of the same name. */
	shadowed: readonly Shadowed[];
	permissionMode: string;
	/** ToolSource's run state; null for other profiles. */
	run: 'running' | 'interrupted' | null;
	/** The protocol log (its window of newest entries). */
	wire: readonly WireEntry[];
	/** The protocol version each connected server negotiated, by server name. */
	versions: Readonly<Record<string, string>>;
	/** Each live server's connection, by server name (simulated servers are not in it). */
	live: Readonly<Record<string, LiveFacts>>;
	/** A trust, miniharness or contextual profile's own state; null for the others. */
	profile: unknown;
	/** Lab 09's pinned tool definitions; null unless the scenario sets `pins`. */
	pins: unknown;
}

/** States a call ends in, across profiles (OpenHarness ends every call `completed`). */
export const ENDED: ReadonlySet<string> = new Set([
	'completed',
	'permission_denied',
	'failed',
	'unknown',
	'cancelled'
]);

/** What a goal is checked against: the world now, and what happened since the check began. */
export interface GoalContext extends WorldFacts {
	/** Call ids made since the check became the current one. */
	callIds: ReadonlySet<string>;
	predicted: boolean;
}

export function goalMet(goal: Goal, ctx: GoalContext): boolean {
	if ('all' in goal) return goal.all.every((g) => goalMet(g, ctx));
	if ('any' in goal) return goal.any.some((g) => goalMet(g, ctx));
	if ('not' in goal) return !goalMet(goal.not, ctx);
	if ('sessionStarted' in goal) return ctx.sessionStarted === goal.sessionStarted;
	if ('predicted' in goal) return ctx.predicted;
	if ('collision' in goal) return ctx.shadowed.length > 0;
	if ('permissionMode' in goal) return ctx.permissionMode === goal.permissionMode;
	if ('run' in goal) return ctx.run === goal.run;
	if ('command' in goal)
		return ctx.events.some(
			(e) =>
				e.kind === 'command' &&
				e.command === goal.command &&
				(goal.server === undefined || e.server === goal.server)
		);
	if ('reconciled' in goal)
		return ctx.events.some((e) => e.kind === 'reconciled' && e.verdict === goal.reconciled);
	if ('hostRequest' in goal) {
		const h = goal.hostRequest;
		return ctx.events.some(
			(e) =>
				e.kind === 'hostRequest' &&
				(h.kind === undefined || e.request === h.kind) &&
				(h.state === undefined || e.state === h.state) &&
				(h.server === undefined || e.server === h.server) &&
				(h.edited === undefined || e.edited === h.edited)
		);
	}
	if ('protocolResult' in goal) {
		const p = goal.protocolResult;
		return ctx.events.some(
			(e) =>
				e.kind === 'protocol' &&
				(p.method === undefined || e.method === p.method) &&
				(p.server === undefined || e.server === p.server) &&
				(p.ok === undefined || e.ok === p.ok) &&
				(p.errorIncludes === undefined || e.detail.includes(p.errorIncludes)) &&
				(p.uri === undefined || e.uri === p.uri)
		);
	}
	if ('wire' in goal) {
		const w = goal.wire;
		return ctx.wire.some(
			(e) =>
				e.kind === 'message' &&
				'method' in e.message &&
				e.message.method === w.method &&
				(w.server === undefined || e.server === w.server) &&
				(w.dir === undefined || e.dir === w.dir)
		);
	}
	if ('live' in goal) return liveMet(goal.live, ctx.live);
	if ('http' in goal) return httpMet(goal.http, ctx.wire);
	if ('profile' in goal) return profileMet(goal.profile, ctx.profile);
	if ('pins' in goal) return profileMet(goal.pins, ctx.pins);
	if ('registry' in goal) {
		const r = goal.registry;
		const matching = ctx.snapshot.registry.filter(
			(e) =>
				(r.name === undefined || e.name === r.name) &&
				(r.nameIncludes === undefined || e.name.includes(r.nameIncludes)) &&
				(r.server === undefined || e.server === r.server) &&
				(r.available === undefined || e.available === r.available)
		);
		return r.count === undefined ? matching.length > 0 : matching.length === r.count;
	}
	if ('call' in goal) {
		const c = goal.call;
		return ctx.calls.some(
			(call) =>
				ctx.callIds.has(call.id) &&
				(c.state === undefined ? ENDED.has(call.state) : call.state === c.state) &&
				(c.stage === undefined ||
					call.stages.some(
						(s) => s.stage === c.stage && (c.outcome === undefined || s.outcome === c.outcome)
					)) &&
				(c.outputIncludes === undefined || call.output.includes(c.outputIncludes)) &&
				(c.name === undefined || call.name === c.name) &&
				(c.nameIncludes === undefined || call.name.includes(c.nameIncludes)) &&
				(c.server === undefined || call.server === c.server) &&
				(c.isError === undefined || call.isError === c.isError) &&
				(c.outputStartsWith === undefined || call.output.startsWith(c.outputStartsWith)) &&
				(c.violatesServerSchema === undefined ||
					violatesServerSchema(call, ctx.registered) === c.violatesServerSchema) &&
				(c.sent === undefined || sentIncludes(call.sent, c.sent))
		);
	}
	const server = ctx.snapshot.servers.find((s) => s.name === goal.server);
	return (
		!!server &&
		(goal.state === undefined || server.state === goal.state) &&
		(goal.process === undefined || server.process === goal.process) &&
		(goal.detailIncludes === undefined || server.detail.includes(goal.detailIncludes)) &&
		(goal.protocolVersion === undefined || ctx.versions[server.name] === goal.protocolVersion)
	);
}

/**
 * Whether each of `wanted`'s arguments went to the server with that value: what input
 * validation let through, not what the model wrote (a tool with no parameters drops them all).
 */
function sentIncludes(sent: Record<string, unknown> | null, wanted: Record<string, unknown>) {
	return (
		sent !== null &&
		Object.entries(wanted).every(
			([key, value]) =>
				Object.hasOwn(sent, key) && JSON.stringify(sent[key]) === JSON.stringify(value)
		)
	);
}

/** Whether what was sent for this call breaks the input schema its server published. */
export function violatesServerSchema(
	call: CallRecord,
	registered: readonly RegisteredTool[]
): boolean {
	const tool = registered.find((t) => t.name === call.name);
	if (!tool || call.sent === null) return false;
	// Validation loads on demand (a lab with this goal preloads it: see LabState).
	if (!validatorLoaded()) {
		void loadValidator();
		return false;
	}
	const Validator = rawValidator();
	try {
		return !new Validator(tool.inputSchema as never, '2020-12', false).validate(call.sent).valid;
	} catch {
		return false;
	}
}
