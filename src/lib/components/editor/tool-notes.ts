import { isolatedName } from '$lib/core/text/bound';
import { m } from '$lib/paraglide/messages';
import type { ToolNote } from './scenario-text';

/**
 * The form's words for what a simulated tool does when called. Codes and delays come from the
 * text, where hand-written JSON may hold any value: bounded, and isolated if they carry bidi
 * controls, like every name the form shows.
 */
const value = (text: string) => isolatedName(text, 24);

function noteText(note: ToolNote): string {
	switch (note.kind) {
		case 'rpc-error':
			return m.editor_form_note_rpc_error({ code: value(note.code) });
		case 'error-result':
			return m.editor_form_note_error_result();
		case 'crash':
			return m.editor_form_note_crash();
		case 'delay':
			return m.editor_form_note_delay({ ms: value(note.ms) });
	}
}

/** "(JSON-RPC error -32603, +500 ms)" beside a tool in the list; empty for a plain answer. */
export function notesText(notes: readonly ToolNote[]): string {
	if (!notes.length) return '';
	return m.editor_form_notes({ notes: notes.map(noteText).join(m.editor_form_notes_separator()) });
}

/**
 * The clause the add sentence ends with ("it crashes when called"), or null for a plain answer
 * with no delay, which the plain sentence says.
 */
export function behaviourSaid(notes: readonly ToolNote[]): string | null {
	let said: string | null = null;
	let ms: string | null = null;
	for (const note of notes) {
		if (note.kind === 'delay') ms = value(note.ms);
		else if (note.kind === 'rpc-error')
			said = m.editor_form_said_rpc_error({ code: value(note.code) });
		else if (note.kind === 'error-result') said = m.editor_form_said_error_result();
		else said = m.editor_form_said_crash();
	}
	if (ms === null) return said;
	return said ? m.editor_form_said_late({ behaviour: said, ms }) : m.editor_form_said_slow({ ms });
}
