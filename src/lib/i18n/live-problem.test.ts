import { afterEach, describe, expect, it } from 'vitest';
import type { LiveProblemKind } from '$lib/core/live/live-errors';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { entryProblemMessage, entryProblemsText, problemMessage } from './live-problem';
import { LIVE_PROBLEM_KINDS } from '$lib/core/labs/lab-schema';

const context = { origin: 'http://127.0.0.1:4173', timeoutMs: 30_000 };
const kinds: readonly LiveProblemKind[] = LIVE_PROBLEM_KINDS;

afterEach(() => overwriteGetLocale(() => 'en'));

describe('problemMessage', () => {
	it('names the likely fix for each problem a learner can act on', () => {
		const say = (kind: LiveProblemKind) => problemMessage({ kind }, context);
		expect(say('refused')).toBe(
			'Nothing answered at this address. Is the server running, and is this the right host and port? Change address, below, takes another one.'
		);
		expect(say('cors')).toBe(
			"The server answered, but the browser hid its answer from this page (blocked by CORS). The server must send Access-Control-Allow-Origin: http://127.0.0.1:4173 and allow the request headers content-type, mcp-protocol-version, mcp-session-id, authorization (Access-Control-Allow-Headers). If this is the lab server (npm run lab:server) started without this page's origin, restart it with --origin http://127.0.0.1:4173"
		);
		expect(say('cors-session-id')).toContain(
			'The server must expose it: Access-Control-Expose-Headers: mcp-session-id.'
		);
		expect(say('unauthorized')).toBe(
			'The server needs a token (401 Unauthorized). Enter its bearer token below, then use it to reconnect.'
		);
		expect(problemMessage({ kind: 'unauthorized', tokenSent: true }, context)).toBe(
			'The server refused the token this page sent (401 Unauthorized). Check it (the token alone, without “Bearer ”) and use it again, or Forget token and enter another.'
		);
		// A session id with control characters is the server's bug, not CORS.
		expect(problemMessage({ kind: 'invalid-answer', sessionId: true }, context)).toBe(
			'The server named this session with control characters, which the MCP spec does not allow in a session id (visible ASCII only). The requests that sent it back failed: HTTP servers refuse such a header, often without the CORS headers that would let this page see why. The server has a bug; nothing on this page can fix it.'
		);
		expect(say('session-expired')).toContain('Reconnect to initialize a new session.');
		expect(say('not-mcp')).toContain('Check the path: MCP endpoints often end in /mcp.');
		// A 404 names the harness's word for it, which reads like an expired session (lab 08).
		expect(problemMessage({ kind: 'not-mcp', status: 404 }, context)).toBe(
			'This URL answered HTTP 404: there is no MCP endpoint at this path (the harness reports any 404 as “Session terminated”). Check the path: MCP endpoints often end in /mcp, and the lab server’s are /<server>/mcp. Change address, below, takes another one.'
		);
		expect(problemMessage({ kind: 'not-mcp', status: 405 }, context)).toBe(say('not-mcp'));
		// Lab 08's Disconnect: the page let go and the server noticed nothing; the words must
		// not blame the server.
		expect(say('closed')).toBe(
			'The connection is closed: this page let go of it (Disconnect), or the server closed it during a call. Reconnect to open a new one.'
		);
		expect(say('timeout')).toBe(
			'No answer within 30 s. The server may be slow or stuck: try again, or reconnect.'
		);
	});

	it('under MiniHarness, points to New session where the others say Reconnect', () => {
		// Its reconnect_all closes every client and opens none: Reconnect would leave the card
		// with no way back (a live audit). A token already starts a new session there.
		const restarts = { ...context, restarts: true };
		const say = (kind: LiveProblemKind) => problemMessage({ kind }, restarts);
		expect(say('session-expired')).toBe(
			'The server no longer knows this session (404 for the old mcp-session-id), for example after it restarted. MiniHarness never reopens a closed client: New session, below, starts one with every client new.'
		);
		expect(say('closed')).toBe(
			'The connection is closed: this page let go of it (Disconnect), or the server closed it during a call. MiniHarness never reopens a closed client: New session, below, starts one with every client new.'
		);
		expect(say('timeout')).toBe(
			'No answer within 30 s. The server may be slow or stuck: try again, or start over with New session, below.'
		);
		expect(say('unauthorized')).toBe(
			'The server needs a token (401 Unauthorized). Enter its bearer token below: using it starts a new session.'
		);
		// No sentence under MiniHarness says to reconnect; the others are the same as elsewhere.
		for (const kind of kinds) {
			expect(say(kind)).not.toMatch(/reconnect/i);
			const changed = [
				'session-expired',
				'closed',
				'timeout',
				'unauthorized',
				'local-network-denied'
			];
			if (!changed.includes(kind)) expect(say(kind)).toBe(problemMessage({ kind }, context));
		}
		overwriteGetLocale(() => 'zh-CN');
		expect(say('session-expired')).toBe(
			'服务器已不认识这个会话（旧的 mcp-session-id 得到 404），例如它重启过。MiniHarness 从不重新打开已关闭的客户端：下方的“新会话”会开始一个新会话，所有客户端都是新的。'
		);
		for (const kind of kinds) expect(say(kind)).not.toContain('重新连接');
	});

	it('names the custom headers a CORS refusal may be about, in both languages', () => {
		const cors = { kind: 'cors', headers: ['x-api-key', 'x-team'] } as const;
		expect(problemMessage(cors, context)).toContain(
			'allow the request headers content-type, mcp-protocol-version, mcp-session-id, authorization, x-api-key, x-team (Access-Control-Allow-Headers).'
		);
		overwriteGetLocale(() => 'zh-CN');
		expect(problemMessage(cors, context)).toBe(
			'服务器有应答，但浏览器对本页隐藏了它（被 CORS 拦截）。服务器必须发送 Access-Control-Allow-Origin: http://127.0.0.1:4173，并允许请求头 content-type、mcp-protocol-version、mcp-session-id、authorization、x-api-key、x-team（Access-Control-Allow-Headers）。如果这是启动时没有传入本页源的实验室服务器（npm run lab:server），请用 --origin http://127.0.0.1:4173 重新启动它。'
		);
	});

	it('gives every problem its own sentence, in both languages', () => {
		for (const locale of ['en', 'zh-CN'] as const) {
			overwriteGetLocale(() => locale);
			const sentences = kinds.map((kind) => problemMessage({ kind }, context));
			expect(new Set(sentences).size).toBe(kinds.length);
		}
		expect(problemMessage({ kind: 'timeout' }, { ...context, timeoutMs: 5_000 })).toContain(
			'5 秒内没有应答'
		);
	});
});

describe('entryProblemMessage', () => {
	it('says what to change in the connect form', () => {
		expect(entryProblemMessage('name-taken')).toBe(
			'This world already has a server with that name: choose another.'
		);
		expect(entryProblemMessage('name-long')).toBe('A server name has at most 100 characters.');
		expect(entryProblemMessage('header-authorization')).toBe(
			'Put a bearer token in the token field (it stays in memory), not in an Authorization header.'
		);
	});

	it('joins several problems as the language of the page writes two sentences', () => {
		expect(entryProblemsText(['url-scheme', 'header-name'])).toBe(
			'A live server is reached over http:// or https://. A header name is letters, digits and - only, e.g. X-Api-Key.'
		);
		overwriteGetLocale(() => 'zh-CN');
		// Chinese puts no space after 。.
		expect(entryProblemsText(['url-scheme', 'header-name'])).toBe(
			'真实服务器要通过 http:// 或 https:// 访问。请求头名称只能包含字母、数字和 -，例如 X-Api-Key。'
		);
	});
});
