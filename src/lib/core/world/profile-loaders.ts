import type { ExtensionModule, ExtensionProfile } from './profile-extension';

/** Each extension profile's code, fetched only by a world that runs it (its own chunk). */
export const EXTENSION_LOADERS: Record<ExtensionProfile, () => Promise<ExtensionModule>> = {
	trust: () => import('../profiles/trust/extension'),
	miniharness: () => import('../profiles/miniharness/extension'),
	contextual: () => import('../profiles/contextual/extension')
};

export function isExtensionProfile(profile: string): profile is ExtensionProfile {
	return Object.hasOwn(EXTENSION_LOADERS, profile);
}
