import { DEFAULT_LIVE_TIMEOUT_MS, type LiveServer } from '../live/live-servers';
import type { PinTracker } from '../pins/pin-tracker';
import { callChecksLoaded, loadCallChecks } from '../profiles/openharness/lazy-call-checks';
import { defaultPolicy } from '../profiles/toolsource/policy';
import type { Scenario } from '../scenario/schema';
import { loadValidator } from '../validation/lazy-validator';
import { hostRequestEvent } from './host-commands';
import type { HostSide } from './host-side';
import type { LiveIo } from './live-io';
import type { ProfileExtension, RunHeaders } from './profile-extension';
import { profileHost, type ProfileHostParts } from './profile-host';
import { isExtensionProfile, loadExtension } from './profile-loaders';
import { loadSimFeatures } from './sim-features';
import type { SimIo } from './sim-io';
import type { SimProcess } from './sim-process';
import type { ToolSourceBinding } from './toolsource-binding';
import type { WorldOptions } from './world-options';

/** What a world's on-demand parts are made with (a profile host among them). */
export interface OnDemandWorld extends ProfileHostParts {
	options: WorldOptions;
	processes: ReadonlyMap<string, SimProcess>;
	/** The world's live servers (live-servers.ts), by name. */
	live: ReadonlyMap<string, LiveServer>;
	/** A contextual run's headers for a live server, once that profile is loaded. */
	liveHeaders: (server: string) => RunHeaders | undefined;
}

/** Where each part goes once loaded: the World keeps them, and reads them as its own fields. */
export interface OnDemandParts {
	live(live: LiveIo): void;
	host(host: HostSide): void;
	pins(pins: PinTracker): void;
	toolsource(binding: ToolSourceBinding): void;
	extension(extension: ProfileExtension): void;
	resourceTools(module: typeof import('../profiles/openharness/resource-tools')): void;
}

/**
 * The parts of a world whose code loads only for worlds that use them, so a page does not carry
 * what its lab never runs: a profile's (ToolSource; trust, miniharness or contextual; OpenHarness's
 * resource tools), the host side, live connections, lab 09's pins, JSON Schema validation, the
 * simulated servers' features. Each starts loading when the world is made; commands wait for all
 * of them (`loaded`).
 */
export class OnDemand {
	/** The ToolSource profile loading (its code is fetched only by worlds that run it). */
	#toolsource: Promise<void> | null = null;
	#extension: Promise<void> | null = null;
	#pins: Promise<void> | null = null;
	/** JSON Schema validation, loading when this world can elicit input (see lazy-validator). */
	readonly #validation: Promise<void> | null;
	/** The host side (sampling, elicitation, roots, logs) loads only for worlds that use it. */
	#host: Promise<void> | null = null;
	/** The simulated servers' resources, prompts and steps, loading when this world uses them. */
	readonly #simFeatures: Promise<void> | null;
	#live: Promise<void> | null = null;
	#resourceTools: Promise<void> | null = null;
	readonly #io: SimIo;

	constructor(world: OnDemandWorld, parts: OnDemandParts) {
		const { scenario, options, clock, wire, timeoutMs, manager, io, executing, emit, changed } =
			world;
		this.#io = io;
		this.#validation = elicits(scenario) ? loadValidator() : null;
		if (world.live.size)
			this.#live = import('./live-io').then((module) => {
				parts.live(
					new module.LiveIo(world.live, {
						log: wire,
						timeoutMs: options.liveTimeoutMs ?? DEFAULT_LIVE_TIMEOUT_MS,
						secrets: options.liveSecrets,
						runHeaders: world.liveHeaders,
						changed,
						realTime: options.realTime,
						flooded: (server, perSecond) => emit({ kind: 'flood', server, perSecond })
					})
				);
				this.#live = null;
			});
		this.#simFeatures = loadSimFeatures([...world.processes.values()].map((p) => p.sim));
		if (usesHost(scenario))
			this.#host = import('./host-side').then((module) => {
				parts.host(
					new module.HostSide(
						scenario.host,
						clock,
						(request, moved) => (moved ? emit(hostRequestEvent(request)) : changed()),
						changed
					)
				);
				this.#host = null;
			});
		if (scenario.pins)
			this.#pins = import('../pins/pin-tracker').then((module) => {
				const pins = new module.PinTracker({ clock, wire, timeoutMs, emit, changed });
				io.onClient = (client, server) => pins.attach(client, server);
				parts.pins(pins);
				this.#pins = null;
			});
		if (scenario.profile === 'toolsource')
			this.#toolsource = import('./toolsource-binding').then(async (module) => {
				const binding = new module.ToolSourceBinding(scenario.toolsource ?? defaultPolicy(), {
					clock,
					connected: (server) => {
						const c = manager.getSnapshot().context.connections[server]?.getSnapshot();
						return c?.context.status === 'connected' ? (io.links.get(server) ?? null) : null;
					},
					executingOn: (server, request) => executing.on(server, request),
					emit,
					changed,
					// What its servers may list: patterns to compile as it regenerates schemas.
					listed: {
						live: world.live.size > 0,
						tools: [...world.processes.values()].map((p) => p.sim.tools)
					}
				});
				await binding.loading;
				parts.toolsource(binding);
				this.#toolsource = null;
			});
		if (isExtensionProfile(scenario.profile))
			this.#extension = loadExtension(scenario.profile).then((module) => {
				parts.extension(module.createExtension(profileHost(world)));
				this.#extension = null;
			});
		if (scenario.profile === 'openharness')
			this.#resourceTools = import('../profiles/openharness/resource-tools').then((module) => {
				parts.resourceTools(module);
				this.#resourceTools = null;
			});
	}

	/** The ToolSource profile's code is still loading (an interrupt is refused until it is in). */
	get toolsourceLoading(): boolean {
		return this.#toolsource !== null;
	}

	/** Once all of it is in (World#loaded). */
	async loaded(): Promise<void> {
		if (this.#toolsource) await this.#toolsource;
		if (this.#extension) await this.#extension;
		if (this.#pins) await this.#pins;
		if (this.#validation) await this.#validation;
		if (this.#host) await this.#host;
		if (this.#simFeatures) await this.#simFeatures;
		if (this.#live) await this.#live;
		if (this.#resourceTools) await this.#resourceTools;
		if (!callChecksLoaded()) await loadCallChecks();
		if (this.#io.outputCheck) await this.#io.outputCheck;
	}
}

/** Whether any server of this world can ask the host for input (the SDK then validates it). */
function elicits(scenario: Scenario): boolean {
	const blocks = [
		scenario.mcp_servers,
		...Object.values(scenario.plugins ?? {}).map((p) => p.mcp_servers)
	];
	return blocks.some((servers) =>
		Object.values(servers).some((config) =>
			config.sim?.tools?.some((tool) =>
				tool.steps?.some((step) => step.do === 'elicit' || step.do === 'elicitUrl')
			)
		)
	);
}

/** Whether any server of this world can ask the host anything, or the host declares anything. */
function usesHost(scenario: Scenario): boolean {
	if (scenario.host) return true;
	const blocks = [
		scenario.mcp_servers,
		...Object.values(scenario.plugins ?? {}).map((p) => p.mcp_servers)
	];
	return blocks.some((servers) =>
		Object.values(servers).some((config) => config.sim?.tools?.some((tool) => tool.steps?.length))
	);
}
