/**
 * A Storage stand-in for tests; `fail` makes the named operations throw, as a full or refused
 * storage does.
 */
export function fakeStorage(initial: Record<string, string> = {}, fail: Array<'get' | 'set'> = []) {
	const data = new Map(Object.entries(initial));
	return {
		data,
		getItem: (key: string) => {
			if (fail.includes('get')) throw new DOMException('denied', 'SecurityError');
			return data.get(key) ?? null;
		},
		setItem: (key: string, value: string) => {
			if (fail.includes('set')) throw new DOMException('full', 'QuotaExceededError');
			data.set(key, value);
		},
		removeItem: (key: string) => void data.delete(key)
	} as unknown as Storage & { data: Map<string, string> };
}
