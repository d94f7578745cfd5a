/**
 * The ToolSource profile's texts. harness-behaviors.md §4 names the states and the drills but
 * gives no error strings, so these are MCP Lab's wording (an illustration, said so in the UI);
 * tests pin them so the lab, its narration and the embed snapshot stay in step.
 */
export const unknownTool = (name: string) => `Unknown tool: ${name}`;
export const notAllowlisted = (name: string) =>
	`Permission denied: ${name} is not on the allowlist`;
export const userDenied = (name: string) => `Permission denied: the user did not approve ${name}`;
export const invalidArguments = (name: string, problems: string) =>
	`Invalid arguments for ${name}: ${problems}`;
export const notConnected = (server: string) =>
	`Server '${server}' is not connected; nothing was sent`;
export const serverError = (server: string, message: string) =>
	`Server '${server}' answered with an error: ${message}`;
export const toolReportedError = (summary: string) => `The tool reported an error: ${summary}`;
export const timedOut = (ms: number) => `no answer within ${ms} ms`;
export const connectionLost = 'the connection closed after the request was sent';
export const harnessRestarted = 'the harness restarted after the intent was persisted';
export const unknownOutcome = (name: string, why: string) =>
	`Outcome unknown for ${name}: ${why}. The side effect cannot be confirmed; the run is interrupted until this call is reconciled.`;
export const cancelled = (name: string) => `Cancelled ${name}: the harness stopped waiting`;
export const unsupportedContent = (type: string) =>
	`[unsupported content type: ${type}; stored raw in the artifact]`;
export const summaryTruncated = (shown: number, total: number, artifact: string) =>
	`[truncated: showing ${shown} of ${total} characters; full result in artifact ${artifact}]`;
export const emptyResult = '(empty result)';
export const schemaRefused = (name: string, reason: string) =>
	`${name} is not registered: ${reason}`;
