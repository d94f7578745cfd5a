import type { ExtensionModule, ExtensionProfile } from './profile-extension';

// The ids only (the loaders' map is in its own lazily loaded module).
const EXTENSIONS: readonly ExtensionProfile[] = ['trust', 'miniharness', 'contextual'];

export function isExtensionProfile(profile: string): profile is ExtensionProfile {
	return (EXTENSIONS as readonly string[]).includes(profile);
}

/**
 * The profile's code, fetched only by a world that runs it. One import here (the map of
 * loaders is itself loaded on demand) keeps the three chunks' preload lists out of start-up.
 */
export async function loadExtension(profile: ExtensionProfile): Promise<ExtensionModule> {
	const { EXTENSION_LOADERS } = await import('./profile-extension-loaders');
	return EXTENSION_LOADERS[profile]();
}
