/**
 * How many pages of tools/list or resources/list a harness that follows `nextCursor` reads:
 * a hostile server could otherwise keep it listing for ever. Its own module, so that a card
 * saying so loads no more than this number.
 */
export const MAX_PAGES = 100;
