import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';

/**
 * Stands in for the SDK's ajv-based default validator in the browser build (see the alias in
 * vite.config.ts). The lab always passes a CfWorkerJsonSchemaValidator explicitly (ajv needs
 * `eval`, which a strict Content-Security-Policy forbids), so the SDK's default is never
 * constructed; without this alias ajv would still be bundled (≈30 KiB gz) only to sit unused.
 * Should anything construct the default anyway, it gets the same CSP-safe validator.
 */
export class AjvJsonSchemaValidator extends CfWorkerJsonSchemaValidator {}
