import { compareNames } from '../registry/registry';
import type { World } from './world';
import { clipped } from '../text/bound';

/** The embed contract's snapshot (shared/design/embed-api.md, version 1). */
export interface WorldSnapshot {
	version: 1;
	lab: string;
	profile: string;
	step: number;
	servers: Array<{
		name: string;
		transport: string;
		state: string;
		detail: string;
		process: string;
		tools: string[];
		resources: string[];
	}>;
	registry: Array<{
		name: string;
		server: string;
		tool: string;
		readOnly: boolean;
		available: boolean;
		/** Added to the contract's five: a plugin's tool names its plugin (absent otherwise). */
		plugin?: string;
	}>;
	calls: Array<{
		id: string;
		name: string;
		state: string;
		isError: boolean;
		output: string;
		error: string;
	}>;
}

/** Characters of a server's detail a snapshot carries. */
export const DETAIL_MAX = 2000;

export function worldSnapshot(world: World, where: { lab: string; step: number }): WorldSnapshot {
	return {
		version: 1,
		lab: where.lab,
		profile: world.scenario.profile,
		step: where.step,
		// OpenHarness lists statuses sorted by server name.
		servers: world
			.servers()
			.sort((a, b) => compareNames(a.name, b.name))
			.map((s) => ({
				name: s.name,
				transport: s.transport,
				// The profile's own words (trust: disconnected|trusted|connecting|connected).
				state: world.serverState(s.name) ?? s.status,
				// An error can quote a whole answer (a live server's 5 MB page): a host gets its start.
				detail: clipped(s.detail, DETAIL_MAX),
				process: s.process,
				tools: s.connection.tools.map((t) => t.name),
				resources: s.connection.resources.map((r) => r.uri)
			})),
		// The contract's five fields; a harness built-in shows as `server: ''`, always available,
		// and a plugin's tool also says which plugin gave it.
		registry: world.registry.map(({ name, server, tool, readOnly, available, plugin }) => ({
			name,
			server,
			tool,
			readOnly,
			available,
			...(plugin !== undefined && { plugin })
		})),
		calls: world.calls.map(({ id, name, state, isError, output, error }) => ({
			id,
			name,
			state,
			isError,
			output,
			error
		}))
	};
}
