/**
 * What OpenHarness does with a long tool output before the model sees it
 * (`engine/query.py` `_offload_tool_output_if_needed`, limits from `services/tool_outputs.py`;
 * HKUDS/OpenHarness, 2026 — the pierg@35667ae snapshot the rest of this profile follows predates
 * it). Output longer than 16,000 characters is written to an artifact file and replaced by a
 * `[Tool output truncated]` block that ends with the first 3,000 characters.
 *
 * Characters are counted as Python counts them: code points, not UTF-16 units, so an emoji is
 * one character and a preview never ends in half a surrogate pair.
 */

import { pyStripSpace } from '../../python/strip';

/** `DEFAULT_TOOL_OUTPUT_INLINE_CHARS` (env `OPENHARNESS_TOOL_OUTPUT_INLINE_CHARS`, at least 256). */
export const INLINE_LIMIT = 16_000;
/** `DEFAULT_TOOL_OUTPUT_PREVIEW_CHARS` (env `OPENHARNESS_TOOL_OUTPUT_PREVIEW_CHARS`, at least 128). */
export const PREVIEW_CHARS = 3_000;
export const TRUNCATION_MARKER = '[Tool output truncated]';

export interface TruncationArtifact {
	id: string;
	/** The full output's length, in Python characters. */
	chars: number;
}

export interface ForModel {
	/** What the model receives. */
	text: string;
	artifact: TruncationArtifact | null;
}

/** Which call the output came from: the block names both. */
export interface OutputSource {
	toolName: string;
	toolUseId: string;
}

/**
 * The text the model gets for a tool output, as OpenHarness builds it:
 *
 *     [Tool output truncated]
 *     Tool: <tool name>
 *     Tool use id: <id>
 *     Original size: <N> chars
 *     Full output saved to: <artifact>
 *     Inline preview: first 3000 chars (<N - 3000> chars omitted)
 *
 *     Preview:
 *     <the first 3000 characters>
 *
 * In OpenHarness `<artifact>` is a file path (`<data dir>/tool_artifacts/<time>-<tool>-<uuid>.txt`);
 * the lab writes the artifact id it was given (see `artifactIdFor`).
 */
export function truncateForModel(
	text: string,
	/** A function when only an output too long to fit needs the name built. */
	artifactId: string | (() => string),
	source: OutputSource,
	/** `pyLen(text)`, when the caller already counted. */
	chars = pyLen(text)
): ForModel {
	if (chars <= INLINE_LIMIT) return { text, artifact: null };
	const id = typeof artifactId === 'string' ? artifactId : artifactId();
	const preview = pyHead(text, PREVIEW_CHARS);
	const previewChars = Math.min(chars, PREVIEW_CHARS);
	const omitted = Math.max(0, chars - previewChars);
	let inline =
		`${TRUNCATION_MARKER}\n` +
		`Tool: ${source.toolName}\n` +
		`Tool use id: ${source.toolUseId}\n` +
		`Original size: ${chars} chars\n` +
		`Full output saved to: ${id}\n` +
		`Inline preview: first ${previewChars} chars`;
	if (omitted) inline += ` (${omitted} chars omitted)`;
	if (preview) inline += `\n\nPreview:\n${preview}`;
	return { text: inline, artifact: { id, chars } };
}

/** `_safe_tool_artifact_name`: runs outside `[A-Za-z0-9_.-]` become `_`; at most 80 characters. */
export function safeToolArtifactName(toolName: string): string {
	const normalized = pyStripSpace(toolName).replace(/[^A-Za-z0-9_.-]+/g, '_');
	return (normalized || 'tool').slice(0, 80);
}

/**
 * The lab's artifact name for a call's output: OpenHarness's file name without the timestamp and
 * the random part (the lab keeps runs deterministic), e.g. `tool_artifacts/c3-mcp__fs__read.txt`.
 * An illustration of the real path's shape.
 */
export function artifactIdFor(callId: string, toolName: string): string {
	return `tool_artifacts/${callId}-${safeToolArtifactName(toolName)}.txt`;
}

/** Python's `len(text)`: code points. */
export function pyLen(text: string): number {
	let n = 0;
	for (let i = 0; i < text.length; i++) {
		n++;
		if (isHigh(text.charCodeAt(i)) && isLow(text.charCodeAt(i + 1))) i++;
	}
	return n;
}

/** Python's `text[:count]`: the first `count` code points. */
export function pyHead(text: string, count: number): string {
	let i = 0;
	for (let n = 0; n < count && i < text.length; n++)
		i += isHigh(text.charCodeAt(i)) && isLow(text.charCodeAt(i + 1)) ? 2 : 1;
	return text.slice(0, i);
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;
