import { describe, expect, it } from 'vitest';
import { m } from '$lib/paraglide/messages';
import { formHolds, type KeptServer, type KeptTool } from '$lib/state/form-kept';
import { templateById, templateText } from '$lib/core/scenario/templates';
import { readToolFields } from './tool-change';
import { unsaved as sayings } from './unsaved';

const unsaved = (kept: Parameters<typeof sayings>[0]) => sayings(kept).map((said) => said());

// The fields a Change opens with on lab 01's search_orders (what `unsaved` reads is `said`).
const initial = readToolFields(templateText(templateById('lab-01')!), 'internal-api', 0)!;

describe('what the world editor form holds that Apply would not run', () => {
	it('stop Apply with the sentence of each edited one, tool first; open and unchanged, not', () => {
		const tool: KeptTool = { server: 'internal-api', index: 0, initial, said: () => 'Tool.' };
		const server: KeptServer = { name: 'filesystem', said: () => 'Server.' };
		const kept = { keptTool: tool, keptServer: server, keptAdds: {} };
		expect([unsaved(kept), formHolds(kept)]).toEqual([[], false]);
		server.edited = true;
		expect([unsaved(kept), formHolds(kept)]).toEqual([['Server.'], true]);
		tool.edited = true;
		expect(unsaved(kept)).toEqual(['Tool.', 'Server.']);
		expect(unsaved({ keptTool: null, keptServer: null, keptAdds: {} })).toEqual([]);
	});

	it('stop Apply while an Add form holds something typed; its choices alone do not', () => {
		const none = { keptTool: null, keptServer: null };
		const held = (keptAdds: object) => ({ ...none, keptAdds });
		const choices = { type: 'http' as const, toolServer: 'fs', toolBehaviour: 'error' as const };
		expect([unsaved(held(choices)), formHolds(held(choices))]).toEqual([[], false]);
		// Blank is not typed: a space left in a field holds nothing to add.
		expect(formHolds(held({ name: ' ', toolDelay: '' }))).toBe(false);
		expect(unsaved(held({ url: 'https://x.example/mcp' }))).toEqual([
			m.editor_unsaved_add_server()
		]);
		expect(unsaved(held({ args: '-y', toolDelay: '40' }))).toEqual([
			m.editor_unsaved_add_server(),
			m.editor_unsaved_add_tool()
		]);
		expect(formHolds(held({ toolDescription: 'x' }))).toBe(true);
	});
});
