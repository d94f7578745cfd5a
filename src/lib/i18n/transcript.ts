import type { WorldEvent } from '$lib/core/world/events';
import { m } from '$lib/paraglide/messages';
import { describeEvent } from './describe-event';

/** One narrated sentence with the simulated time of the event it tells. */
export interface TranscriptLine {
	seq: number;
	t: number;
	text: string;
}

/** The panel lists the newest lines only: a long session would otherwise repaint thousands. */
export const TRANSCRIPT_SHOWN = 500;

/** The world's events as sentences in the current language, oldest first; the newest `limit`. */
export function transcriptLines(
	events: readonly WorldEvent[],
	limit = Infinity
): { lines: TranscriptLine[]; earlier: number } {
	const earlier = Math.max(0, events.length - limit);
	const lines = events
		.slice(earlier)
		.map((event) => ({ seq: event.seq, t: event.t, text: describeEvent(event) }));
	return { lines, earlier };
}

/** The plain-text file a learner downloads: a heading, then one timed sentence per line. */
export function transcriptText(lab: string, events: readonly WorldEvent[]): string {
	const { lines } = transcriptLines(events);
	const body = lines.length
		? lines.map((line) => `[${m.wire_time({ t: line.t })}] ${line.text}`)
		: [m.transcript_empty()];
	return [m.transcript_file_heading({ lab }), '', ...body, ''].join('\n');
}
