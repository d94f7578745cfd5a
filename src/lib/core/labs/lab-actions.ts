import type { WorldAction } from '../world/actions';
import type { World } from '../world/world';
import type { LabAction } from './lab-schema';

/**
 * Lab actions (a step's solution, a cue) and the world's own logged actions, both ways. A lab
 * action names what a learner does ("approve the waiting call"), a world action what the world
 * did ("approve call c3"): performing a lab action finds its target in the world as it is, and
 * recording maps a logged action back to the lab action a person would write.
 */

/**
 * Lab actions the world performs. The others belong to the page: `predict` answers the lab's
 * question, `setScenario` replaces the world, `wireStep` moves only the message-by-message view.
 */
export type WorldLabAction = Exclude<LabAction, { do: 'predict' | 'setScenario' | 'wireStep' }>;

export function isWorldLabAction(action: LabAction): action is WorldLabAction {
	return action.do !== 'predict' && action.do !== 'setScenario' && action.do !== 'wireStep';
}

const waitingCall = (world: World) => {
	const waiting = world.calls.findLast(
		(c) => c.state === 'awaiting_approval' || c.state === 'waiting_for_approval'
	);
	if (!waiting) throw new Error('no call is waiting for approval');
	return waiting.id;
};

const callInFlight = (world: World) => {
	const inFlight = world.calls.findLast((c) => c.endedAt === null);
	if (!inFlight) throw new Error('no call is in flight');
	return inFlight.id;
};

const openCall = (world: World) => {
	const open = world.toolSource?.unreconciled[0];
	if (!open) throw new Error('no call is waiting to be reconciled');
	return open;
};

const pendingRequest = (world: World, kind: 'sampling' | 'elicitation') => {
	const waiting = world.hostRequests.findLast((r) => r.kind === kind && r.state === 'pending');
	if (!waiting) throw new Error(`no ${kind} request is waiting for an answer`);
	return waiting.id;
};

/**
 * Performs a lab action on the world, finding its target in the world as it is now (the newest
 * call waiting for an answer, the oldest unreconciled one…); fails when there is none. The world
 * logs what it did as a world action, which is what replay and time travel use.
 */
export async function performLabAction(world: World, action: WorldLabAction): Promise<unknown> {
	// (World methods are called here rather than through actions.ts' `perform`: the page loads
	// this with presenter mode, and a lazy import of that module splits the page's start-up chunks.)
	switch (action.do) {
		case 'call':
			return world.callTool(action.tool, action.arguments);
		case 'answer':
			return world.answerApproval(waitingCall(world), action.approve);
		case 'cancel':
			return world.cancelCall(callInFlight(world));
		case 'reconcile':
			return world.reconcile(openCall(world), action.verdict);
		case 'answerSampling':
			return world.answerSampling(
				pendingRequest(world, 'sampling'),
				action.action === 'approve'
					? { action: 'approve', ...(action.text !== undefined ? { text: action.text } : {}) }
					: { action: 'reject' }
			);
		case 'answerElicitation':
			return world.answerElicitation(pendingRequest(world, 'elicitation'), {
				action: action.action,
				...(action.content !== undefined ? { content: action.content } : {})
			});
		case 'setRoots':
			return world.setRoots(action.roots);
		case 'setPermissionMode':
			return world.setPermissionMode(action.mode);
		case 'kill':
		case 'restart':
		case 'hang':
		case 'listResources':
		case 'listResourceTemplates':
		case 'listPrompts':
			return world[action.do](action.server);
		case 'readResource':
			return world.readResource(action.server, action.uri);
		case 'getPrompt':
			return world.getPrompt(action.server, action.name, action.arguments);
		case 'profile':
			return world.profileCommand(action.command, action.args);
		default:
			return world[action.do]();
	}
}

const primitive = (v: unknown): v is string | number | boolean =>
	typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * The lab actions that redo a logged world action, or null when no lab action can: a delay,
 * step mode, stepping a call and log levels are page controls a cue does not script. Answers
 * and cancels aim at the newest waiting call (reconcile: the oldest open one) when played.
 */
export function labActionsFor(action: WorldAction): LabAction[] | null {
	switch (action.do) {
		case 'callTools':
			return action.calls.map((c) => ({ do: 'call', tool: c.name, arguments: c.arguments }));
		case 'answerApproval':
			return [{ do: 'answer', approve: action.approve }];
		case 'cancelCall':
			return [{ do: 'cancel' }];
		case 'reconcile':
			return [{ do: 'reconcile', verdict: action.verdict }];
		case 'answerSampling':
			return [
				action.action === 'approve'
					? {
							do: 'answerSampling',
							action: 'approve',
							...(action.text !== undefined ? { text: action.text } : {})
						}
					: { do: 'answerSampling', action: 'reject' }
			];
		case 'answerElicitation': {
			const content = action.content && Object.entries(action.content);
			// A lab action's form answers are plain values; anything else cannot be scripted.
			if (content && !content.every(([, v]) => primitive(v))) return null;
			return [
				{
					do: 'answerElicitation',
					action: action.action,
					...(content
						? { content: Object.fromEntries(content) as Record<string, string | number | boolean> }
						: {})
				}
			];
		}
		case 'setRoots':
			return [{ do: 'setRoots', roots: action.roots.map((r) => r.uri) }];
		case 'delay':
		case 'setStepMode':
		case 'stepCall':
		case 'setLogLevel':
			return null;
		default:
			return [action];
	}
}
