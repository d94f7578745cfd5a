import type { ExtensionModule, ExtensionProfile } from './profile-extension';

/** Each extension profile's code, its own chunk. */
export const EXTENSION_LOADERS: Record<ExtensionProfile, () => Promise<ExtensionModule>> = {
	trust: () => import('../profiles/trust/extension'),
	miniharness: () => import('../profiles/miniharness/extension'),
	contextual: () => import('../profiles/contextual/extension')
};
