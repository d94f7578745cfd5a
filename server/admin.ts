import type { IncomingMessage, ServerResponse } from 'node:http';
import { faultChangeSchema } from './faults';
import { isThisMachine, sameSecret } from './guard';
import type { LabApp } from './http-app';
import { readJson, sendJson } from './respond';
import { shortId } from './sessions';

export const ADMIN_HEADER = 'x-mcp-lab-admin';

/**
 * `/_lab/*`, the instructor's side: never CORS-enabled, so no page can read or drive it.
 * `GET /_lab/status` answers this machine; `POST /_lab/faults` also needs the admin secret
 * printed at start (or a server started with `--admin-open`, for tests). "This machine" is
 * loopback or any of its own addresses: bound to a LAN address, the instructor's own requests
 * come from that address.
 */
export async function handleAdmin(
	app: LabApp,
	req: IncomingMessage,
	res: ServerResponse,
	pathname: string
): Promise<void> {
	const { adminOpen, adminSecret } = app.options;
	const local = adminOpen || isThisMachine(req.socket.remoteAddress, app.machine);
	if (pathname === '/_lab/status') {
		if (req.method !== 'GET') return refuse(res, 405, 'Use GET for /_lab/status.');
		if (!local) return refuse(res, 403, 'The status endpoint answers this machine only.');
		return sendJson(res, 200, status(app));
	}
	if (pathname !== '/_lab/faults')
		return refuse(res, 404, 'Admin endpoints: /_lab/status, /_lab/faults.');
	if (req.method !== 'POST') return refuse(res, 405, 'Use POST for /_lab/faults.');
	const secret = req.headers[ADMIN_HEADER];
	if (
		!adminOpen &&
		!(local && sameSecret(typeof secret === 'string' ? secret : undefined, adminSecret))
	)
		return refuse(
			res,
			403,
			`The faults endpoint needs the ${ADMIN_HEADER} header with the admin secret printed at start, from this machine.`
		);
	// JSON only: a page can send text/plain across origins without asking first (no preflight),
	// so with --admin-open any page the browser lets reach 127.0.0.1 could otherwise set faults.
	if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
		return refuse(res, 415, 'Send the faults as JSON (Content-Type: application/json).');
	const body = await readJson(req, 64 * 1024);
	if (!body.ok) return refuse(res, body.status, body.message);
	const change = faultChangeSchema.safeParse(body.value);
	if (!change.success) {
		const issue = change.error.issues[0];
		const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
		return refuse(
			res,
			400,
			`Expected {killSessions?: true, slowMs?: number, unauthorized?: boolean}; ${where}${issue?.message ?? 'invalid'}`
		);
	}
	const did = await app.faults.apply(change.data);
	for (const line of did) app.log(line);
	return sendJson(res, 200, { ok: true, did, faults: app.faults.state });
}

function status(app: LabApp) {
	return {
		scenario: app.options.label,
		base: app.base,
		servers: app.urls(),
		sessions: app.sessions.list().map((s) => ({ id: shortId(s.id), server: s.server })),
		faults: app.faults.state,
		tokenRequired: app.options.token !== null
	};
}

function refuse(res: ServerResponse, code: number, error: string) {
	sendJson(res, code, { ok: false, error });
}
