/**
 * The presenter controls' looks, shared so both windows' buttons match. A button that cannot act
 * now (the notes window's while its lab window is gone) keeps its focus and its click, which says
 * why, so it is `aria-disabled` rather than `disabled`: it looks it too, flat and dashed, and in
 * forced colours it takes the system's disabled colour (GrayText), as a `disabled` one would.
 */
const unable =
	'aria-disabled:cursor-not-allowed aria-disabled:border-dashed aria-disabled:border-slate-500 aria-disabled:bg-white aria-disabled:text-slate-600 aria-disabled:hover:bg-white forced-colors:aria-disabled:border-[GrayText] forced-colors:aria-disabled:text-[GrayText]';

export const button = `rounded border border-slate-600 bg-slate-100 px-3 py-1 font-medium hover:bg-slate-200 ${unable}`;

/** Bordered in its own colour, so it keeps its size when its disabled look adds a border. */
export const primary = `rounded border border-blue-800 bg-blue-800 px-3 py-1 font-semibold text-white hover:border-blue-900 hover:bg-blue-900 ${unable}`;
