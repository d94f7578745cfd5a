import { listenMcp } from '../../src/lib/test-support/listen-mcp';
import { answerPaging } from '../../src/lib/test-support/paging-mcp';

/** The paging MCP server (answerPaging) on a free port, for the page at `origin` (CORS). */
export function startPagingServer(origin: string) {
	return listenMcp(async (req, res, body) => {
		res.setHeader('Access-Control-Allow-Origin', origin);
		res.setHeader('Access-Control-Expose-Headers', 'mcp-session-id, mcp-protocol-version');
		if (req.method !== 'OPTIONS') return answerPaging(req, res, body);
		res.writeHead(204, {
			'Access-Control-Allow-Methods': 'GET, POST, DELETE',
			'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*'
		});
		res.end();
	});
}
