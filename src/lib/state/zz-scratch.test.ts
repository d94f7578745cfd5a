import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseScenario } from '$lib/core';
import { WorldState } from './world-state.svelte';
it('x', async () => {
	const lab = JSON.parse(readFileSync('labs/06-sdk-client-discipline/lab.json', 'utf8'));
	const p = parseScenario(lab.scenario);
	if (!p.ok) throw new Error('bad');
	const s = new WorldState(p.scenario);
	s.speed = 'instant';
	console.log(s.statusText, JSON.stringify(s.servers.map((v) => [v.name, v.status, v.state, v.detail])));
	await s.run((w) => w.startSession());
	console.log(s.statusText, JSON.stringify(s.servers.map((v) => [v.name, v.status, v.state, v.detail])));
	await s.run((w) => w.closeSession());
	console.log(s.statusText, JSON.stringify(s.servers.map((v) => [v.name, v.status, v.state, v.detail])));
	await s.run((w) => w.callTool('search', { query: 'x' })).catch((e) => console.log('ERR', String(e)));
	console.log(s.statusText, JSON.stringify(s.servers.map((v) => [v.name, v.status, v.state, v.detail])));
	s.dispose();
});
