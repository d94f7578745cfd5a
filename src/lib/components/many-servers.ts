/**
 * Up to this many servers, every server card and connection chart is laid out and drawn at once;
 * a bigger world lays out each card and chart only as it nears the screen (CSS
 * content-visibility, with room kept for it), and draws each chart the first time it is shown.
 *
 * Laid out late, an item comes out taller or shorter than the room kept for it and moves
 * everything below it under the reader as they scroll (on a phone, lab 01's cards moved what
 * follows them by 88 px: tests/layout-shift.e2e.ts). Every lab's world has at most six servers,
 * so no lab pays that; the 40- and 100-server worlds of tests/long-lists.e2e.ts and `npm run
 * bench`, where laying out late halves the time to paint, are well past it.
 */
export const AT_ONCE_UP_TO = 12;

/** Whether a world of this many servers lays out its cards and charts as they near the screen. */
export const laidOutLate = (servers: number) => servers > AT_ONCE_UP_TO;
