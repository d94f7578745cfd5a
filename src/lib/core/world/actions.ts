import type { permissionModes } from '../profiles/openharness/permissions';
import type { WorldAction } from './action-log-schema';
import type { ElicitationAnswer, SamplingAnswer } from './host-requests';

// The actions' zod schemas are in action-log-schema.ts: only reading a share link or a log file
// back checks actions, so the world's start-up code carries no schema for them.
export type { LoggedAction, WorldAction } from './action-log-schema';

/** Actions that act at once, even while a command is settling (see `World#interrupt`). */
export const INTERRUPTS: ReadonlySet<WorldAction['do']> = new Set(['cancelCall', 'restartHarness']);

/** The world methods an action calls; kept apart so `World` and replay share one mapping. */
export interface Actor {
	startSession(): Promise<unknown>;
	closeSession(): Promise<unknown>;
	connectAll(): Promise<unknown>;
	reconnectAll(): Promise<unknown>;
	restartHarness(): Promise<unknown>;
	kill(server: string): Promise<unknown>;
	restart(server: string): Promise<unknown>;
	hang(server: string): Promise<unknown>;
	delay(server: string, ms: number): Promise<unknown>;
	callTools(calls: Array<{ name: string; arguments?: Record<string, unknown> }>): Promise<unknown>;
	setPermissionMode(mode: (typeof permissionModes)[number]): Promise<unknown>;
	answerApproval(call: string, approve: boolean): Promise<unknown>;
	setStepMode(on: boolean): Promise<unknown>;
	stepCall(call: string, toEnd: boolean): Promise<unknown>;
	cancelCall(call: string): Promise<unknown>;
	reconcile(call: string, verdict: 'applied' | 'not_applied'): Promise<unknown>;
	answerSampling(request: string, answer: SamplingAnswer): Promise<unknown>;
	answerElicitation(request: string, answer: ElicitationAnswer): Promise<unknown>;
	setRoots(roots: Array<{ uri: string; name?: string }>): Promise<unknown>;
	setLogLevel(server: string, level: string): Promise<unknown>;
	listResources(server: string, cursor?: string): Promise<unknown>;
	listResourceTemplates(server: string, cursor?: string): Promise<unknown>;
	listPrompts(server: string, cursor?: string): Promise<unknown>;
	readResource(server: string, uri: string): Promise<unknown>;
	getPrompt(server: string, name: string, args: Record<string, string>): Promise<unknown>;
	profileCommand(command: string, args: Record<string, unknown>): Promise<unknown>;
}

export function perform(world: Actor, action: WorldAction): Promise<unknown> {
	switch (action.do) {
		case 'startSession':
		case 'closeSession':
		case 'connectAll':
		case 'reconnectAll':
		case 'restartHarness':
			return world[action.do]();
		case 'kill':
		case 'restart':
		case 'hang':
			return world[action.do](action.server);
		case 'delay':
			return world.delay(action.server, action.ms);
		case 'callTools':
			return world.callTools(action.calls);
		case 'setPermissionMode':
			return world.setPermissionMode(action.mode);
		case 'answerApproval':
			return world.answerApproval(action.call, action.approve);
		case 'setStepMode':
			return world.setStepMode(action.on);
		case 'stepCall':
			return world.stepCall(action.call, action.toEnd);
		case 'cancelCall':
			return world.cancelCall(action.call);
		case 'reconcile':
			return world.reconcile(action.call, action.verdict);
		case 'answerSampling':
			return world.answerSampling(
				action.request,
				action.action === 'approve'
					? { action: 'approve', ...(action.text !== undefined ? { text: action.text } : {}) }
					: { action: 'reject' }
			);
		case 'answerElicitation':
			return world.answerElicitation(action.request, {
				action: action.action,
				...(action.content !== undefined ? { content: action.content } : {})
			});
		case 'setRoots':
			return world.setRoots(action.roots);
		case 'setLogLevel':
			return world.setLogLevel(action.server, action.level);
		case 'listResources':
		case 'listResourceTemplates':
		case 'listPrompts':
			return world[action.do](action.server, action.cursor);
		case 'readResource':
			return world.readResource(action.server, action.uri);
		case 'getPrompt':
			return world.getPrompt(action.server, action.name, action.arguments);
		case 'profile':
			return world.profileCommand(action.command, action.args);
	}
}
