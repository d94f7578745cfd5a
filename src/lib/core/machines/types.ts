/** What a connection learns from its server, in the shapes the harness keeps. */
export interface ToolInfo {
	name: string;
	description: string;
	inputSchema: Record<string, unknown>;
}

/** `McpResourceInfo` without its server: `name` is `resource.name or uri`, `description` `or ""`. */
export interface ResourceInfo {
	uri: string;
	name: string;
	description: string;
}

export interface InitInfo {
	protocolVersion: string;
	serverName: string;
	serverVersion: string;
	instructions: string;
}

/** OpenHarness's status words. */
export type ConnectionStatus = 'pending' | 'connected' | 'failed' | 'disabled';

/**
 * The protocol I/O a connection actor needs. The world implements it on the real SDK; the
 * machine only decides what happens next, so its logic can be walked by path tests.
 */
export interface ConnectionIo {
	open(server: string): Promise<void>;
	initialize(server: string): Promise<InitInfo>;
	listTools(server: string): Promise<ToolInfo[]>;
	listResources(server: string): Promise<ResourceInfo[]>;
	close(server: string): Promise<void>;
}
