import { boundText } from '../src/lib/core/text/bound';

/** Distinct origins the terminal hears about: a client making up origins cannot flood it. */
const MAX_REPORTED = 50;
const MAX_SHOWN = 200;

/**
 * Tells the person running the lab server, once per origin, why a page gets nowhere. A refused
 * preflight carries no CORS headers, so the page sees only "Failed to fetch" and cannot say which
 * side to fix; without this line the terminal would say nothing at all.
 */
export class RefusedOrigins {
	readonly #seen = new Set<string>();

	constructor(private readonly log: (line: string) => void) {}

	report(origin: string): void {
		if (this.#seen.has(origin) || this.#seen.size >= MAX_REPORTED) return;
		this.#seen.add(origin);
		this.log(refusedOriginLine(origin));
	}
}

/** The line for one refused origin; a value that is no web origin is quoted, never echoed raw. */
export function refusedOriginLine(origin: string): string {
	if (isWebOrigin(origin))
		return `Refused a page at ${origin}: its origin is not allowed here. To let it connect, restart the lab server with --origin ${origin}`;
	return `Refused a request with Origin ${terminalText(origin)}: only an http(s) page's origin can be allowed (--origin <url>).`;
}

/**
 * A value from a request, for the terminal: bounded, quoted, and only printable ASCII (control
 * characters, C1 controls and bidi overrides escaped), so no escape sequence reaches the screen.
 */
export function terminalText(value: string): string {
	const cut = boundText(value, MAX_SHOWN);
	return JSON.stringify(cut.omitted ? `${cut.text}…` : cut.text).replace(
		/[^\x20-\x7e]/g,
		(ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`
	);
}

/** `scheme://host[:port]` exactly as a browser sends it (what --origin accepts). */
function isWebOrigin(value: string): boolean {
	if (!URL.canParse(value)) return false;
	const url = new URL(value);
	return /^https?:$/.test(url.protocol) && url.origin === value;
}
