/**
 * Marks the parts of a tool description that address the model rather than describe the tool.
 * An MCP Lab illustration: a short pattern list for teaching, not a detector (no harness the lab
 * reproduces checks descriptions; a real attack can be phrased to miss every pattern).
 */
export interface Segment {
	text: string;
	flagged: boolean;
}

const PATTERNS: readonly RegExp[] = [
	/<important>[\s\S]*?<\/important>/gi,
	// To the end of the sentence: a dot inside a path (`~/.aws`) does not end it.
	/ignore (?:all |any )?(?:previous|prior|above) instructions(?:[^.\n]|\.(?!\s|$))*/gi,
	/do not (?:mention|tell|show)(?:[^.\n]|\.(?!\s|$))*/gi,
	/(?:~|\/home\/[^/\s]+)\/\.(?:ssh|aws|gnupg|kube|docker)(?:\/[\w.-]*\w)?/gi,
	/<\/?[a-z][^>]*>/gi
];

/** The description cut into plain and flagged runs, in order; joined they give the text back. */
export function injectionSegments(text: string): Segment[] {
	const ranges: Array<[number, number]> = [];
	for (const pattern of PATTERNS)
		for (const match of text.matchAll(pattern))
			ranges.push([match.index, match.index + match[0].length]);
	ranges.sort((a, b) => a[0] - b[0]);
	const segments: Segment[] = [];
	let at = 0;
	for (const [start, end] of ranges) {
		if (end <= at) continue;
		const last = segments.at(-1);
		// Overlapping or touching matches read as one flagged run.
		if (start <= at && last?.flagged) last.text += text.slice(at, end);
		else {
			if (start > at) segments.push({ text: text.slice(at, start), flagged: false });
			segments.push({ text: text.slice(Math.max(start, at), end), flagged: true });
		}
		at = end;
	}
	if (at < text.length) segments.push({ text: text.slice(at), flagged: false });
	return segments;
}
