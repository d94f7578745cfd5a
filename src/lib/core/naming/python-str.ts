/**
 * Small pieces of Python's str behaviour that the Python hosts' names and messages depend on.
 * Strings are walked by code point, as Python does: an emoji is one character.
 */

/** `s.strip(chars)` / `lstrip` / `rstrip`: drop any of `chars` from the ends. */
export function pyStrip(s: string, chars: string, side: 'both' | 'right' = 'both'): string {
	const list = [...s];
	let start = 0;
	let end = list.length;
	if (side === 'both') while (start < end && chars.includes(list[start])) start++;
	while (end > start && chars.includes(list[end - 1])) end--;
	return list.slice(start, end).join('');
}

/** `repr(s)` for a str, as `{name!r}` prints it in an error message. */
export { pyStrRepr as pyRepr } from '../python/repr';
