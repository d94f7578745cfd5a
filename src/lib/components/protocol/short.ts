/**
 * Server text cut for an attribute or an option (an accessible name, a select's label), where
 * Bounded cannot go. Kept apart from the core's bound so these lazy panels share no chunk with it.
 */
export function short(text: string, max = 200): string {
	if (text.length <= max) return text;
	// Do not cut a surrogate pair in half.
	const code = text.charCodeAt(max - 1);
	return `${text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max)}…`;
}
