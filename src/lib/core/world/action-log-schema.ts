import { z } from 'zod';
import { permissionModes } from '../profiles/openharness/permissions';
import { protocolRequestActions } from './protocol-request-actions';

/**
 * Every learner action on a world, as data: the event log that replays a world, time travel and
 * share links are made of these. Each is one public command of `World` with its arguments.
 */
export const worldActionSchema = z.discriminatedUnion('do', [
	z.strictObject({
		do: z.enum(['startSession', 'closeSession', 'connectAll', 'reconnectAll', 'restartHarness'])
	}),
	z.strictObject({ do: z.enum(['kill', 'restart', 'hang']), server: z.string() }),
	z.strictObject({ do: z.literal('delay'), server: z.string(), ms: z.number() }),
	z.strictObject({
		do: z.literal('callTools'),
		calls: z.array(
			z.strictObject({ name: z.string(), arguments: z.record(z.string(), z.unknown()) })
		)
	}),
	z.strictObject({ do: z.literal('setPermissionMode'), mode: z.enum(permissionModes) }),
	z.strictObject({ do: z.literal('answerApproval'), call: z.string(), approve: z.boolean() }),
	z.strictObject({ do: z.literal('setStepMode'), on: z.boolean() }),
	z.strictObject({ do: z.literal('stepCall'), call: z.string(), toEnd: z.boolean() }),
	z.strictObject({ do: z.literal('cancelCall'), call: z.string() }),
	z.strictObject({
		do: z.literal('reconcile'),
		call: z.string(),
		verdict: z.enum(['applied', 'not_applied'])
	}),
	z.strictObject({
		do: z.literal('answerSampling'),
		request: z.string(),
		action: z.enum(['approve', 'reject']),
		text: z.string().optional()
	}),
	z.strictObject({
		do: z.literal('answerElicitation'),
		request: z.string(),
		action: z.enum(['accept', 'decline', 'cancel']),
		content: z.record(z.string(), z.unknown()).optional()
	}),
	z.strictObject({
		do: z.literal('setRoots'),
		roots: z.array(z.strictObject({ uri: z.string(), name: z.string().optional() }))
	}),
	z.strictObject({ do: z.literal('setLogLevel'), server: z.string(), level: z.string() }),
	/** A command of the world's profile (trust: `trust`, `grant`…; see profiles/<id>/extension.ts). */
	z.strictObject({
		do: z.literal('profile'),
		command: z.string(),
		args: z.record(z.string(), z.unknown())
	}),
	...protocolRequestActions
]);

export type WorldAction = z.output<typeof worldActionSchema>;

export const loggedActionSchema = z.strictObject({
	seq: z.number().int().min(1),
	/** Simulated time the action took effect (a queued command: when its turn came). */
	t: z.number().min(0),
	/** An interrupt taken while a command was settling: that command's seq; else null. */
	during: z.number().int().min(1).nullable(),
	action: worldActionSchema
});

export type LoggedAction = z.output<typeof loggedActionSchema>;
