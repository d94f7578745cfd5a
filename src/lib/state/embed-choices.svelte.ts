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

	/**
	 * The chosen step when the lab has it (0 for the sandbox); null for one past the lab's last
	 * step or not a whole number, which the form says and the URL leaves out.
	 */
	readonly stepChoice = $derived.by(() => {
		if (this.lab === 'sandbox') return 0;
		const step = this.step ?? 0;
		const last = Math.max(this.stepsOf(this.lab) - 1, 0);
		return Number.isInteger(step) && step >= 0 && step <= last ? step : null;
	});
	/** An unusable origin is left out of the URL (and said so), never widened to "any origin". */
	readonly originCheck = $derived(parseOriginParam(this.origin.trim() || null));
	readonly query = $derived(
		embedQuery({
			views: this.views,
			theme: this.theme,
			lang: this.lang,
			controls: this.controls,
			captions: this.captions,
			step: this.stepChoice ?? 0,
			origin: 'origin' in this.originCheck ? this.originCheck.origin : null
		})
	);
	/** Between the size a panel needs and one screenful too many; the loader resizes anyway. */
	readonly frameHeight = $derived(Math.min(Math.max(Number(this.height) || 640, 200), 4000));

	/** `stepsOf`: how many steps a lab has (the form offers 0 to the last). */
	constructor(
		lab: string,
		private readonly stepsOf: (lab: string) => number = () => Infinity
	) {
		this.lab = lab;
	}
}
