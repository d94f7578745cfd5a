import { describe, expect, it } from 'vitest';
import { Faults, keyAction } from './faults';

describe('fault switches', () => {
	it('maps the terminal keys; s and u toggle', () => {
		const off = { slowMs: 0, unauthorized: false };
		const on = { slowMs: 2000, unauthorized: true };
		expect(keyAction('k', off, 2000)).toEqual({ faults: { killSessions: true } });
		expect(keyAction('s', off, 2000)).toEqual({ faults: { slowMs: 2000 } });
		expect(keyAction('s', on, 2000)).toEqual({ faults: { slowMs: 0 } });
		expect(keyAction('u', off, 2000)).toEqual({ faults: { unauthorized: true } });
		expect(keyAction('u', on, 2000)).toEqual({ faults: { unauthorized: false } });
		expect(keyAction('h', off, 2000)).toBe('help');
		expect(keyAction('?', off, 2000)).toBe('help');
		expect(keyAction('q', off, 2000)).toBe('quit');
		expect(keyAction('\u0003', off, 2000)).toBe('quit');
		expect(keyAction('x', off, 2000)).toBeNull();
	});

	it('says what each switch did, in order', async () => {
		let kills = 0;
		const faults = new Faults(async () => ++kills + 1);
		expect(await faults.apply({ killSessions: true, slowMs: 300, unauthorized: true })).toEqual([
			'Killed 2 sessions: a request with an old session id now gets 404 Session not found.',
			'Slow responses on: every answer takes 300 ms longer.',
			'401 fault on: every MCP request now gets 401 Unauthorized.'
		]);
		expect(faults.state).toEqual({ slowMs: 300, unauthorized: true });
		expect(await faults.apply({ slowMs: 0, unauthorized: false })).toEqual([
			'Slow responses off.',
			'401 fault off: requests are authorised as before.'
		]);
		expect(kills).toBe(1);
	});
});
