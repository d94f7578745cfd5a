import type { WireEntry } from '$lib/core';
import { classifyEntries } from '../wire-format';
import { capabilityNames } from './capabilities';

/**
 * Lab 00's "message by message" reading of one server's wire: each JSON-RPC message with its
 * shape (request, response, notification) and, for the ones a connection starts with, what it
 * says. Only protocol words are produced here (methods, versions, capability names); the panel
 * puts them into sentences in the learner's language.
 */
export type MessageEntry = Extract<WireEntry, { kind: 'message' }>;

/** A request has an id and a method; a response an id and a result or an error; a notification a method and no id. */
export type Shape = 'request' | 'response' | 'error' | 'notification';

export type Meaning =
	/** The client opens: the version it speaks and the capabilities it offers. */
	| { what: 'initialize'; version: string; capabilities: string[]; client: string }
	/** The server's answer: the version it chose, its capabilities, who it is, its instructions. */
	| {
			what: 'initialize-result';
			version: string;
			capabilities: string[];
			server: string;
			instructions: string;
	  }
	| { what: 'initialized' }
	| { what: 'tools-list' }
	| { what: 'tools-list-result'; tools: number }
	| { what: 'tools-call'; tool: string }
	| { what: 'tools-call-result'; isError: boolean }
	| { what: 'error'; code: number; message: string; answers: string }
	| { what: 'request'; method: string }
	| { what: 'notification'; method: string }
	| { what: 'result'; answers: string };

export interface SteppedMessage {
	entry: MessageEntry;
	shape: Shape;
	/** The JSON-RPC id, as JSON (`0`, `"a"`), or '' for a notification. */
	id: string;
	method: string;
	/** For a response or an error: the method of the request it answers ('' when unknown). */
	answers: string;
	meaning: Meaning;
	/**
	 * Which connection of this server carried it, from 1: each connect opens a new one whose ids
	 * start again, so a reconnect's `initialize` is not read as the old connection's.
	 */
	connection: number;
}

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown, max = 200) => (typeof value === 'string' ? value.slice(0, max) : '');

function meaningOf(message: Obj, shape: Shape, method: string, answers: string): Meaning {
	const params = isObject(message.params) ? message.params : {};
	const result = isObject(message.result) ? message.result : {};
	if (shape === 'request' && method === 'initialize') {
		const client = isObject(params.clientInfo) ? params.clientInfo : {};
		return {
			what: 'initialize',
			version: str(params.protocolVersion),
			capabilities: capabilityNames(params.capabilities),
			client: `${str(client.name)} ${str(client.version)}`.trim()
		};
	}
	if (shape === 'notification' && method === 'notifications/initialized')
		return { what: 'initialized' };
	if (shape === 'request' && method === 'tools/list') return { what: 'tools-list' };
	if (shape === 'request' && method === 'tools/call')
		return { what: 'tools-call', tool: str(params.name) };
	if (shape === 'request') return { what: 'request', method };
	if (shape === 'notification') return { what: 'notification', method };
	if (shape === 'error') {
		const error = isObject(message.error) ? message.error : {};
		return {
			what: 'error',
			code: typeof error.code === 'number' ? error.code : 0,
			message: str(error.message),
			answers
		};
	}
	if (answers === 'initialize') {
		const server = isObject(result.serverInfo) ? result.serverInfo : {};
		return {
			what: 'initialize-result',
			version: str(result.protocolVersion),
			capabilities: capabilityNames(result.capabilities),
			server: `${str(server.name)} ${str(server.version)}`.trim(),
			instructions: str(result.instructions, 2000)
		};
	}
	if (answers === 'tools/list')
		return {
			what: 'tools-list-result',
			tools: Array.isArray(result.tools) ? result.tools.length : 0
		};
	if (answers === 'tools/call')
		return { what: 'tools-call-result', isError: result.isError === true };
	return { what: 'result', answers };
}

/** Every JSON-RPC message that crossed this server's wire, in order, each with its reading. */
export function serverMessages(entries: readonly WireEntry[], server: string): SteppedMessage[] {
	const own = entries.filter((e) => e.server === server);
	// Messages kept from before the wire window's first `open` count as a connection of their own.
	let connection = 0;
	return classifyEntries(own).flatMap(({ entry, info }) => {
		if (entry.kind === 'transport' && entry.event === 'open') connection++;
		if (entry.kind !== 'message') return [];
		connection ||= 1;
		const message = entry.message as Obj;
		const shape: Shape =
			info.kind === 'request'
				? 'request'
				: info.kind === 'notification'
					? 'notification'
					: info.error
						? 'error'
						: 'response';
		const method = info.method ?? '';
		return [
			{
				entry,
				shape,
				id: info.id === undefined ? '' : JSON.stringify(info.id),
				method,
				answers: shape === 'response' || shape === 'error' ? (info.answers ?? '') : '',
				meaning: meaningOf(message, shape, method, info.answers ?? ''),
				connection
			}
		];
	});
}

/**
 * Where the panel opens on a server the learner has not stepped through yet: the first message
 * of its newest connection, which is what just happened (after a reconnect, the old connection's
 * handshake is history).
 */
export function openingIndex(list: readonly SteppedMessage[]): number {
	const newest = list.at(-1)?.connection;
	return Math.max(
		0,
		list.findIndex((m) => m.connection === newest)
	);
}

/** The index to show after a move, kept inside the list (an empty list has only index 0). */
export function clampIndex(index: number, length: number): number {
	return Math.min(Math.max(0, index), Math.max(0, length - 1));
}
