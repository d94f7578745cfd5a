// The fields' shapes are the world editor's (ToolFields, ServerFields in components/editor):
// the session only keeps them, so they are generic here (state does not import components).

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
	/** The last Save refused, said again when the fields show again (cleared by a Save that runs). */
	refused?: Refusal | null;
}

/**
 * Why an edit was refused, and the field it names (an EditError kind). `said` words it in the
 * page's language when called, so a refusal shown again after a language switch (or shown while
 * the language changes) is in the new one, not in the one of the moment it was made.
 */
export interface Refusal<K extends string = string> {
	said: () => string;
	fault: K | null;
}

/** A form's `report` as a refusal to show and keep: `null` once an edit runs. */
export const refusal = <K extends string>(
	said: (() => string) | null,
	fault?: K
): Refusal<K> | null => (said === null ? null : { said, fault: fault ?? null });

export type KeptTool<F = object> = Kept<F> & { server: string; index: number; initial: F };
export type KeptServer<F = object> = Kept<F> & { name: string; initial?: F };

/**
 * The world editor form's open Change fields (a tool's, a server's), kept by the session rather
 * than by the form (LabSession). A lab's Edit world closed and opened again shows them as typed,
 * and Apply and leaving the page know of a change typed there and not saved.
 */
export interface KeptChanges {
	keptTool: KeptTool | null;
	keptServer: KeptServer | null;
	/** What the Add forms hold, as typed (written as the learner types). */
	keptAdds: KeptAdds;
}

/** The form's Add a server and Add a simulated tool fields ("On server" is `toolServer`). */
export interface KeptAdds {
	name?: string;
	/** A server type (ServerType). */
	type?: string;
	command?: string;
	args?: string;
	url?: string;
	toolServer?: string;
	toolName?: string;
	toolDescription?: string;
	toolResult?: string;
	/** A "When called" choice (ToolBehaviour). */
	toolBehaviour?: string;
	toolCode?: string;
	toolMessage?: string;
	toolDelay?: string;
	/** Why the last Add server, or Add tool, was refused: shown again with the fields. */
	serverRefused?: Refusal | null;
	toolRefused?: Refusal | null;
}

const typed = (values: Array<string | undefined>) => values.some((value) => value?.trim());

/** Whether an Add form holds something typed (its choices alone are not: they have defaults). */
export const addsTyped = (a: KeptAdds) => ({
	server: typed([a.name, a.command, a.args, a.url]),
	tool: typed([a.toolName, a.toolDescription, a.toolResult, a.toolMessage, a.toolDelay])
});

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

/** Whether the form holds anything Apply would not run: leaving the page asks first then. */
export function formHolds(kept: KeptChanges): boolean {
	const adds = addsTyped(kept.keptAdds);
	return !!(kept.keptTool?.edited || kept.keptServer?.edited || adds.server || adds.tool);
}
