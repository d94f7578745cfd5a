// The site runs under a strict Content-Security-Policy without 'unsafe-eval' (svelte.config.js).
// Zod probes for eval (`new Function('')`) when it builds its first object schema, to choose a
// compiled fast path; the probe's error is caught, but the browser still reports a
// securitypolicyviolation on every page with a world. `jitless` skips the probe (and the compiled
// path, which the policy forbids anyway).
//
// Zod reads its global configuration from `globalThis.__zod_globalConfig` when it loads (so that
// copies of Zod share it), and the SDK builds its schemas as soon as it is imported, so the
// setting must exist before any Zod module runs: this hook module is evaluated first. Seeding the
// global, rather than importing `config` from 'zod/v4/core', keeps Zod out of the entry chunk
// that pages without a world (the home page) load too. tests/csp.e2e.ts fails if this stops working.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
