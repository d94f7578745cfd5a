import type { Scenario, ScenarioInput } from '../scenario/schema';
import type { LoggedAction } from '../world/actions';
import { SECRET_NAME } from '../world/mask';

/**
 * Secrets never travel in a share link or a downloaded log: header and env values are replaced
 * (their keys stay, so the harness still sees auth configured), and so is what a learner typed
 * into secret-named fields. Apart from the schemas that read links and logs back, so making
 * one loads no parser.
 */
export const REDACTED = '<redacted>';

type Servers = Record<string, Record<string, unknown>>;
const redactBlock = (servers: Servers | undefined) =>
	servers &&
	Object.fromEntries(
		Object.entries(servers).map(([name, config]) => {
			const copy: Record<string, unknown> = { ...config };
			for (const key of ['headers', 'env'])
				if (copy[key] && typeof copy[key] === 'object')
					copy[key] = Object.fromEntries(
						Object.keys(copy[key] as object).map((k) => [k, REDACTED])
					);
			return [name, copy];
		})
	);

/**
 * The scenario with every header and env value replaced, in settings and plugins alike, and the
 * contextual profile's identities and metadata without their secret-named claims.
 */
export function redactScenario(scenario: Scenario | ScenarioInput): ScenarioInput {
	const plugins = scenario.plugins as Record<string, { mcp_servers?: Servers }> | undefined;
	return {
		...scenario,
		...(scenario.contextual ? { contextual: redactDeep(scenario.contextual) } : {}),
		mcp_servers: redactBlock(scenario.mcp_servers as Servers),
		...(plugins
			? {
					plugins: Object.fromEntries(
						Object.entries(plugins).map(([n, p]) => [
							n,
							{ ...p, mcp_servers: redactBlock(p.mcp_servers) }
						])
					)
				}
			: {})
	} as ScenarioInput;
}

/**
 * A copy whose secret-named fields, at any depth, carry the placeholder instead of their value
 * (a tool's nested arguments, a profile command's arguments, an identity's claims).
 */
function redactDeep<T>(value: T): T {
	if (Array.isArray(value)) return value.map(redactDeep) as T;
	if (!value || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.entries(value).map(([k, v]) => [k, SECRET_NAME.test(k) ? REDACTED : redactDeep(v)])
	) as T;
}

/**
 * The log with what a learner typed into secret-named fields (a tool argument `api_key`, an
 * elicitation answer `password`) replaced: a link or a download must not carry them. The world
 * rebuilt from it then shows the placeholder where the value was.
 */
export function redactActions(actions: readonly LoggedAction[]): LoggedAction[] {
	return actions.map((entry) => {
		const a = entry.action;
		if (a.do === 'callTools')
			return {
				...entry,
				action: {
					...a,
					calls: a.calls.map((c) => ({ ...c, arguments: redactDeep(c.arguments) }))
				}
			};
		if (a.do === 'answerElicitation' && a.content)
			return { ...entry, action: { ...a, content: redactDeep(a.content) } };
		// A profile command may carry what a person typed (a run's identity claims, metadata).
		if (a.do === 'profile') return { ...entry, action: { ...a, args: redactDeep(a.args) } };
		return entry;
	});
}
