// @vitest-environment node
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { Pin } from '$lib/core/pins/pin-tracker';
import { text } from '../test-support/render';
import PinChanges from './PinChanges.svelte';

const [FSI, PDI, RLO] = ['\u2068', '\u2069', '\u202e'];

function pin(tool: string, state: Pin['state']): Pin {
	return {
		tool,
		server: 's',
		raw: 't',
		hash: 'a'.repeat(64),
		definition: { name: 't' },
		pinnedAt: 0,
		state,
		current: null,
		currentHash: null,
		changes: [{ field: 'description', before: 'old', after: 'new' }],
		approvals: 1
	};
}

describe('a changed pin with a hostile tool name', () => {
	it('isolates the name in each sentence, so an override cannot reverse the rest', () => {
		const markup = text(render(PinChanges, { props: { pin: pin(`${RLO}evil`, 'removed') } }).body);
		expect(markup).toContain(`${FSI}${RLO}evil${PDI}: description changed`);
		expect(markup).toContain(`${FSI}${RLO}evil${PDI} is pinned but the server no longer lists it.`);
	});

	it('bounds a 10 MB name', () => {
		const markup = render(PinChanges, {
			props: { pin: pin('x'.repeat(10 * 1024 * 1024), 'removed') }
		}).body;
		expect(markup).toContain('no longer lists it');
		expect(markup.length).toBeLessThan(5000);
	});
});
