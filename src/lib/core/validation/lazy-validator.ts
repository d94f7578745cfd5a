import type {
	JsonSchemaType,
	JsonSchemaValidator,
	jsonSchemaValidator
} from '@modelcontextprotocol/sdk/validation/types.js';

/**
 * JSON Schema validation (cfworker, ≈7 KiB gzipped) is needed only by a few worlds: a server
 * that elicits input (the SDK checks the answer), a learner's elicitation answer, a lab goal
 * about the server's own schema. So it loads on demand; those paths call `loadValidator()`
 * first. The simulated SDK clients never validate (sim tools declare no outputSchema), so the
 * SDK is given this provider, which refuses loudly if anything validates before loading.
 */
type Cfworker = typeof import('@modelcontextprotocol/sdk/validation/cfworker');
type Raw = typeof import('@cfworker/json-schema');

let loading: Promise<void> | null = null;
let provider: InstanceType<Cfworker['CfWorkerJsonSchemaValidator']> | null = null;
let raw: Raw | null = null;

export function loadValidator(): Promise<void> {
	loading ??= Promise.all([
		import('@modelcontextprotocol/sdk/validation/cfworker'),
		import('@cfworker/json-schema')
	]).then(([cfworker, cf]) => {
		provider = new cfworker.CfWorkerJsonSchemaValidator();
		raw = cf;
	});
	return loading;
}

export const validatorLoaded = (): boolean => provider !== null;

/** The cfworker Validator class, once loaded (for checks that need every error). */
export function rawValidator(): Raw['Validator'] {
	if (!raw) throw new Error('JSON Schema validation was used before loadValidator() finished.');
	return raw.Validator;
}

export class LazyJsonSchemaValidator implements jsonSchemaValidator {
	getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
		if (!provider)
			throw new Error('JSON Schema validation was used before loadValidator() finished.');
		return provider.getValidator<T>(schema);
	}
}
