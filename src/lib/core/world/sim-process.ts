import type { SimBlock } from '../scenario/schema';
import type { ProcessView } from './wire';

export type ProcessState = 'running' | 'killed' | 'hung';

/**
 * The simulated server process behind one configured server. It outlives connections: a killed
 * process stays down until restarted (as if its command now crashed at start), so a reconnect
 * shows the failure instead of quietly spawning a healthy copy.
 */
export class SimProcess implements ProcessView {
	state: ProcessState = 'running';
	/** Extra simulated ms on every answer (the `delay` fault); a restart clears it. */
	delayMs = 0;

	constructor(
		readonly server: string,
		readonly sim: SimBlock
	) {}

	get hung(): boolean {
		return this.state === 'hung';
	}

	latencyFor(request: { method: string; tool?: string }): number {
		const base = (this.sim.latencyMs ?? 0) + this.delayMs;
		if (request.method !== 'tools/call' || !request.tool) return base;
		const tool = this.sim.tools?.find((t) => t.name === request.tool);
		return base + (tool?.latencyMs ?? 0);
	}
}
