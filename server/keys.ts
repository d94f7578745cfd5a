import type { ReadStream } from 'node:tty';

/**
 * Reads single keys from the terminal (raw mode, no Enter needed). Returns a function that
 * gives the terminal back; null when stdin is not a terminal (a pipe, a test, CI).
 */
export function listenForKeys(
	stdin: NodeJS.ReadStream | ReadStream,
	onKey: (key: string) => void
): (() => void) | null {
	if (!stdin.isTTY || typeof stdin.setRawMode !== 'function') return null;
	const onData = (data: string) => {
		for (const key of data) onKey(key);
	};
	stdin.setRawMode(true);
	stdin.setEncoding('utf8');
	stdin.on('data', onData);
	stdin.resume();
	return () => {
		stdin.off('data', onData);
		stdin.setRawMode(false);
		stdin.pause();
	};
}
