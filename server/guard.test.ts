import { describe, expect, it } from 'vitest';
import { allowedHosts, checkHostAndOrigin, hasBearer, isLoopback } from './guard';

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

	it('reads a bearer token in any case of the scheme, and nothing else', () => {
		expect(hasBearer({ authorization: 'Bearer abc' }, 'abc')).toBe(true);
		expect(hasBearer({ authorization: 'bearer abc' }, 'abc')).toBe(true);
		expect(hasBearer({ authorization: 'Bearer abcd' }, 'abc')).toBe(false);
		expect(hasBearer({ authorization: 'Basic abc' }, 'abc')).toBe(false);
		expect(hasBearer({}, 'abc')).toBe(false);
	});
});
