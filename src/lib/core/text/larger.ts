/**
 * Whether the text in `value` (strings and keys) is longer than `max`; stops once it is. A
 * hostile world can hold megabytes of text, nested deep: what a tab keeps of it is measured
 * this way (cheaply, and only up to the bound) before anything is serialised.
 */
export function larger(value: unknown, max: number): boolean {
	let size = 0;
	const stack: unknown[] = [value];
	while (stack.length > 0) {
		const next = stack.pop();
		if (typeof next === 'string') size += next.length;
		else if (next && typeof next === 'object')
			for (const [key, child] of Object.entries(next)) {
				size += key.length;
				stack.push(child);
			}
		if (size > max) return true;
	}
	return false;
}
