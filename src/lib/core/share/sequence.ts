import { formatPath } from '../scenario/problems';
import { INTERRUPTS, type LoggedAction } from '../world/actions';
import { shareRefusal } from './refusals';

/**
 * Why a log's numbering cannot be replayed, or null. Replay renumbers what it re-runs: a log
 * whose numbers disagree with its order, or an interrupt said to land in itself or a later
 * action, or an action that is no interrupt said to land in another (the world logs a landing
 * only for an interrupt, so its replay would log it without one), would replay into a world
 * whose own log is not this one. `from` names the document
 * in the refusal: a log file or a share link.
 */
export function sequenceProblem(
	actions: readonly LoggedAction[],
	from: 'log' | 'share'
): Error | null {
	for (const [i, entry] of actions.entries()) {
		if (entry.seq !== i + 1)
			return shareRefusal(from === 'log' ? 'log_seq' : 'share_seq', {
				path: formatPath(['actions', i, 'seq']),
				expected: String(i + 1),
				found: String(entry.seq)
			});
		if (entry.during !== null && entry.during >= entry.seq)
			return shareRefusal(from === 'log' ? 'log_during' : 'share_during', {
				path: formatPath(['actions', i, 'during']),
				found: String(entry.during)
			});
		if (entry.during !== null && !INTERRUPTS.has(entry.action.do))
			return shareRefusal(from === 'log' ? 'log_during_action' : 'share_during_action', {
				path: formatPath(['actions', i, 'during']),
				action: entry.action.do
			});
	}
	return null;
}
