import type { ProtocolResult } from '$lib/core';

/**
 * Reading the answers to a learner's resources and prompts requests for the panel. Answers come
 * from a server (the SDK checked their shape, nothing more), so every field is read defensively
 * and lists are cut; the panel shows all text through Bounded.
 */
type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown, key: string): Obj[] =>
	isObject(value) && Array.isArray(value[key])
		? (value[key] as unknown[]).filter(isObject).slice(0, MAX_ITEMS)
		: [];

export const MAX_ITEMS = 200;
/** Bytes of a blob shown as hex; the rest is only counted. */
export const PREVIEW_BYTES = 16;

/** The newest answer to `method` from `server`, pending ones included. */
export function latest(
	results: readonly ProtocolResult[],
	server: string,
	method: ProtocolResult['method']
): ProtocolResult | undefined {
	return results.findLast((r) => r.server === server && r.method === method);
}

/**
 * The cursor of the page after this answer, when the server said there is one: the panel then
 * offers the next page (a list is never fetched whole behind the learner's back).
 */
export function nextCursor(result: unknown): string | null {
	const cursor = isObject(result) ? result.nextCursor : undefined;
	return typeof cursor === 'string' && cursor !== '' ? cursor : null;
}

export interface ListedResource {
	uri: string;
	name: string;
	description: string;
	mimeType: string;
}

export function listedResources(result: unknown): ListedResource[] {
	return list(result, 'resources').map((r) => ({
		uri: text(r.uri),
		name: text(r.name),
		description: text(r.description),
		mimeType: text(r.mimeType)
	}));
}

export interface ListedTemplate {
	uriTemplate: string;
	name: string;
	description: string;
	mimeType: string;
}

export function listedTemplates(result: unknown): ListedTemplate[] {
	return list(result, 'resourceTemplates').map((t) => ({
		uriTemplate: text(t.uriTemplate),
		name: text(t.name),
		description: text(t.description),
		mimeType: text(t.mimeType)
	}));
}

export interface PromptArgument {
	name: string;
	description: string;
	required: boolean;
}

export interface ListedPrompt {
	name: string;
	title: string;
	description: string;
	arguments: PromptArgument[];
}

export function listedPrompts(result: unknown): ListedPrompt[] {
	return list(result, 'prompts').map((p) => ({
		name: text(p.name),
		title: text(p.title),
		description: text(p.description),
		arguments: list(p, 'arguments')
			.slice(0, 20)
			.map((a) => ({
				name: text(a.name),
				description: text(a.description),
				required: a.required === true
			}))
	}));
}

export type ShownContent =
	| { kind: 'text'; uri: string; mimeType: string; text: string }
	| {
			kind: 'blob';
			uri: string;
			mimeType: string;
			/** Decoded size in bytes. */
			bytes: number;
			/** The first PREVIEW_BYTES bytes as hex pairs, e.g. `89 50 4e 47`. */
			hex: string;
			/** The start of the base64 text as it crossed the wire. */
			base64: string;
	  };

/** A blob's decoded size, from its base64 length (padding excluded). */
export function base64Bytes(base64: string): number {
	const clean = base64.replace(/\s/g, '');
	const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
	return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** The first bytes of a blob as hex; '' when it is not valid base64. */
export function hexPreview(base64: string, bytes = PREVIEW_BYTES): string {
	// 4 base64 characters carry 3 bytes: decode only what the preview needs.
	const head = base64.replace(/\s/g, '').slice(0, Math.ceil(bytes / 3) * 4);
	try {
		return Array.from(atob(head).slice(0, bytes), (c) =>
			c.charCodeAt(0).toString(16).padStart(2, '0')
		).join(' ');
	} catch {
		return '';
	}
}

export function resourceContents(result: unknown): ShownContent[] {
	return list(result, 'contents').map((c) => {
		const uri = text(c.uri);
		const mimeType = text(c.mimeType);
		if (typeof c.blob === 'string')
			return {
				kind: 'blob',
				uri,
				mimeType,
				bytes: base64Bytes(c.blob),
				hex: hexPreview(c.blob),
				base64: c.blob.slice(0, 64)
			};
		return { kind: 'text', uri, mimeType, text: text(c.text) };
	});
}

export interface PromptMessage {
	role: string;
	text: string;
}

/** prompts/get's messages; a part that is not text is named by its type, e.g. `[image]`. */
export function promptMessages(result: unknown): PromptMessage[] {
	return list(result, 'messages').map((message) => {
		const content = isObject(message.content) ? message.content : {};
		return {
			role: text(message.role),
			text: content.type === 'text' ? text(content.text) : `[${text(content.type) || '?'}]`
		};
	});
}
