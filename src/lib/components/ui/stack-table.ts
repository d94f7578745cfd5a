import { m } from '$lib/paraglide/messages';

/** Our own text as a CSS string (quotes and backslashes escaped, one line). */
const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&').replace(/\s+/g, ' ')}"`;

/**
 * The style of a `stack-table` (app.css): the labels of its data cells in order ("Server: "), as
 * --label-1, --label-2…, for the narrow layout. A row's header cell is not counted: it leads its
 * block. An empty column name (a row's buttons) gets no label.
 */
export function stackLabels(columns: readonly string[]): string {
	return columns
		.map((column, i) =>
			column ? `--label-${i + 1}: ${cssString(m.table_cell_label({ label: column }))}` : ''
		)
		.filter(Boolean)
		.join('; ');
}
