import { describe, expect, it } from 'vitest';
import { shortcutFor, type KeyPress, type ShortcutContext } from './shortcuts';
import { typesText } from './types-text';

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
	key,
	ctrlKey: false,
	altKey: false,
	metaKey: false,
	target: { tagName: 'BODY' },
	...more
});
const page: ShortcutContext = { singleKeys: true, presenter: false, dialogOpen: false };
const presenting: ShortcutContext = { ...page, presenter: true };

describe('keyboard shortcuts', () => {
	it('maps the single keys in presenter mode: n next, p previous, c continue, r reset, ? help', () => {
		expect(['n', 'p', 'c', 'r', '?'].map((k) => shortcutFor(press(k), presenting))).toEqual([
			'next',
			'previous',
			'continue',
			'reset',
			'help'
		]);
	});

	it("outside presenter mode answers only ?: a stray r never resets a learner's world", () => {
		expect(['n', 'p', 'c', 'r', '?'].map((k) => shortcutFor(press(k), page))).toEqual([
			null,
			null,
			null,
			null,
			'help'
		]);
	});

	it('takes a letter typed with Shift or Caps Lock as the same letter', () => {
		expect(shortcutFor(press('N', { target: { tagName: 'BUTTON' } }), presenting)).toBe('next');
	});

	it('ignores keys that are not shortcuts', () => {
		expect(shortcutFor(press('x'), page)).toBeNull();
		expect(shortcutFor(press('Enter'), presenting)).toBeNull();
		expect(shortcutFor(press(' '), presenting)).toBeNull();
	});

	it('lets the clicker keys act in presenter mode only', () => {
		expect(shortcutFor(press('PageDown'), presenting)).toBe('next');
		expect(shortcutFor(press('PageUp'), presenting)).toBe('previous');
		expect(shortcutFor(press('PageDown'), page)).toBeNull();
		expect(shortcutFor(press('PageUp'), page)).toBeNull();
	});

	it('does nothing with single keys once they are switched off; the clicker keys still act', () => {
		const off = { ...presenting, singleKeys: false };
		for (const key of ['n', 'p', 'c', 'r', '?'])
			expect(shortcutFor(press(key), off), key).toBeNull();
		expect(shortcutFor(press('PageDown'), off)).toBe('next');
	});

	it('never fires with Ctrl, Alt or Meta held, or for a held-down key', () => {
		expect(shortcutFor(press('r', { ctrlKey: true }), presenting)).toBeNull();
		expect(shortcutFor(press('r', { altKey: true }), presenting)).toBeNull();
		expect(shortcutFor(press('r', { metaKey: true }), presenting)).toBeNull();
		expect(shortcutFor(press('PageDown', { ctrlKey: true }), presenting)).toBeNull();
		expect(shortcutFor(press('n', { repeat: true }), presenting)).toBeNull();
	});

	it('never fires while the focus is where a person types', () => {
		for (const target of [
			{ tagName: 'INPUT' },
			{ tagName: 'input', type: 'search' },
			{ tagName: 'INPUT', type: 'number' },
			{ tagName: 'TEXTAREA' }
		]) {
			expect(shortcutFor(press('r', { target }), presenting), JSON.stringify(target)).toBeNull();
			expect(shortcutFor(press('PageDown', { target }), presenting)).toBeNull();
		}
		const editable = { tagName: 'DIV', isContentEditable: true };
		expect(shortcutFor(press('r', { target: editable }), presenting)).toBeNull();
		expect(typesText({ tagName: 'BUTTON' })).toBe(false);
		expect(typesText({ tagName: 'INPUT', type: 'range' })).toBe(false);
		expect(typesText(null)).toBe(false);
	});

	it("keeps the clicker keys Next and Previous on a select, the time slider or a checkbox; a select's letters are its own", () => {
		for (const target of [
			{ tagName: 'SELECT' },
			{ tagName: 'INPUT', type: 'range' },
			{ tagName: 'INPUT', type: 'checkbox' },
			{ tagName: 'INPUT', type: 'file' }
		]) {
			expect(shortcutFor(press('PageDown', { target }), presenting), target.tagName).toBe('next');
			expect(shortcutFor(press('PageUp', { target }), presenting)).toBe('previous');
		}
		// A letter in a select jumps to an option; on a slider or a checkbox it is a shortcut.
		expect(shortcutFor(press('n', { target: { tagName: 'SELECT' } }), presenting)).toBeNull();
		expect(
			shortcutFor(press('n', { target: { tagName: 'INPUT', type: 'range' } }), presenting)
		).toBe('next');
		// Outside presenter mode the clicker keys stay the control's own.
		expect(shortcutFor(press('PageDown', { target: { tagName: 'SELECT' } }), page)).toBeNull();
	});

	it('leaves the keys to an open dialog', () => {
		expect(shortcutFor(press('n'), { ...presenting, dialogOpen: true })).toBeNull();
		expect(shortcutFor(press('PageDown'), { ...presenting, dialogOpen: true })).toBeNull();
	});
});
