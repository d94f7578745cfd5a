import { keepFields, refusal, type Kept, type Refusal } from '$lib/state/form-kept';
import type { EditError } from './scenario-text';

/**
 * A Change editor's fields and its last refusal, started from what the session kept (`kept`)
 * and written back to it as they change, so fields shown again show both. Made while the editor
 * is set up (its effect lives as long as the editor).
 */
export class KeptEdit<F extends object> {
	fields: F;
	/** The last Save refused, and the field it names; cleared by a Save that runs. */
	refused = $state<Refusal<EditError['kind']> | null | undefined>();

	constructor(kept: Kept<F>, initial: F) {
		this.fields = $state({ ...(kept.fields ?? initial) });
		this.refused = kept.refused as Refusal<EditError['kind']> | null | undefined;
		// A copy (its values are strings): `$state.snapshot` would add its code to every page's
		// start-up.
		$effect(() => {
			keepFields(kept, { ...this.fields }, initial);
			kept.refused = this.refused;
		});
	}

	/** The form's `report`: a refusal, or `null` once the edit ran. */
	report = (said: (() => string) | null, kind?: EditError['kind']) =>
		(this.refused = refusal(said, kind));
}
