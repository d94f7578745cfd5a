import { boundText } from '../../text/bound';
import { emptyResult, summaryTruncated, toolReportedError, unsupportedContent } from './strings';

/**
 * ToolSource keeps every raw result as an artifact and gives the model a bounded summary
 * (harness-behaviors.md §4). Text parts are the summary; a content type the harness does not
 * read (image, audio, embedded resource, …) is kept raw and the model is told it was not
 * supported, rather than being handed base64 it cannot use.
 */
export interface ToolSourceResult {
	content?: Array<{ type: string; [key: string]: unknown }>;
	structuredContent?: Record<string, unknown>;
	isError?: boolean;
	[key: string]: unknown;
}

export interface Summary {
	/** What the model receives. */
	text: string;
	/** The server said the tool failed (`isError`): ToolSource treats that as a failed call. */
	isError: boolean;
	/** The raw result as stored in the artifact (JSON). */
	raw: string;
	/** UTF-8 bytes of the raw result: what the audit table reports. */
	bytes: number;
	unsupported: string[];
	/** UTF-16 code units of the summary before the bound (a surrogate pair is never cut). */
	chars: number;
	truncated: boolean;
}

export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

export function summarise(result: ToolSourceResult, artifactId: string, limit: number): Summary {
	const raw = JSON.stringify(result);
	const parts: string[] = [];
	const unsupported: string[] = [];
	for (const part of result.content ?? []) {
		if (part.type === 'text' && typeof part.text === 'string') parts.push(part.text);
		else {
			const type =
				typeof part.mimeType === 'string' ? `${part.type} (${part.mimeType})` : part.type;
			unsupported.push(type);
			parts.push(unsupportedContent(type));
		}
	}
	if (!result.content?.length && result.structuredContent)
		parts.push(JSON.stringify(result.structuredContent));
	const full = parts.join('\n').trim() || emptyResult;
	const chars = full.length;
	const shown = boundText(full, limit);
	const text = shown.omitted
		? `${shown.text}\n${summaryTruncated(shown.text.length, chars, artifactId)}`
		: full;
	const isError = result.isError === true;
	return {
		text: isError ? toolReportedError(text) : text,
		isError,
		raw,
		bytes: utf8Bytes(raw),
		unsupported,
		chars,
		truncated: shown.omitted > 0
	};
}
