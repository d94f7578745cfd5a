/**
 * The result check against a tool's outputSchema (a port of Python's jsonschema and pprint,
 * ≈4 KiB gzipped) is needed only by a world whose servers list an outputSchema, so it loads
 * when one is first listed (sim-io.ts), not with the page.
 */
export const loadOutputCheck = () => import('./output-check');
