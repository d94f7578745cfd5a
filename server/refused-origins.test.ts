import { describe, expect, it } from 'vitest';
import { RefusedOrigins, refusedOriginLine, terminalText } from './refused-origins';

describe('refused origins in the terminal', () => {
	it('quotes a value that is no web origin, so control characters never reach the terminal raw', () => {
		expect(refusedOriginLine('http://a.example/\u001b[2J')).toBe(
			`Refused a request with Origin "http://a.example/\\u001b[2J": only an http(s) page's origin can be allowed (--origin <url>).`
		);
	});

	it('escapes C1 controls and bidi overrides as well', () => {
		expect(refusedOriginLine('http://a.example/\u009b2J\u202eevil')).toBe(
			`Refused a request with Origin "http://a.example/\\u009b2J\\u202eevil": only an http(s) page's origin can be allowed (--origin <url>).`
		);
	});

	it('writes a failed request’s path the same way (a URL can carry escape sequences)', () => {
		expect(terminalText('/mcp?x=\u001b]0;pwned\u0007')).toBe('"/mcp?x=\\u001b]0;pwned\\u0007"');
		expect(terminalText('/'.repeat(10_000)).length).toBeLessThan(300);
	});

	it('reports each origin once, and at most 50 of them', () => {
		const lines: string[] = [];
		const refused = new RefusedOrigins((line) => lines.push(line));
		for (let i = 0; i < 60; i++)
			for (let again = 0; again < 3; again++) refused.report(`http://localhost:${3000 + i}`);
		expect(lines).toHaveLength(50);
		expect(lines[0]).toBe(
			'Refused a page at http://localhost:3000: its origin is not allowed here. To let it connect, restart the lab server with --origin http://localhost:3000'
		);
	});
});
