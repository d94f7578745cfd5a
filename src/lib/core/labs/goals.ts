import type { WorldEvent } from '../world/events';
import type { WorldSnapshot } from '../world/snapshot';
import type { Goal } from './lab-schema';

/** What a goal is checked against: the world now, and what happened since the check began. */
export interface GoalContext {
	snapshot: WorldSnapshot;
	sessionStarted: boolean;
	/** World events since the check became the current one. */
	events: readonly WorldEvent[];
	/** Call ids made since the check became the current one. */
	callIds: ReadonlySet<string>;
	predicted: boolean;
}

export function goalMet(goal: Goal, ctx: GoalContext): boolean {
	if ('all' in goal) return goal.all.every((g) => goalMet(g, ctx));
	if ('any' in goal) return goal.any.some((g) => goalMet(g, ctx));
	if ('sessionStarted' in goal) return ctx.sessionStarted === goal.sessionStarted;
	if ('predicted' in goal) return ctx.predicted;
	if ('command' in goal)
		return ctx.events.some(
			(e) =>
				e.kind === 'command' &&
				e.command === goal.command &&
				(goal.server === undefined || e.server === goal.server)
		);
	if ('registry' in goal) {
		const r = goal.registry;
		const matching = ctx.snapshot.registry.filter(
			(e) =>
				(r.name === undefined || e.name === r.name) &&
				(r.server === undefined || e.server === r.server) &&
				(r.available === undefined || e.available === r.available)
		);
		return r.count === undefined ? matching.length > 0 : matching.length === r.count;
	}
	if ('call' in goal) {
		const c = goal.call;
		return ctx.snapshot.calls.some((call) => {
			const entry = ctx.snapshot.registry.find((e) => e.name === call.name);
			return (
				ctx.callIds.has(call.id) &&
				call.state === 'completed' &&
				(c.name === undefined || call.name === c.name) &&
				(c.server === undefined || entry?.server === c.server) &&
				(c.isError === undefined || call.isError === c.isError) &&
				(c.outputStartsWith === undefined || call.output.startsWith(c.outputStartsWith))
			);
		});
	}
	const server = ctx.snapshot.servers.find((s) => s.name === goal.server);
	return (
		!!server &&
		(goal.state === undefined || server.state === goal.state) &&
		(goal.process === undefined || server.process === goal.process) &&
		(goal.detailIncludes === undefined || server.detail.includes(goal.detailIncludes))
	);
}
