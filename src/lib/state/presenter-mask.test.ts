import { describe, expect, it } from 'vitest';
import { PRESENTER_MASK_KEY, PresenterMask } from './presenter-mask';

function memoryStorage() {
	const items = new Map<string, string>();
	return {
		items,
		getItem: (key: string) => items.get(key) ?? null,
		removeItem: (key: string) => void items.delete(key),
		setItem: (key: string, value: string) => void items.set(key, value)
	};
}

/** Presenter mode on, the page's mask set as PresenterBar sets it, and its first look taken. */
function present(mask: PresenterMask, masked: boolean): boolean {
	const now = mask.start(masked);
	mask.see(now);
	return now;
}

describe('Mask secrets while presenting', () => {
	it('turns on when presenting starts, and a mask already on stays on', () => {
		const storage = memoryStorage();
		expect(present(new PresenterMask(() => storage), false)).toBe(true);
		expect(present(new PresenterMask(() => storage), true)).toBe(true);
		expect(storage.items.size).toBe(0);
	});

	it("keeps the person's untick while presenting, for the next start in this tab", () => {
		const storage = memoryStorage();
		const mask = new PresenterMask(() => storage);
		present(mask, false);
		mask.see(false);
		expect(storage.items.get(PRESENTER_MASK_KEY)).toBe('shown');
		mask.stop();
		expect(present(mask, false)).toBe(false);
		// A reload: a new page, the same tab's storage.
		expect(present(new PresenterMask(() => storage), false)).toBe(false);
	});

	it('forgets that choice once the person ticks it again while presenting', () => {
		const storage = memoryStorage();
		storage.setItem(PRESENTER_MASK_KEY, 'shown');
		const mask = new PresenterMask(() => storage);
		expect(present(mask, false)).toBe(false);
		mask.see(true);
		expect(storage.items.size).toBe(0);
		mask.stop();
		expect(present(mask, false)).toBe(true);
	});

	it('takes no choice from changes outside presenter mode, nor from the start itself', () => {
		const storage = memoryStorage();
		const mask = new PresenterMask(() => storage);
		mask.see(false);
		mask.see(true);
		mask.see(false);
		expect(storage.items.size).toBe(0);
		present(mask, false);
		mask.stop();
		mask.see(false);
		expect(storage.items.size).toBe(0);
		expect(present(mask, false)).toBe(true);
	});

	it('holds the choice in memory when storage refuses it', () => {
		const refusing = {
			getItem: () => null,
			removeItem: () => {},
			setItem: () => {
				throw new Error('QuotaExceededError');
			}
		};
		const mask = new PresenterMask(() => refusing);
		present(mask, false);
		mask.see(false);
		mask.stop();
		expect(present(mask, false)).toBe(false);
		expect(present(new PresenterMask(() => null), false)).toBe(true);
	});
});
