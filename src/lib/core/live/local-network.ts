/**
 * Chrome's Local Network Access: a page on a public address may reach a server on the reader's
 * own machine (loopback) or network (private addresses) only with the reader's permission, and
 * a cross-origin frame only when the page embedding it delegates that permission (`allow` on
 * its iframe). A refused request fails as `Failed to fetch`, exactly as when nothing listens,
 * so the lab asks the browser which it was before it tells the reader to start a server.
 */

/** Where an address is, as Local Network Access sorts them. */
export type AddressSpace = 'loopback' | 'local' | 'public';

/** Why the browser kept the request from the reader's machine or network. */
export type LocalNetworkBlock = 'policy' | 'denied';

function ipv4(host: string): number[] | null {
	const parts = host.split('.');
	if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
	const bytes = parts.map(Number);
	return bytes.every((b) => b <= 255) ? bytes : null;
}

/** The address space of a URL's host, by its name or literal address (no name is resolved). */
export function addressSpace(hostname: string): AddressSpace {
	let host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
	// An IPv4 address written as IPv6 (`[::ffff:127.0.0.1]`, which URL prints `[::ffff:7f00:1]`).
	const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(host);
	if (mapped)
		host =
			mapped[1] ??
			[parseInt(mapped[2], 16), parseInt(mapped[3], 16)]
				.flatMap((word) => [word >> 8, word & 255])
				.join('.');
	if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return 'loopback';
	const v4 = ipv4(host);
	if (v4) {
		const [a, b] = v4;
		if (a === 127) return 'loopback';
		if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'local';
		if (a === 169 && b === 254) return 'local';
		if (a === 0) return 'loopback';
		return 'public';
	}
	if (host.includes(':')) {
		// fc00::/7 (unique local) and fe80::/10 (link-local).
		if (/^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host)) return 'local';
		return 'public';
	}
	if (host.endsWith('.local')) return 'local';
	return 'public';
}

/** What the browser says about one permissions-policy feature and permission (injected in tests). */
export interface LocalNetworkEnv {
	/** The page's own host: a page already on the reader's machine is not held back. */
	pageHost: string;
	/** undefined when the browser does not know the feature (no Local Network Access there). */
	allowsFeature: (feature: string) => boolean | undefined;
	/** The permission's state, or undefined when the browser cannot say. */
	permission: (name: string) => Promise<PermissionState | undefined>;
}

const rank: Record<AddressSpace, number> = { public: 0, local: 1, loopback: 2 };

/**
 * Whether the browser, not the server, refused a request to `target`: `policy` when this frame
 * was not allowed to ask (its embedder gave no `allow`), `denied` when the reader said no.
 * Null when it may simply be that nothing answers.
 */
export async function localNetworkBlock(
	target: URL,
	env: LocalNetworkEnv
): Promise<LocalNetworkBlock | null> {
	const to = addressSpace(target.hostname);
	// Only a request towards a more private space than the page's own is held back.
	if (rank[to] <= rank[addressSpace(env.pageHost)]) return null;
	// Chrome 145 on split the permission in two; before it, one feature named both.
	const feature = to === 'loopback' ? 'loopback-network' : 'local-network';
	const known = env.allowsFeature(feature) === undefined ? 'local-network-access' : feature;
	const allowed = env.allowsFeature(known);
	if (allowed === undefined) return null;
	if (!allowed) return 'policy';
	return (await env.permission(known)) === 'denied' ? 'denied' : null;
}

interface FeaturePolicy {
	features(): string[];
	allowsFeature(feature: string): boolean;
}

/** The page's own browser, or null outside one (Node tests, the lab server). */
export function browserLocalNetworkEnv(): LocalNetworkEnv | null {
	if (typeof document === 'undefined' || typeof location === 'undefined') return null;
	const policy = (document as { featurePolicy?: FeaturePolicy }).featurePolicy;
	const features = new Set(policy?.features() ?? []);
	return {
		pageHost: location.hostname,
		allowsFeature: (feature) =>
			policy && features.has(feature) ? policy.allowsFeature(feature) : undefined,
		permission: async (name) => {
			try {
				const status = await navigator.permissions.query({ name: name as PermissionName });
				return status.state;
			} catch {
				return undefined;
			}
		}
	};
}
