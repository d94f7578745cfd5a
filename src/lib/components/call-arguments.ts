/**
 * The "model calls a tool" form: an example argument object from a tool's inputSchema, and the
 * learner's JSON checked before anything is sent.
 */

import type { ServerConfig } from '$lib/core/scenario/schema';
import { effectiveSim } from '$lib/core/scenario/well-known';
import { boundJson } from '$lib/core/text/bound';

type Schema = Record<string, unknown>;

/** A schema's own value (enum, const) longer than this as JSON is not copied into the form. */
export const VALUE_MAX = 1000;
/** The example as text, at most this long (a cut one fails the JSON check, never the page). */
export const EXAMPLE_MAX = 20_000;

const isObject = (value: unknown): value is Schema =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Short as JSON: a huge or deeply nested value (which JSON.stringify throws on) is not. */
function fits(value: unknown): boolean {
	try {
		return JSON.stringify(value).length <= VALUE_MAX;
	} catch {
		return false;
	}
}

/**
 * A placeholder a learner can recognise and edit: by enum, const, then JSON Schema type. The
 * schema is the server's: an enum or const value too long to copy falls back to the type's.
 */
export function exampleValue(schema: unknown): unknown {
	if (!isObject(schema)) return null;
	if (Array.isArray(schema.enum) && schema.enum.length > 0 && fits(schema.enum[0]))
		return schema.enum[0];
	if ('const' in schema && fits(schema.const)) return schema.const;
	// A type list such as ["string", "null"]: the first type that is not null.
	const types = Array.isArray(schema.type) ? schema.type : [schema.type];
	const type = types.find((t) => typeof t === 'string' && t !== 'null');
	switch (type) {
		case 'string':
			return 'example';
		case 'number':
		case 'integer':
			return 1;
		case 'boolean':
			return true;
		case 'array':
			return [];
		case 'object':
			return {};
		default:
			return null;
	}
}

/**
 * The required properties with placeholder values. Required names missing from `properties`
 * are left out, as OpenHarness's input model ignores them.
 */
export function exampleArguments(inputSchema: unknown): Record<string, unknown> {
	if (!isObject(inputSchema) || !isObject(inputSchema.properties)) return {};
	const properties = inputSchema.properties;
	const required = Array.isArray(inputSchema.required) ? inputSchema.required : [];
	const example: Record<string, unknown> = {};
	for (const name of required) {
		if (typeof name === 'string' && Object.hasOwn(properties, name))
			example[name] = exampleValue(properties[name]);
	}
	return example;
}

/** The example as the textarea shows it, bounded (thousands of required names stay short). */
export function exampleText(inputSchema: unknown): string {
	return boundJson(exampleArguments(inputSchema), EXAMPLE_MAX).text;
}

export type ParsedArguments =
	| { ok: true; value: Record<string, unknown> }
	| { ok: false; reason: 'syntax'; detail: string }
	| { ok: false; reason: 'not-object' };

/** Tool arguments must be one JSON object; empty input means `{}`. */
export function parseArguments(text: string): ParsedArguments {
	if (text.trim() === '') return { ok: true, value: {} };
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		return { ok: false, reason: 'syntax', detail: error instanceof Error ? error.message : '' };
	}
	return isObject(value) ? { ok: true, value } : { ok: false, reason: 'not-object' };
}

/**
 * Whether a tool's answer is written in its simulated server's scenario (`result` or `error`),
 * so no argument changes it; one without either echoes its arguments, and a live server's, or a
 * tool the server added while running, is not known here.
 */
export function answerIsFixed(
	server: { config: ServerConfig; live: unknown } | undefined,
	tool: string
): boolean {
	if (!server || server.live) return false;
	// effectiveSim: a well-known command (the filesystem server) runs the lab's built-in tools.
	const sim = effectiveSim(server.config).tools?.find((t) => t.name === tool);
	return !!sim && (sim.result !== undefined || sim.error !== undefined);
}
