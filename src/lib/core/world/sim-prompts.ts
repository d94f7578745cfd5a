import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
	ErrorCode,
	GetPromptRequestSchema,
	ListPromptsRequestSchema,
	McpError
} from '@modelcontextprotocol/sdk/types.js';
import type { SimPrompt } from '../scenario/protocol-schema';

/**
 * Replaces `{argument}` for the prompt's declared arguments only, so other braces in a prompt
 * (JSON examples, code) stay as written. A missing optional argument becomes empty text.
 */
export function renderPrompt(
	text: string,
	prompt: SimPrompt,
	args: Record<string, string>
): string {
	const names = new Set((prompt.arguments ?? []).map((a) => a.name));
	return text.replace(/\{([^{}]+)\}/g, (whole, name: string) =>
		names.has(name) ? (Object.hasOwn(args, name) ? args[name] : '') : whole
	);
}

/** prompts/list and prompts/get; registered only when the server declares prompts. */
export function registerPrompts(server: Server, prompts: readonly SimPrompt[]): void {
	server.setRequestHandler(ListPromptsRequestSchema, () => ({
		prompts: prompts.map(({ name, title, description, arguments: args }) => ({
			name,
			title,
			description,
			arguments: args
		}))
	}));

	server.setRequestHandler(GetPromptRequestSchema, (request) => {
		const { name } = request.params;
		const args = request.params.arguments ?? {};
		const prompt = prompts.find((p) => p.name === name);
		if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Prompt ${name} not found`);
		// The server checks its own arguments: the host only passes what the person typed.
		const missing = (prompt.arguments ?? []).filter(
			(a) => a.required && !(Object.hasOwn(args, a.name) && args[a.name] !== '')
		);
		if (missing.length)
			throw new McpError(
				ErrorCode.InvalidParams,
				`Missing required argument${missing.length > 1 ? 's' : ''} for prompt ${name}: ${missing.map((a) => a.name).join(', ')}`
			);
		return {
			description: prompt.description,
			messages: prompt.messages.map((m) => ({
				role: m.role,
				content: { type: 'text' as const, text: renderPrompt(m.text, prompt, args) }
			}))
		};
	});
}
