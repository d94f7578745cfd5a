import type { ServerConfig, SimBlock } from './schema';

/**
 * Built-in behaviour for well-known server packages, so a settings block pasted as is
 * (no `sim`) still gives a world with tools. Matched on the package name in stdio args.
 */
const filesystem: SimBlock = {
	serverInfo: { name: 'secure-filesystem-server', version: '0.2.0' },
	latencyMs: 15,
	tools: [
		{
			name: 'read_file',
			description: 'Read the complete contents of a file from the file system.',
			inputSchema: {
				type: 'object',
				properties: { path: { type: 'string' } },
				required: ['path']
			},
			result: { content: [{ type: 'text', text: 'hello from /data/notes.txt' }] }
		},
		{
			name: 'write_file',
			description: 'Create a new file or completely overwrite an existing file with new content.',
			inputSchema: {
				type: 'object',
				properties: { path: { type: 'string' }, content: { type: 'string' } },
				required: ['path', 'content']
			},
			result: { content: [{ type: 'text', text: 'Successfully wrote to /data/notes.txt' }] }
		},
		{
			name: 'list_directory',
			description: 'Get a detailed listing of all files and directories in a specified path.',
			inputSchema: {
				type: 'object',
				properties: { path: { type: 'string' } },
				required: ['path']
			},
			result: { content: [{ type: 'text', text: '[FILE] notes.txt\n[DIR] reports' }] }
		}
	]
};

const wellKnown: Record<string, SimBlock> = {
	'@modelcontextprotocol/server-filesystem': filesystem
};

export function builtInSim(config: ServerConfig): SimBlock | undefined {
	if (config.type !== 'stdio') return undefined;
	const words = [config.command, ...config.args];
	const pkg = Object.keys(wellKnown).find((name) =>
		words.some((word) => word === name || word.startsWith(`${name}@`))
	);
	return pkg ? wellKnown[pkg] : undefined;
}

/** The sim block a server runs with: its own, else the built-in one, else no tools. */
export function effectiveSim(config: ServerConfig): SimBlock {
	return config.sim ?? builtInSim(config) ?? {};
}
