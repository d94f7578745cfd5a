import { MAX_NOTE } from './cue-format';

/**
 * What the lab window and its presenter notes window say to each other over a BroadcastChannel
 * (same origin only, named per lab). The lab window posts where the presentation is; the notes
 * window asks it to move. Only what a projector shows anyway crosses: positions, cue ids, what
 * each action does and to which server or tool — never arguments, answers or the scenario.
 *
 * Both ends load this, the notes page with nothing else of the lab's code: so no imports (not
 * even zod), since a page reaching into the lab page's modules splits its start-up chunks. The
 * checks below are written out for that reason.
 */
export const STATE = 'mcp-lab:presenter-state';
export const COMMAND = 'mcp-lab:presenter-command';
/** Names, ids and enumerated details are cut to this. */
export const MAX_NAME = 200;
export const MAX_ACTIONS = 50;

export function channelName(lab: string): string {
	return `mcp-lab:presenter:${lab}`;
}

export interface ActionSummary {
	do: string;
	server?: string;
	tool?: string;
	/** An enumerated choice (a mode, a verdict, an option id) or a count; never free text. */
	detail?: string;
}

export interface CueSummary {
	/** 1-based position in the cue list. */
	n: number;
	id: string;
	step: string | null;
	pause: boolean;
	note: string | null;
	actions: ActionSummary[];
}

export interface PresenterState {
	type: typeof STATE;
	v: 1;
	lab: string;
	/** The lab step shown (0-based). */
	step: number;
	/** Null when no cue list is loaded: the presentation moves step by step. */
	cues: { at: number; total: number; current: CueSummary | null; next: CueSummary | null } | null;
	busy: boolean;
	/** False while presenter mode is off in the lab window (it then ignores Previous and Next). */
	presenting?: boolean;
}

export const NOTES_COMMANDS = ['next', 'previous', 'hello'] as const;
export type NotesCommand = (typeof NOTES_COMMANDS)[number];

export interface NotesCommandMessage {
	type: typeof COMMAND;
	v: 1;
	lab: string;
	command: NotesCommand;
}

export function commandMessage(lab: string, command: NotesCommand): NotesCommandMessage {
	return { type: COMMAND, v: 1, lab, command };
}

type Check = (value: unknown) => boolean;

const text =
	(max: number): Check =>
	(v) =>
		typeof v === 'string' && v.length <= max;
const name = text(MAX_NAME);
const count =
	(min: number): Check =>
	(v) =>
		Number.isInteger(v) && (v as number) >= min;
const flag: Check = (v) => typeof v === 'boolean';
const nullOr =
	(check: Check): Check =>
	(v) =>
		v === null || check(v);
const optional =
	(check: Check): Check =>
	(v) =>
		v === undefined || check(v);

/** A plain object with exactly these keys (optional ones may be absent), each passing its check. */
const shape =
	(fields: Record<string, Check>): Check =>
	(v) => {
		if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
		const record = v as Record<string, unknown>;
		return (
			Object.keys(record).every((key) => key in fields) &&
			Object.entries(fields).every(([key, check]) => check(record[key]))
		);
	};

const actionSummary = shape({
	do: name,
	server: optional(name),
	tool: optional(name),
	detail: optional(name)
});

const cueSummary = shape({
	n: count(1),
	id: name,
	step: nullOr(name),
	pause: flag,
	note: nullOr(text(MAX_NOTE)),
	actions: (v) => Array.isArray(v) && v.length <= MAX_ACTIONS && v.every(actionSummary)
});

const state = shape({
	type: (v) => v === STATE,
	v: (v) => v === 1,
	lab: name,
	step: count(0),
	cues: nullOr(
		shape({ at: count(0), total: count(0), current: nullOr(cueSummary), next: nullOr(cueSummary) })
	),
	busy: flag,
	presenting: optional(flag)
});

const command = shape({
	type: (v) => v === COMMAND,
	v: (v) => v === 1,
	lab: name,
	command: (v) => (NOTES_COMMANDS as readonly unknown[]).includes(v)
});

/** A state message for this lab, or null for anything else on the channel. */
export function parseState(data: unknown, lab: string): PresenterState | null {
	return state(data) && (data as PresenterState).lab === lab ? (data as PresenterState) : null;
}

/** The notes window's command for this lab, or null for anything else on the channel. */
export function parseCommand(data: unknown, lab: string): NotesCommand | null {
	return command(data) && (data as NotesCommandMessage).lab === lab
		? (data as NotesCommandMessage).command
		: null;
}
