import { describe, expect, it } from 'vitest';
import RegistryPanel from './RegistryPanel.svelte';
import { html, startedStates, text } from './test-support/render';

// What the registry says a registration replaced, when two tools end up under one adapted name.

const session = startedStates({
	permissions: { mode: 'full_auto' },
	mcp_servers: {
		'a.b': {
			command: 'x',
			sim: { tools: [{ name: 'search' }, { name: 'read.file' }, { name: 'read_file' }] }
		},
		a_b: { command: 'y', sim: { tools: [{ name: 'search' }] } }
	}
});

describe('shadowed names in the registry panel', () => {
	it('name the tool that lost when both are one server’s, the server that won otherwise', async () => {
		const all = text(html(await session(), RegistryPanel));
		expect(all).toContain(
			'mcp__a_b__read_file from server a.b (its tool read.file) was replaced by another tool of a.b that adapts to the same name'
		);
		expect(all).not.toContain('was replaced by server a.b');
		// Servers register in sorted order ("a.b" before "a_b"): the later one wins.
		expect(all).toContain('mcp__a_b__search from server a.b was replaced by server a_b');
	});
});
