/** What the presenter's per-tab memories use of sessionStorage (a test passes a map). */
export type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * This tab's storage: a reload keeps what is in it, a new tab starts without it. None where
 * there is no browser (a unit test, the server render).
 */
export function tabStorage(): TabStorage | null {
	return typeof sessionStorage === 'undefined' ? null : sessionStorage;
}
