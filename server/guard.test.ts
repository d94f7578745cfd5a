import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
	allowedHosts,
	checkHostAndOrigin,
	hasBearer,
	isLoopback,
	isThisMachine,
	machineOf
} from './guard';
import { LAN_MACHINE } from './test-support';

/** One interface address as `os.networkInterfaces()` reports it (only the fields read). */
const nic = (address: string, internal = false) =>
	({ address, internal, family: address.includes(':') ? 'IPv6' : 'IPv4' }) as NetworkInterfaceInfo;

describe('the lab server guard', () => {
	it('knows loopback addresses as Node reports them', () => {
		expect(
			['127.0.0.1', '::1', '::ffff:127.0.0.1', 'localhost', '127.8.0.3'].map(isLoopback)
		).toEqual([true, true, true, true, true]);
		expect(['192.168.1.20', '0.0.0.0', '::', undefined].map(isLoopback)).toEqual([
			false,
			false,
			false,
			false
		]);
	});

	it('allows the loopback names and the address listened on, with the port', () => {
		expect(allowedHosts('127.0.0.1', 8787)).toEqual(['127.0.0.1:8787', 'localhost:8787']);
		expect(allowedHosts('::1', 9000)).toEqual(['127.0.0.1:9000', 'localhost:9000', '[::1]:9000']);
		const hosts = allowedHosts('192.168.1.20', 8787);
		expect(checkHostAndOrigin({ host: 'LOCALHOST:8787' }, hosts, [])).toBeNull();
		expect(checkHostAndOrigin({ host: 'localhost:8788' }, hosts, [])).toEqual({
			header: 'Host',
			value: 'localhost:8788'
		});
		expect(
			checkHostAndOrigin({ host: '192.168.1.20:8787', origin: 'null' }, hosts, ['http://a'])
		).toEqual({ header: 'Origin', value: 'null' });
	});

	it("reads this machine's addresses: non-internal IPv4 first, link-local kept out of the LAN list", () => {
		const interfaces = {
			lo: [nic('127.0.0.1', true), nic('::1', true)],
			eth0: [nic('fe80::fc:ff:fe00:1'), nic('fd00::2'), nic('192.0.2.2')],
			wlan0: [nic('198.51.100.7'), nic('192.0.2.2')],
			down: undefined
		};
		expect(machineOf(interfaces, 'Lab-Box')).toEqual(LAN_MACHINE);
		expect(machineOf({}, 'x')).toEqual({ addresses: [], lan: [], name: 'x' });
	});

	it("allows this machine's addresses and name when bound beyond loopback, and no other name", () => {
		const expected = [
			'127.0.0.1:8792',
			'localhost:8792',
			'0.0.0.0:8792',
			'192.0.2.2:8792',
			'198.51.100.7:8792',
			'[fd00::2]:8792',
			'[::1]:8792',
			'[fe80::fc:ff:fe00:1]:8792',
			'lab-box:8792'
		];
		expect(allowedHosts('0.0.0.0', 8792, LAN_MACHINE)).toEqual(expected);
		expect(allowedHosts('::', 8792, LAN_MACHINE)).toEqual(
			expected.map((h) => (h === '0.0.0.0:8792' ? '[::]:8792' : h))
		);
		expect(allowedHosts('192.0.2.2', 8792, LAN_MACHINE)).toEqual(
			expected.filter((h) => h !== '0.0.0.0:8792')
		);
		// Bound to loopback, nothing else can reach it: the list stays as short as it was.
		expect(allowedHosts('127.0.0.1', 8792, LAN_MACHINE)).toEqual([
			'127.0.0.1:8792',
			'localhost:8792'
		]);
		const hosts = allowedHosts('0.0.0.0', 8792, LAN_MACHINE);
		for (const host of ['192.0.2.2:8792', '[FD00::2]:8792', 'LAB-BOX:8792'])
			expect(checkHostAndOrigin({ host }, hosts, [])).toBeNull();
		for (const host of ['evil.example:8792', '192.0.2.2:8793', '203.0.113.9:8792', 'lab-box'])
			expect(checkHostAndOrigin({ host }, hosts, [])).toEqual({ header: 'Host', value: host });
	});

	it("counts loopback and this machine's own addresses as this machine, and nothing else", () => {
		const mine = [
			'127.0.0.1',
			'::1',
			'192.0.2.2',
			'::ffff:192.0.2.2',
			'fd00::2',
			'FE80::FC:FF:FE00:1%eth0'
		];
		expect(mine.map((a) => isThisMachine(a, LAN_MACHINE))).toEqual(mine.map(() => true));
		const others = ['203.0.113.9', '::ffff:203.0.113.9', '192.0.2.22', 'fd00::3', '::', undefined];
		expect(others.map((a) => isThisMachine(a, LAN_MACHINE))).toEqual(others.map(() => false));
	});

	it('reads a bearer token in any case of the scheme, and nothing else', () => {
		expect(hasBearer({ authorization: 'Bearer abc' }, 'abc')).toBe(true);
		expect(hasBearer({ authorization: 'bearer abc' }, 'abc')).toBe(true);
		expect(hasBearer({ authorization: 'Bearer abcd' }, 'abc')).toBe(false);
		expect(hasBearer({ authorization: 'Basic abc' }, 'abc')).toBe(false);
		expect(hasBearer({}, 'abc')).toBe(false);
	});
});
