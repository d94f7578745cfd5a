import { MAX_NOTE } from './cue-format';

/**
 * What the lab window and its presenter notes window say to each other over a BroadcastChannel
 * (same origin only, named per lab). The lab window posts where the presentation is; the notes
 * window asks it to move. Only what a projector shows anyway crosses: positions, cue ids, what
 * each action does and to which server or tool — never arguments, answers or the scenario.
 *
 * Several lab windows may present the same lab at once (two tabs, a duplicated one): each has
 * its own window id (`w`), every message carries it, and a notes window talks to one lab window
 * only — the one whose id its address holds (`?w=`), so a reload of either window keeps the pair.
 * The lab window says goodbye when it goes (WINDOW `bye`); a lab window whose stored id another
 * open window already holds (a duplicated tab) hears `taken` in answer to its `claim` and takes
 * a new one.
 *
 * Both ends load this, the notes page with nothing else of the lab's code: so no imports (not
 * even zod), since a page reaching into the lab page's modules splits its start-up chunks. The
 * checks below are written out for that reason.
 */
export const STATE = 'mcp-lab:presenter-state';
export const COMMAND = 'mcp-lab:presenter-command';
export const WINDOW = 'mcp-lab:presenter-window';
/** Names, ids and enumerated details are cut to this. */
export const MAX_NAME = 200;
export const MAX_ACTIONS = 50;
/** A window id: letters, digits, `-` and `_`, at most this long. */
export const MAX_WINDOW_ID = 64;

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
	/** The lab window's id. */
	w: string;
	/** The lab window's language: the notes window follows it. */
	locale?: string;
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
	/** The lab window the command is for; '' only in a hello from a notes window not yet paired. */
	w: string;
	command: NotesCommand;
}

export function commandMessage(lab: string, w: string, command: NotesCommand): NotesCommandMessage {
	return { type: COMMAND, v: 1, lab, w, command };
}

/**
 * A lab window about itself: `claim` (opening with a stored id), `taken` (the answer of an open
 * window holding that id), `bye` (closing or leaving the page).
 */
export const WINDOW_EVENTS = ['claim', 'taken', 'bye'] as const;
export type WindowEvent = (typeof WINDOW_EVENTS)[number];

export interface WindowMessage {
	type: typeof WINDOW;
	v: 1;
	lab: string;
	w: string;
	event: WindowEvent;
}

export function windowMessage(lab: string, w: string, event: WindowEvent): WindowMessage {
	return { type: WINDOW, v: 1, lab, w, event };
}

/** A new window id (random, unguessable enough not to collide). */
export function newWindowId(): string {
	const bytes = new Uint8Array(8);
	crypto.getRandomValues(bytes);
	return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A window id as the address or storage gives it: one that could be one, else null. */
export function windowIdOf(value: string | null | undefined): string | null {
	return typeof value === 'string' && isWindowId(value) ? value : null;
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
const isWindowId = (v: unknown): v is string =>
	typeof v === 'string' && v.length <= MAX_WINDOW_ID && /^[\w-]+$/.test(v);
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
	w: isWindowId,
	locale: optional(text(16)),
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
	w: (v) => v === '' || isWindowId(v),
	command: (v) => (NOTES_COMMANDS as readonly unknown[]).includes(v)
});

const windowWord = shape({
	type: (v) => v === WINDOW,
	v: (v) => v === 1,
	lab: name,
	w: isWindowId,
	event: (v) => (WINDOW_EVENTS as readonly unknown[]).includes(v)
});

/** A state message for this lab, or null for anything else on the channel. */
export function parseState(data: unknown, lab: string): PresenterState | null {
	return state(data) && (data as PresenterState).lab === lab ? (data as PresenterState) : null;
}

/**
 * A notes window's command for this lab window (`w`), or null for anything else on the channel.
 * A hello addressed to no window ('') is for every lab window: the first to answer pairs.
 */
export function parseCommand(data: unknown, lab: string, w: string): NotesCommand | null {
	if (!command(data)) return null;
	const message = data as NotesCommandMessage;
	if (message.lab !== lab) return null;
	return message.w === w || (message.w === '' && message.command === 'hello')
		? message.command
		: null;
}

/** A lab window's word about itself (claim, taken, bye) for this lab, or null. */
export function parseWindow(data: unknown, lab: string): WindowMessage | null {
	return windowWord(data) && (data as WindowMessage).lab === lab ? (data as WindowMessage) : null;
}
