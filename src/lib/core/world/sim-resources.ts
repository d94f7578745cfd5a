import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import {
	ErrorCode,
	ListResourceTemplatesRequestSchema,
	ListResourcesRequestSchema,
	McpError,
	ReadResourceRequestSchema,
	SubscribeRequestSchema,
	UnsubscribeRequestSchema
} from '@modelcontextprotocol/sdk/types.js';
import type { SimBlock } from '../scenario/schema';

interface Body {
	mimeType?: string;
	text?: string;
	blob?: string;
}

/** One entry of resources/read's `contents`: a blob when the scenario gave one, else text. */
function content(uri: string, body: Body, fallbackMime?: string) {
	const mimeType = body.mimeType ?? fallbackMime;
	return body.blob !== undefined
		? { uri, mimeType, blob: body.blob }
		: { uri, mimeType, text: body.text ?? '' };
}

/** `{name}` → the URI's value for that variable; other braces stay as written. */
function fill(text: string, variables: Record<string, string | string[]>): string {
	return text.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
		const value = variables[name];
		if (value === undefined) return whole;
		return Array.isArray(value) ? value.join(',') : value;
	});
}

/**
 * resources/list, resources/templates/list, resources/read (and subscribe, when declared) from
 * the sim block. Only called when the server declares the resources capability: without it the
 * SDK refuses to register these, and the client gets the protocol's own Method not found.
 */
export function registerResources(
	server: Server,
	sim: SimBlock,
	declared: { subscribe?: boolean }
): void {
	const resources = sim.resources ?? [];
	const templates = sim.resourceTemplates ?? [];

	server.setRequestHandler(ListResourcesRequestSchema, () => {
		if (sim.resourcesError) throw new McpError(sim.resourcesError.code, sim.resourcesError.message);
		return {
			resources: resources.map(({ uri, name, description, mimeType }) => ({
				uri,
				name,
				description,
				mimeType
			}))
		};
	});

	server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
		resourceTemplates: templates.map(({ uriTemplate, name, description, mimeType }) => ({
			uriTemplate,
			name,
			description,
			mimeType
		}))
	}));

	server.setRequestHandler(ReadResourceRequestSchema, (request) => {
		const uri = request.params.uri;
		const resource = resources.find((r) => r.uri === uri);
		if (resource) return { contents: [content(uri, resource)] };
		for (const template of templates) {
			const listed = template.contents?.find((c) => c.uri === uri);
			if (listed) return { contents: [content(uri, listed, template.mimeType)] };
			if (template.text === undefined) continue;
			const variables = new UriTemplate(template.uriTemplate).match(uri);
			if (variables)
				return {
					contents: [content(uri, { text: fill(template.text, variables) }, template.mimeType)]
				};
		}
		throw new McpError(ErrorCode.InvalidParams, `Resource ${uri} not found`);
	});

	// Subscriptions are acknowledged so a host can try them; the sim never changes a resource, so
	// no notifications/resources/updated follows.
	if (declared.subscribe) {
		server.setRequestHandler(SubscribeRequestSchema, () => ({}));
		server.setRequestHandler(UnsubscribeRequestSchema, () => ({}));
	}
}
