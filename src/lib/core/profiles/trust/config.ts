import { z } from 'zod';

/**
 * The scenario's `trust` block: what this profile needs beyond the servers. Part of the scenario
 * schema, so it is in every page's start-up code: keep it small.
 */
export const trustConfigSchema = z.strictObject({});

export type trustConfig = z.output<typeof trustConfigSchema>;
