import { refusals, type RefusalTable } from '../../world/command-errors';

/** The trust profile's refusals, loaded with it: see world/command-errors.ts. */
export const trustRefusals = {
	no_command_of: (p: { profile: string; command: string; commands: string }) =>
		`The ${p.profile} profile has no command '${p.command}' (${p.commands}).`,
	unknown_connector: (p: { connector: string; connectors: string }) =>
		`Unknown connector '${p.connector}'. Connectors in this world: ${p.connectors || 'none'}.`,
	grant_tool_name: () => 'grantTool needs a namespaced tool name (`tool`).',
	must_be_boolean: (p: { key: string }) => `\`${p.key}\` must be true or false.`
} satisfies RefusalTable;

export const trustRefusal = refusals(trustRefusals);
