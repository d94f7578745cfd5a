/** Resolves once `done` holds, checked every few milliseconds; throws after `ms`. For tests. */
export async function until(done: () => boolean, ms = 1000): Promise<void> {
	const end = Date.now() + ms;
	while (!done()) {
		if (Date.now() > end) throw new Error('timed out');
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}
