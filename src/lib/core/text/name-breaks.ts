/**
 * A name (a tool's, a server's, a JSON argument) cut into the pieces a line may break between:
 * after each separator (`_ . - / : , =`) or space, and every `run` characters of a stretch without
 * one (counted from the last: `tools (listChanged)` broke as `tools (listC|hanged)`).
 * Shown with a break opportunity between pieces and words kept whole otherwise, a table column
 * is as narrow as the longest piece: `create_invoice` breaks as `create_|invoice`, never
 * `creat|e_inv|oice`, and a 100-character name without separators still cannot widen the table.
 */
export function nameBreaks(text: string, run = 12): string[] {
	const separator = /[_./:,=-]/;
	const chars = [...text];
	const pieces: string[] = [];
	let piece = '';
	chars.forEach((char, i) => {
		piece += char;
		// After a run of separators (`__` stays whole), or a long stretch.
		const next = chars[i + 1];
		const breaks = separator.test(char) || /\s/.test(char);
		if ((breaks && !(next && separator.test(next))) || piece.length >= run) {
			pieces.push(piece);
			piece = '';
		}
	});
	if (piece) pieces.push(piece);
	return pieces;
}
