/**
 * The ToolSource profile's runtime, loaded by a world only when its scenario asks for it (a
 * separate chunk in the browser, so OpenHarness labs and embeds do not carry it).
 */
export { ToolSourceRunner } from './toolsource-calls';
export { buildToolSourceRegistry, toolSourceTools } from '../registry/toolsource-registry';
