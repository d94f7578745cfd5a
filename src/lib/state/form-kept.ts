import type { ServerFields } from '$lib/components/editor/server-change';
import type { ToolFields } from '$lib/components/editor/tool-change';

/**
 * Open Change fields as typed. The open editor writes `fields` and `edited` as the learner types
 * (not reactive: read only when the fields show again, on Apply and on leaving the page).
 */
export interface Kept<F> {
	/** Set by the editor when it first shows (a server's are read from the text then). */
	fields?: F;
	/** Whether the fields differ from what they opened with. */
	edited?: boolean;
	/** Shown before: shown again (the editor reopened), they do not take focus. */
	shown?: boolean;
	/**
	 * Why Apply does not run while they are edited, set by the editor (its module holds the
	 * words, so the page's start-up does not).
	 */
	said?: () => string;
}

export type KeptTool = Kept<ToolFields> & { server: string; index: number; initial: ToolFields };
export type KeptServer = Kept<ServerFields> & { name: string; initial?: ServerFields };

/**
 * The world editor form's open Change fields (a tool's, a server's), kept by the session rather
 * than by the form (LabSession). A lab's Edit world closed and opened again shows them as typed,
 * and Apply and leaving the page know of a change typed there and not saved.
 */
export interface KeptChanges {
	keptTool: KeptTool | null;
	keptServer: KeptServer | null;
}

/** Open fields written back as typed (`fields`, a copy), and whether they differ from `initial`. */
export function keepFields<F extends object>(kept: Kept<F>, fields: F, initial: F): void {
	kept.fields = fields;
	kept.edited = (Object.keys(initial) as Array<keyof F>).some(
		(key) => fields[key] !== initial[key]
	);
}

/** Focus goes to open fields the first time they show, not when they show again. */
export function firstShowing(kept: Kept<unknown>): boolean {
	const first = !kept.shown;
	kept.shown = true;
	return first;
}

/** What Apply says instead of running: the sentences of the kept fields that are edited. */
export const unsaved = ({ keptTool, keptServer }: KeptChanges): string[] =>
	[keptTool, keptServer].flatMap((kept) => (kept?.edited && kept.said ? [kept.said()] : []));
