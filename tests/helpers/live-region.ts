/**
 * The live region's message ends with this sentence. The region speaks once the page has been
 * quiet for a moment (announcer.svelte.ts), so what a test did just before, faster than a person
 * would, can lead the same message.
 */
export function saidLast(text: string): RegExp {
	const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	return new RegExp(`(?:^|[.。!?！？…:：]\\s*)${escaped}\\s*$`);
}
