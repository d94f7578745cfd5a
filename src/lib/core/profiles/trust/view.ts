import type { ProfileView } from '../../world/profile-extension';
import type { Grant } from './grant';
import type { Pressure } from './pressure';

/** A connector's state in the profile's words (embed-api.md: the snapshot's `servers[].state`). */
export type ConnectorState = 'disconnected' | 'trusted' | 'connecting' | 'connected';

export interface ConnectorView {
	state: ConnectorState;
	trusted: boolean;
	/** Its namespaced tools while it is connected. */
	tools: string[];
	/**
	 * Its tools whose namespaced name a later connector's tool took (`a` + `b__c` and `a__b` +
	 * `c` are both `mcp__a__b__c`): the name, and the connector whose tool it is now.
	 */
	replaced: Array<{ name: string; by: string }>;
}

export interface HealthCheck {
	at: number;
	/** Each connector pinged: `pending` until its answer (or failure) is in. */
	results: Record<string, 'pending' | 'ok' | 'down'>;
	/** Why a connector is down: the ping's error, as the client reported it. */
	reasons: Record<string, string>;
}

/** The trust profile's state as panels, lab goals (`{profile:{path}}`) and the embed read it. */
export interface TrustView extends ProfileView {
	profile: 'trust';
	/** In config order. */
	connectors: Record<string, ConnectorView>;
	grant: Grant;
	/** Every tool of the trusted, connected connectors: what the deferred block lists. */
	available: string[];
	/** `available` ∩ what the grant allows: the tools the model can actually reach. */
	pool: string[];
	/** Names whose schema ToolSearch loaded (cleared by any change of the grant). */
	loaded: string[];
	schemas: Record<string, { description: string; input_schema: Record<string, unknown> }>;
	/** Exactly the `<available_deferred_tools>` block the system prompt carries. */
	deferredBlock: string;
	/** Connectors a `connect` was refused for because they were not trusted. */
	connectRefused: string[];
	health: HealthCheck | null;
	pressure: { current: Pressure; generated: Pressure };
}

/** The view, if the world runs the trust profile. */
export const asTrustView = (view: ProfileView | null): TrustView | null =>
	view?.profile === 'trust' ? (view as TrustView) : null;
