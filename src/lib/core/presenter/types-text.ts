/**
 * Whether focus is where a person types: a text field, a text area, an editable region. Its own
 * module: the presenter's shortcuts and the phone's lesson bar (which steps aside for the
 * on-screen keyboard) both ask, and neither should load the other's code for it.
 */
export interface FocusTarget {
	tagName?: string;
	isContentEditable?: boolean;
	/** An input's. */
	type?: string;
}

/** Inputs that take no typed text: a key there is a command, not a character. */
const NOT_TEXT = new Set([
	'checkbox',
	'radio',
	'range',
	'button',
	'submit',
	'reset',
	'file',
	'color',
	'image'
]);

/** True where typed characters (and PageUp/PageDown) are the person's text, not commands. */
export function typesText(target: FocusTarget | null | undefined): boolean {
	if (!target) return false;
	if (target.isContentEditable) return true;
	const tag = (target.tagName ?? '').toLowerCase();
	if (tag === 'textarea') return true;
	return tag === 'input' && !NOT_TEXT.has((target.type ?? 'text').toLowerCase());
}
