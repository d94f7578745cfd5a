import { m } from '$lib/paraglide/messages';
import { addsTyped, type KeptChanges } from '$lib/state/form-kept';

// Apart from form-kept.ts, which the lab and embed pages load at start: these words come with the
// world editor only.

/**
 * What Apply says instead of running: a sentence for each Change holding an edit and each Add form
 * holding something typed (Apply runs the text, which has none of them yet). Each is worded when
 * called, so the refusal shown speaks the page's language even after a switch.
 */
export function unsaved({ keptTool, keptServer, keptAdds }: KeptChanges): Array<() => string> {
	const adds = addsTyped(keptAdds);
	return [
		...[keptTool, keptServer].flatMap((kept) => (kept?.edited && kept.said ? [kept.said] : [])),
		...(adds.server ? [() => m.editor_unsaved_add_server()] : []),
		...(adds.tool ? [() => m.editor_unsaved_add_tool()] : [])
	];
}
