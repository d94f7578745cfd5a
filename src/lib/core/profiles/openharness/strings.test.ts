import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { callFailed, errorDetail, errorMessage, sdkErrorText } from './strings';

describe("an error's text as a Python MCP client prints it", () => {
	it("drops the TS client's own prefix from an McpError, once", () => {
		// What the TS client raises for a TS SDK server's McpError: the wire message keeps its prefix.
		const wire = new McpError(-32000, 'MCP error -32000: kaput');
		expect(wire.message).toBe('MCP error -32000: MCP error -32000: kaput');
		expect(errorMessage(wire)).toBe('MCP error -32000: kaput');
		expect(errorDetail(wire)).toBe('MCP error -32000: kaput');
		expect(errorDetail(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'))).toBe(
			'Connection closed'
		);
		expect(errorMessage(new McpError(ErrorCode.RequestTimeout, 'Request timed out'))).toBe(
			'Request timed out'
		);
		expect(errorDetail(new McpError(ErrorCode.MethodNotFound, 'Method not found'))).toBe(
			'Method not found'
		);
	});

	it('leaves other errors and other prefixes as they are', () => {
		expect(errorDetail(new Error('MCP error -32000: Connection closed'))).toBe(
			'MCP error -32000: Connection closed'
		);
		expect(errorDetail(new Error('Not connected'))).toBe('Not connected');
		const other = new McpError(-32000, 'x');
		other.message = 'MCP error -32001: x';
		expect(errorDetail(other)).toBe('MCP error -32001: x');
	});

	it('a session whose server is gone: the Python SDK raises ClosedResourceError, with no message', () => {
		// The TS client the lab links says "Not connected" there; other profiles keep its words.
		expect(errorMessage(new Error('Not connected'))).toBe('');
		expect(callFailed('filesystem', errorMessage(new Error('Not connected')))).toBe(
			"MCP server 'filesystem' call failed: "
		);
	});

	it('an empty wire message: str(exc) is empty, the status detail is the class name', () => {
		const empty = new McpError(-32603, '');
		expect(errorMessage(empty)).toBe('');
		expect(errorDetail(empty)).toBe('McpError');
	});

	it("the TS SDK's own text (the page's protocol panel, a TS server) keeps the prefix", () => {
		expect(sdkErrorText(new McpError(ErrorCode.MethodNotFound, 'Method not found'))).toBe(
			'MCP error -32601: Method not found'
		);
		expect(sdkErrorText(new TypeError(''))).toBe('TypeError');
	});
});
