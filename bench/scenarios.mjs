// Scenarios shared by the Node benchmarks (bench/node-bench.test.ts) and the Chromium one
// (bench/browser-bench.mjs), so both measure the same worlds.

/** One server with one cheap tool: what the pipeline-overhead benchmark calls. */
export const ECHO_SERVER = 'bench';
export const ECHO_TOOL = 'echo';
/** The adapted name OpenHarness registers it under. */
export const ECHO_NAME = `mcp__${ECHO_SERVER}__${ECHO_TOOL}`;

export function echoSim() {
	return {
		tools: [
			{
				name: ECHO_TOOL,
				description: 'Echoes its text back.',
				inputSchema: {
					type: 'object',
					properties: { text: { type: 'string' } },
					required: ['text']
				}
			}
		]
	};
}

/**
 * The echo server alone, no simulated latency.
 * @returns {import('../src/lib/core/scenario/schema').ScenarioInput}
 */
export function echoScenario() {
	return {
		profile: 'openharness',
		mcp_servers: {
			[ECHO_SERVER]: { type: 'stdio', command: 'bench-echo-server', sim: echoSim() }
		}
	};
}

/** @param {number} i */
export const serverName = (i) => `srv-${String(i).padStart(3, '0')}`;
/** @param {number} j */
export const toolName = (j) => `tool_${String(j).padStart(2, '0')}`;

/**
 * `servers` stdio servers with `tools` tools each: 100 × 20 is the scale world (2,000 tools).
 * @returns {import('../src/lib/core/scenario/schema').ScenarioInput}
 */
export function scaleScenario(servers = 100, tools = 20) {
	/** @type {Record<string, unknown>} */
	const mcp_servers = {};
	for (let i = 0; i < servers; i++) {
		mcp_servers[serverName(i)] = {
			type: 'stdio',
			command: 'bench-server',
			args: [String(i)],
			sim: {
				tools: Array.from({ length: tools }, (_, j) => ({
					name: toolName(j),
					description: `Tool ${j} of server ${i}: looks something up.`,
					inputSchema: {
						type: 'object',
						properties: { query: { type: 'string' }, limit: { type: 'integer' } },
						required: ['query']
					}
				}))
			}
		};
	}
	return { profile: 'openharness', mcp_servers };
}
