import type { CallRecord } from '$lib/core';
import { isHarnessBuiltin } from '$lib/core/registry/registry';
import { boundJson } from '$lib/core/text/bound';
import { base64Bytes } from './protocol/resource-view';

/**
 * What a server's tools/call result held besides text, for a learner to see next to the text the
 * model received: structured content as JSON text, and each non-text block by its type and size.
 * Nothing from the server is rendered as what it claims to be (no image, no audio, no link).
 */
export type BlockView =
	| { kind: 'text'; chars: number }
	| { kind: 'image' | 'audio'; mime: string; bytes: number }
	| { kind: 'link'; uri: string; name: string }
	| { kind: 'resource'; uri: string; mime: string; bytes: number }
	| { kind: 'other'; type: string };

export interface ResultView {
	blocks: BlockView[];
	/** Blocks beyond BLOCKS_MAX, not listed. */
	more: number;
	/** Structured content as JSON, cut at STRUCTURED_MAX, and how much was cut. */
	structured: { text: string; omitted: number } | null;
}

export const BLOCKS_MAX = 20;
export const STRUCTURED_MAX = 8000;

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown, max = 300) => (typeof value === 'string' ? value.slice(0, max) : '');

function blockView(block: unknown): BlockView {
	if (!isObject(block)) return { kind: 'other', type: typeof block };
	const mime = str(block.mimeType, 100);
	switch (block.type) {
		case 'text':
			return { kind: 'text', chars: typeof block.text === 'string' ? block.text.length : 0 };
		case 'image':
		case 'audio':
			return { kind: block.type, mime, bytes: base64Bytes(str(block.data, Infinity)) };
		case 'resource_link':
			return { kind: 'link', uri: str(block.uri), name: str(block.name, 200) };
		case 'resource': {
			const resource = isObject(block.resource) ? block.resource : {};
			const bytes =
				typeof resource.blob === 'string'
					? base64Bytes(resource.blob)
					: new TextEncoder().encode(str(resource.text, Infinity)).length;
			return { kind: 'resource', uri: str(resource.uri), mime: str(resource.mimeType, 100), bytes };
		}
		default:
			return { kind: 'other', type: str(block.type, 50) || '?' };
	}
}

/**
 * The tool's own answer to a call, when it answered: a server's tools/call result, or a plugin
 * tool's (a CallToolResult too, formatted the same way). Not a resource built-in's: what it read
 * is no tool result, and its text already says all of it.
 */
export function executedResult(call: CallRecord): unknown {
	if (isHarnessBuiltin(call)) return null;
	const stage = call.stages.find((s) => s.stage === 'executing');
	return stage?.stage === 'executing' ? stage.detail.result : null;
}

/** Null when the result is text only: the model's text already shows all of it. */
export function resultView(result: unknown): ResultView | null {
	if (!isObject(result)) return null;
	const content = Array.isArray(result.content) ? result.content : [];
	// boundJson, not JSON.stringify: data nested thousands deep must not throw.
	const structured = isObject(result.structuredContent)
		? boundJson(result.structuredContent, STRUCTURED_MAX)
		: null;
	const blocks = content.slice(0, BLOCKS_MAX).map(blockView);
	if (!structured && blocks.every((b) => b.kind === 'text') && content.length <= BLOCKS_MAX)
		return null;
	return { blocks, more: Math.max(0, content.length - BLOCKS_MAX), structured };
}
