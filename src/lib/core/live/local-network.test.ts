import { describe, expect, it } from 'vitest';
import { addressSpace, localNetworkBlock, type LocalNetworkEnv } from './local-network';

describe('addressSpace', () => {
	it('sorts hosts as Local Network Access does, by name or literal address', () => {
		for (const host of [
			'localhost',
			'LOCALHOST',
			'app.localhost',
			'127.0.0.1',
			'127.8.9.1',
			'[::1]',
			// IPv4 written as IPv6, as URL prints it, and as typed.
			'[::ffff:7f00:1]',
			'[::ffff:127.0.0.1]'
		])
			expect(addressSpace(host), host).toBe('loopback');
		for (const host of [
			'10.0.0.7',
			'172.16.0.1',
			'172.31.255.255',
			'192.168.1.20',
			'169.254.1.1',
			'[fd12:3456::1]',
			'[fe80::1]',
			'[::ffff:c0a8:105]',
			'printer.local'
		])
			expect(addressSpace(host), host).toBe('local');
		for (const host of [
			'docs.example.com',
			'8.8.8.8',
			'172.32.0.1',
			'172.15.0.1',
			'192.169.0.1',
			'[2001:db8::1]',
			'[::ffff:808:808]',
			'127.0.0.1.nip.io',
			'256.0.0.1'
		])
			expect(addressSpace(host), host).toBe('public');
	});
});

/** A browser that knows Chrome 145's split features, with what this frame is allowed. */
function env(
	over: Partial<LocalNetworkEnv> & { allowed?: Record<string, boolean> }
): LocalNetworkEnv {
	const allowed = over.allowed ?? { 'loopback-network': true, 'local-network': true };
	return {
		pageHost: 'docs.example.com',
		allowsFeature: (feature) => allowed[feature],
		permission: async () => 'prompt',
		...over
	};
}

const LAB_SERVER = new URL('http://127.0.0.1:8787/notes/mcp');

describe('localNetworkBlock', () => {
	it('names the embedding page when it gave the frame no allow for the loopback', async () => {
		const frame = env({ allowed: { 'loopback-network': false, 'local-network': true } });
		expect(await localNetworkBlock(LAB_SERVER, frame)).toBe('policy');
		// The same frame may reach the network it was allowed.
		expect(await localNetworkBlock(new URL('http://192.168.1.5/mcp'), frame)).toBeNull();
		expect(
			await localNetworkBlock(
				new URL('http://192.168.1.5/mcp'),
				env({ allowed: { 'loopback-network': true, 'local-network': false } })
			)
		).toBe('policy');
	});

	it('names the reader’s refusal when the frame may ask but the answer was no', async () => {
		const refused = env({
			permission: async (name) => (name === 'loopback-network' ? 'denied' : 'prompt')
		});
		expect(await localNetworkBlock(LAB_SERVER, refused)).toBe('denied');
		expect(await localNetworkBlock(LAB_SERVER, env({}))).toBeNull();
		expect(
			await localNetworkBlock(LAB_SERVER, env({ permission: async () => 'granted' }))
		).toBeNull();
	});

	it('falls back to the one feature of Chrome 142–144', async () => {
		const older = env({ allowed: { 'local-network-access': false } });
		expect(await localNetworkBlock(LAB_SERVER, older)).toBe('policy');
		const asked: string[] = [];
		await localNetworkBlock(
			LAB_SERVER,
			env({
				allowed: { 'local-network-access': true },
				permission: async (name) => (asked.push(name), 'denied')
			})
		);
		expect(asked).toEqual(['local-network-access']);
	});

	it('says nothing where the browser has no Local Network Access, or nothing is held back', async () => {
		expect(await localNetworkBlock(LAB_SERVER, env({ allowed: {} }))).toBeNull();
		// A page on the reader's machine (a workshop's dev server) may reach its loopback.
		for (const pageHost of ['localhost', '127.0.0.1'])
			expect(
				await localNetworkBlock(
					LAB_SERVER,
					env({ pageHost, allowed: { 'loopback-network': false } })
				)
			).toBeNull();
		// A page on the local network is still held back from the loopback.
		expect(
			await localNetworkBlock(
				LAB_SERVER,
				env({ pageHost: '192.168.1.2', allowed: { 'loopback-network': false } })
			)
		).toBe('policy');
		// A public server is never a local-network request.
		expect(
			await localNetworkBlock(new URL('https://mcp.example.com/mcp'), env({ allowed: {} }))
		).toBeNull();
	});
});
