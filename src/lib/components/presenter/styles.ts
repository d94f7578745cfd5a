/** The presenter controls' looks, shared so both windows' buttons match. */
export const button =
	'rounded border border-slate-600 bg-slate-100 px-3 py-1 font-medium hover:bg-slate-200';

export const primary = 'rounded bg-blue-800 px-3 py-1 font-semibold text-white hover:bg-blue-900';
