import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { sdkErrorText } from '../profiles/openharness/strings';
import type { SimStep, SimToolBase } from '../scenario/schema';
import { SDK_TIMER_OUT_OF_REACH } from './timeout';

export interface StepContext {
	server: Server;
	/** The tool whose handler runs the steps (names URL elicitations). */
	tool: string;
	/** Aborted when the host cancels the tools/call: requests to the host are cancelled with it. */
	signal: AbortSignal;
	changeTools(add: readonly SimToolBase[], remove: readonly string[]): void;
	/** The server declared `tools.listChanged`, so it tells the host when its list changes. */
	announcesToolChanges: boolean;
}

/** What the steps gave the tool: a line per step for its default result, or the failure. */
export type StepOutcome = { ok: true; lines: string[] } | { ok: false; text: string };

const METHOD: Record<SimStep['do'], string> = {
	sample: 'sampling/createMessage',
	elicit: 'elicitation/create',
	elicitUrl: 'elicitation/create',
	listRoots: 'roots/list',
	log: 'notifications/message',
	changeTools: 'notifications/tools/list_changed'
};

/**
 * Runs a tool's steps through the SDK server's own helpers (createMessage, elicitInput,
 * listRoots, sendLoggingMessage, sendToolListChanged), so every capability check and error is
 * the SDK's. The first failure stops the tool: it answers with that error as its result.
 */
export async function runSteps(steps: readonly SimStep[], ctx: StepContext): Promise<StepOutcome> {
	// The SDK's 60 s wall-clock timer must not fire while a person thinks: the host's own
	// simulated timeout on tools/call ends the wait, and cancelling it aborts these requests.
	const options: RequestOptions = { signal: ctx.signal, timeout: SDK_TIMER_OUT_OF_REACH };
	const lines: string[] = [];
	for (const [index, step] of steps.entries()) {
		try {
			lines.push(...(await runStep(step, index, ctx, options)));
		} catch (error) {
			return { ok: false, text: `${METHOD[step.do]} failed: ${sdkErrorText(error)}` };
		}
	}
	return { ok: true, lines };
}

async function runStep(
	step: SimStep,
	index: number,
	ctx: StepContext,
	options: RequestOptions
): Promise<string[]> {
	const { server } = ctx;
	switch (step.do) {
		case 'sample': {
			const result = await server.createMessage(
				{
					messages: [{ role: 'user', content: { type: 'text', text: step.prompt } }],
					...(step.systemPrompt !== undefined ? { systemPrompt: step.systemPrompt } : {}),
					maxTokens: step.maxTokens
				},
				options
			);
			const content = Array.isArray(result.content) ? result.content : [result.content];
			const text = content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('');
			return [`sampling: ${text}`];
		}
		case 'elicit':
		case 'elicitUrl': {
			const result = await server.elicitInput(
				step.do === 'elicit'
					? { mode: 'form', message: step.message, requestedSchema: step.requestedSchema as never }
					: {
							mode: 'url',
							message: step.message,
							url: step.url,
							elicitationId: step.elicitationId ?? `${ctx.tool}-${index + 1}`
						},
				options
			);
			const content = result.content ? ` ${JSON.stringify(result.content)}` : '';
			return [`elicitation: ${result.action}${content}`];
		}
		case 'listRoots': {
			const result = await server.listRoots(undefined, options);
			return [`roots: ${result.roots.map((r) => r.uri).join(', ') || '(none)'}`];
		}
		case 'log':
			// Filtered by the level the host set (logging/setLevel), inside the SDK.
			await server.sendLoggingMessage({
				level: step.level,
				...(step.logger !== undefined ? { logger: step.logger } : {}),
				data: step.data ?? null
			});
			return [];
		case 'changeTools':
			ctx.changeTools(step.add ?? [], step.remove ?? []);
			if (ctx.announcesToolChanges) await server.sendToolListChanged();
			return [];
	}
}
