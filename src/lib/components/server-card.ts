import { compareNames } from '$lib/core/registry/registry';
import type { ServerView } from '$lib/core';

/** How many tool names or resource URIs a card lists before saying "N more". */
export const LIST_LIMIT = 20;

/** OpenHarness lists servers sorted by name. */
export function sortedByName(servers: readonly ServerView[]): ServerView[] {
	return [...servers].sort((a, b) => compareNames(a.name, b.name));
}

/** What a server runs: the stdio command line, or the http/ws URL. */
export function serverTarget(server: ServerView): string {
	const config = server.config;
	if (config.type === 'stdio') return [config.command, ...config.args].join(' ');
	return config.url;
}

export type ProcessAction = 'kill' | 'restart' | 'hang' | 'delay';

/** The delay the Slow down control adds; pressed again, it removes it. */
export const SLOW_DOWN_MS = 2000;

/** Process controls are offered only where they change something. */
export function actionAllowed(action: ProcessAction, process: ServerView['process']): boolean {
	if (action === 'kill') return process !== 'killed';
	if (action === 'hang') return process === 'running';
	if (action === 'delay') return process !== 'killed';
	return process !== 'running';
}

/**
 * The process is gone or stuck, or the session runs on a pipe to one that was (a restart brings
 * a new process, not a new session), yet the status still says connected: a failed call does not
 * change it; only a reconnect (or a health check, in a harness that has one) does.
 */
export function staleConnected(server: ServerView): boolean {
	return (server.process !== 'running' || server.sessionClosed) && server.status === 'connected';
}

export function firstOf<T>(items: readonly T[], limit = LIST_LIMIT): { shown: T[]; more: number } {
	return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}
