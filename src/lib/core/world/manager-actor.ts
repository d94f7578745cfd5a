import type { Actor } from 'xstate';
import type { managerMachine } from '../machines/manager.machine';

/** The session manager's actor: one per world, owning a connection actor per server. */
export type ManagerActor = Actor<typeof managerMachine>;

/** One server's connection actor, as the manager holds it. */
export type ConnectionRef = ManagerActor['getSnapshot'] extends () => {
	context: { connections: Record<string, infer R> };
}
	? R
	: never;

/** A machine state value as one dotted string, e.g. `connecting.initializing`. */
export function stateString(value: unknown): string {
	if (typeof value === 'string') return value;
	if (value && typeof value === 'object') {
		const [key, inner] = Object.entries(value as Record<string, unknown>)[0] ?? [];
		return key ? `${key}.${stateString(inner)}` : '';
	}
	return '';
}
