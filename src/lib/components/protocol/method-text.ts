import { m } from '$lib/paraglide/messages';

/**
 * What a message of the methods lab 00 meets says, in plain words, beyond the handshake and
 * tools (which wire-steps.ts reads field by field). A method not listed keeps the generic
 * sentence ("Another request: its method says what it asks for").
 */
export const REQUEST_TEXT: Record<string, () => string> = {
	'resources/list': m.messages_req_resources_list,
	'resources/templates/list': m.messages_req_resources_templates_list,
	'resources/read': m.messages_req_resources_read,
	'prompts/list': m.messages_req_prompts_list,
	'prompts/get': m.messages_req_prompts_get,
	'logging/setLevel': m.messages_req_logging_set_level,
	ping: m.messages_req_ping,
	'sampling/createMessage': m.messages_req_sampling,
	'elicitation/create': m.messages_req_elicitation,
	'roots/list': m.messages_req_roots_list
};

/** The answers, by the method of the request they answer. */
export const RESULT_TEXT: Record<string, () => string> = {
	'resources/list': m.messages_res_resources_list,
	'resources/templates/list': m.messages_res_resources_templates_list,
	'resources/read': m.messages_res_resources_read,
	'prompts/list': m.messages_res_prompts_list,
	'prompts/get': m.messages_res_prompts_get,
	'sampling/createMessage': m.messages_res_sampling,
	'elicitation/create': m.messages_res_elicitation,
	'roots/list': m.messages_res_roots_list
};

export const NOTIFICATION_TEXT: Record<string, () => string> = {
	'notifications/tools/list_changed': m.messages_note_tools_changed,
	'notifications/roots/list_changed': m.messages_note_roots_changed,
	'notifications/message': m.messages_note_log,
	'notifications/cancelled': m.messages_note_cancelled
};

/** The sentence for a method in one of the tables, or the fallback (own properties only). */
export const textFor = (
	table: Record<string, () => string>,
	method: string,
	fallback: () => string
) => (Object.hasOwn(table, method) ? table[method] : fallback)();
