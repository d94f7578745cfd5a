import { refusals, type RefusalTable } from './command-errors';

/** The host side's refusals (answers to a server's sampling and elicitation requests), loaded with it: see command-errors.ts. */
export const hostRefusals = {
	host_request_not_kind: (p: { id: string; kind: string }) =>
		`Host request ${p.id} is not a ${p.kind} request waiting for an answer.`,
	reply_too_long: (p: { max: string; length: string }) =>
		`A reply is at most ${p.max} characters; this one has ${p.length}.`,
	answer_shape: () =>
		'An answer holds only strings, numbers, booleans or lists of strings, one per field.',
	/** `detail` in English, and each problem as rule<n>, field<n>, limit<n> (form-misfit.ts). */
	answer_misfit: (p: { detail: string } & Record<string, string>) =>
		`The answer does not fit the requested form: ${p.detail}`
} satisfies RefusalTable;

export const hostRefusal = refusals(hostRefusals);
