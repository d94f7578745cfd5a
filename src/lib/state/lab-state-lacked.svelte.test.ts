// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { labSchema } from '$lib/core/labs/lab-schema';
import { LabSession } from './lab-session.svelte';

// A replaced world without the step's servers is named (StepHints says it), unless the lab has
// its own hint for that turn, which says it better: lab 02's tool-gone, where internal-api left.
const lab02 = labSchema.parse(
	JSON.parse(readFileSync(new URL('../../../labs/02-naming/lab.json', import.meta.url), 'utf8'))
);
const lab00 = labSchema.parse(
	JSON.parse(
		readFileSync(new URL('../../../labs/00-protocol-basics/lab.json', import.meta.url), 'utf8')
	)
);

let sessions: LabSession[] = [];
afterEach(() => {
	for (const s of sessions) s.dispose();
	sessions = [];
});

async function opened(lab: typeof lab02, step: number) {
	const session = new LabSession(lab.id, lab, step);
	sessions.push(session);
	await session.start();
	return session;
}

describe('a step whose servers the world lacks', () => {
	it('names them when the lab has no hint of its own for it', async () => {
		const session = await opened(lab00, 5);
		expect(session.lab!.lacked).toEqual([]);
		const other = { mcp_servers: { notes: { type: 'stdio', command: 'notes-mcp' } } };
		expect(await session.setScenario(other)).toEqual({ ok: true });
		session.lab!.check();
		expect(session.lab!.lacked).toEqual(['helpdesk']);
		expect(session.lab!.hints).toEqual([]);
	});

	it('leaves it to the lab’s own hint when there is one (lab 02: tool-gone)', async () => {
		const session = await opened(lab02, 3);
		const without = structuredClone(lab02.scenario) as { mcp_servers: Record<string, unknown> };
		delete without.mcp_servers['internal-api'];
		expect(await session.setScenario(without)).toEqual({ ok: true });
		session.lab!.check();
		expect(session.lab!.hints).toEqual(['tool-gone']);
		expect(session.lab!.lacked).toEqual([]);
	});
});
