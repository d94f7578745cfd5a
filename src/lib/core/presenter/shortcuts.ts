/**
 * The lab page's keyboard shortcuts, as a pure decision: a key press and the page's situation
 * in, the shortcut (or nothing) out. Outside presenter mode only `?` (the help) acts. Single-
 * character keys can be switched off (WCAG 2.1.4:
 * speech input and some assistive tech type letters); the clicker keys a presentation remote
 * sends (PageDown, PageUp) act only in presenter mode, where the page does not need them to
 * scroll.
 */
import { typesText, type FocusTarget } from './types-text';

export type Shortcut = 'next' | 'previous' | 'continue' | 'reset' | 'help';

/** In the order the help lists them. */
export const SINGLE_KEYS: ReadonlyArray<readonly [key: string, shortcut: Shortcut]> = [
	['n', 'next'],
	['p', 'previous'],
	['c', 'continue'],
	['r', 'reset'],
	['?', 'help']
];

export const CLICKER_KEYS: ReadonlyArray<readonly [key: string, shortcut: Shortcut]> = [
	['PageDown', 'next'],
	['PageUp', 'previous']
];

export interface KeyPress {
	key: string;
	ctrlKey: boolean;
	altKey: boolean;
	metaKey: boolean;
	/** Held down: a held key would play cue after cue. */
	repeat?: boolean;
	/** Where the focus is (the event's target); `type` is an input's. */
	target?: FocusTarget | null;
}

/** What a key event says about the press (its target read for what `typesText` needs). */
export function keyPressOf(event: KeyboardEvent): KeyPress {
	const target = event.target as {
		tagName?: string;
		isContentEditable?: boolean;
		type?: string;
	} | null;
	return {
		key: event.key,
		ctrlKey: event.ctrlKey,
		altKey: event.altKey,
		metaKey: event.metaKey,
		repeat: event.repeat,
		target: target && {
			tagName: target.tagName,
			isContentEditable: target.isContentEditable,
			type: target.type
		}
	};
}

export interface ShortcutContext {
	/** The person's switch for single-character shortcuts. */
	singleKeys: boolean;
	presenter: boolean;
	/** A modal dialog (the help) is open: keys belong to it. */
	dialogOpen: boolean;
}

/** True where a letter has a meaning of its own: text, and a select (it jumps to an option). */
function takesLetters(target: KeyPress['target']): boolean {
	return typesText(target) || (target?.tagName ?? '').toLowerCase() === 'select';
}

export function shortcutFor(press: KeyPress, context: ShortcutContext): Shortcut | null {
	if (press.ctrlKey || press.altKey || press.metaKey || press.repeat) return null;
	if (context.dialogOpen || typesText(press.target)) return null;
	// A presentation remote sends only these: they mean Next and Previous wherever the focus is
	// (a select, the time slider, a checkbox), except where the person types.
	if (context.presenter) {
		const clicker = CLICKER_KEYS.find(([key]) => key === press.key);
		if (clicker) return clicker[1];
	}
	if (!context.singleKeys || press.key.length !== 1 || takesLetters(press.target)) return null;
	// Caps Lock or Shift gives "N": the same letter. "?" needs Shift on most layouts.
	const key = press.key.toLowerCase();
	const shortcut = SINGLE_KEYS.find(([k]) => k === key)?.[1] ?? null;
	// Outside presenter mode a stray letter must not reset or move a learner's world: only the
	// help (which tells how to present) answers there.
	return context.presenter || shortcut === 'help' ? shortcut : null;
}
