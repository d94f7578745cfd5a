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
	const cut = boundText(origin, MAX_SHOWN);
	// Only printable ASCII reaches the terminal: C1 controls and bidi overrides are escaped too.
	const shown = JSON.stringify(cut.omitted ? `${cut.text}…` : cut.text).replace(
		/[^\x20-\x7e]/g,
		(ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`
	);
	return `Refused a request with Origin ${shown}: only an http(s) page's origin can be allowed (--origin <url>).`;
}

/** `scheme://host[:port]` exactly as a browser sends it (what --origin accepts). */
function isWebOrigin(value: string): boolean {
	if (!URL.canParse(value)) return false;
	const url = new URL(value);
	return /^https?:$/.test(url.protocol) && url.origin === value;
}
