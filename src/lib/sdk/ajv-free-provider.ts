/**
 * Stands in for the SDK's ajv-based default validator in the browser build (see the alias in
 * vite.config.ts). The lab always passes its own validator (src/lib/core/validation: cfworker,
 * loaded on demand; ajv needs `eval`, which a strict Content-Security-Policy forbids), so the
 * SDK's default is never constructed; without this alias ajv (≈30 KiB gz) would be bundled only
 * to sit unused. Should anything construct it anyway, it says so instead of validating wrongly.
 */
export class AjvJsonSchemaValidator {
	getValidator(): never {
		throw new Error('The SDK default validator is not in this build: pass jsonSchemaValidator.');
	}
}
