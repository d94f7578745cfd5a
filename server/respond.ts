import type { IncomingMessage, ServerResponse } from 'node:http';

export type Headers = Record<string, string>;

export function sendJson(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Headers = {}
) {
	res.writeHead(status, { ...headers, 'Content-Type': 'application/json' });
	res.end(JSON.stringify(body));
}

/** The body the SDK's own transport sends for a refused request, so clients read it the same way. */
export function sendRpcError(
	res: ServerResponse,
	status: number,
	code: number,
	message: string,
	headers: Headers = {}
) {
	sendJson(res, status, { jsonrpc: '2.0', error: { code, message }, id: null }, headers);
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Headers = {}) {
	res.writeHead(status, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
	res.end(html);
}

export type BodyResult =
	{ ok: true; value: unknown } | { ok: false; status: number; code: number; message: string };

/** Reads and parses a JSON body, refusing more than `limit` bytes before reading them all. */
export async function readJson(req: IncomingMessage, limit: number): Promise<BodyResult> {
	const tooLarge = {
		ok: false,
		status: 413,
		code: -32000,
		message: `Payload Too Large: the body exceeds ${limit} bytes`
	} as const;
	if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge;
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req as AsyncIterable<Buffer>) {
		size += chunk.length;
		if (size > limit) return tooLarge;
		chunks.push(chunk);
	}
	try {
		return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
	} catch {
		return { ok: false, status: 400, code: -32700, message: 'Parse error: Invalid JSON' };
	}
}
