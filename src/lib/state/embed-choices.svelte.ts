import { parseOriginParam, type PanelName } from '$lib/core/embed/protocol';
import { embedQuery, type Theme } from '$lib/core/embed/snippet';

/** What the /embed page's form has chosen; the embed URL's query follows from it. */
export class EmbedChoices {
	lab = $state('');
	views = $state<PanelName[]>([]);
	theme = $state<Theme>('');
	lang = $state('en');
	controls = $state(true);
	captions = $state(false);
	/** A number input gives null while it is empty. */
	step = $state<number | null>(0);
	origin = $state('');
	height = $state(640);
	loader = $state(true);

	/** An unusable origin is left out of the URL (and said so), never widened to "any origin". */
	readonly originCheck = $derived(parseOriginParam(this.origin.trim()));
	readonly query = $derived(
		embedQuery({
			views: this.views,
			theme: this.theme,
			lang: this.lang,
			controls: this.controls,
			captions: this.captions,
			step: this.lab === 'sandbox' ? 0 : (this.step ?? 0),
			origin: 'origin' in this.originCheck ? this.originCheck.origin : null
		})
	);
	/** Between the size a panel needs and one screenful too many; the loader resizes anyway. */
	readonly frameHeight = $derived(Math.min(Math.max(Number(this.height) || 640, 200), 4000));

	constructor(lab: string) {
		this.lab = lab;
	}
}
