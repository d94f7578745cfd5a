import type { ExecuteInput, ExecuteOutput } from '../machines/call.machine';
import {
	errorMessage,
	LIST_MCP_RESOURCES,
	unknownServerDetail
} from '../profiles/openharness/strings';
import { findPluginTool } from '../scenario/plugins';
import type { Scenario } from '../scenario/schema';
import type { SimClock } from './clock';
import type { ExecutingCalls } from './executing-calls';
import type { ManagerActor } from './manager-actor';
import { PROTOCOL_METHODS } from './protocol-results';
import type { SimIo } from './sim-io';
import { defaultResult } from './sim-server';
import { withClockTimeout } from './timeout';

/**
 * The execute stage of OpenHarness's call pipeline (the CallRunner's `execute`, calls.ts): the
 * ToolSource and extension profiles send their own tools/call.
 */
export class ExecuteStage {
	/** OpenHarness's built-in resource tools (registered first, run here), once loaded. */
	resourceTools: typeof import('../profiles/openharness/resource-tools') | null = null;

	readonly #scenario: Scenario;
	readonly #clock: SimClock;
	readonly #timeoutMs: number;
	readonly #manager: ManagerActor;
	readonly #io: SimIo;
	readonly #executing: ExecutingCalls;

	constructor(
		scenario: Scenario,
		clock: SimClock,
		timeoutMs: number,
		manager: ManagerActor,
		io: SimIo,
		executing: ExecutingCalls
	) {
		this.#scenario = scenario;
		this.#clock = clock;
		this.#timeoutMs = timeoutMs;
		this.#manager = manager;
		this.#io = io;
		this.#executing = executing;
	}

	/**
	 * tools/call on the wire, for the call machine's execute stage; the world owns the timeout.
	 * OpenHarness's built-ins: `read_mcp_resource` sends resources/read the same way;
	 * `list_mcp_resources` sends nothing, it reads what each status recorded at connect time.
	 * A plugin's tool runs in the harness: nothing is sent, it answers its scenario `result`.
	 */
	async run(input: ExecuteInput): Promise<ExecuteOutput> {
		if (input.plugin !== undefined) {
			const tool = findPluginTool(this.#scenario, input.plugin, input.tool);
			return (tool?.result ?? defaultResult(input.tool, input.arguments)) as ExecuteOutput;
		}
		const connections = this.#manager.getSnapshot().context.connections;
		const tools = this.resourceTools!;
		if (input.builtin && input.tool === LIST_MCP_RESOURCES) {
			const listed = tools.listResources(
				Object.values(connections).map((c) => c.getSnapshot().context)
			);
			return { kind: 'builtin', text: tools.listResourcesOutput(listed), read: listed };
		}
		// A built-in's server is the model's own text: only a configured name is a server.
		const status = Object.hasOwn(connections, input.server)
			? connections[input.server].getSnapshot().context
			: undefined;
		const link = this.#io.links.get(input.server);
		if (!status || status.status !== 'connected' || !link)
			return { kind: 'not-connected', detail: status ? status.detail : unknownServerDetail };
		try {
			if (input.builtin) {
				const read = await this.#io.request(
					input.server,
					'resources/read',
					{ uri: input.arguments.uri },
					PROTOCOL_METHODS['resources/read']
				);
				return { kind: 'builtin', text: tools.readResourceOutput(read), read };
			}
			return await this.#executing.on(input.server, async () => {
				const result = await withClockTimeout(this.#clock, this.#timeoutMs, (options) =>
					link.client.callTool({ name: input.tool, arguments: input.arguments }, undefined, options)
				);
				// The Python SDK session's check of a result against the tool's listed outputSchema.
				const problem =
					this.#io.outputCheck &&
					(await this.#io.outputCheck).outputSchemaProblem(link, input.tool, result);
				return problem
					? { kind: 'call-failed' as const, message: problem }
					: (result as ExecuteOutput);
			});
		} catch (error) {
			return { kind: input.builtin ? 'read-failed' : 'call-failed', message: errorMessage(error) };
		}
	}
}
