import { z } from 'zod';
import { formatPath } from '../scenario/parse';
import { scenarioSchema, type Scenario, type ScenarioInput } from '../scenario/schema';
import { loggedActionSchema } from '../world/action-log-schema';
import type { LoggedAction } from '../world/actions';
import { SECRET_NAME } from '../world/mask';
import { failure, type Reason } from '../world/command-errors';
import { shareRefusal } from './refusals';
import { sequenceProblem } from './sequence';

/**
 * A share link carries a world exactly: its scenario, its action log and how far into the log
 * it stands (plus the lab and lab step). JSON, deflated, base64url, behind a format number so a
 * link from another version is recognised and answered with a sentence. Secrets never travel:
 * header and env values are replaced before encoding (their keys stay, so the harness still
 * sees auth configured).
 */
export const SHARE_FORMAT = 1;
export const REDACTED = '<redacted>';
/** Bounds what a link may expand to, so a crafted link cannot exhaust the page. */
const MAX_JSON_BYTES = 5_000_000;

export interface SharedWorld {
	lab: string | null;
	labStep: number;
	scenario: Scenario;
	actions: LoggedAction[];
	/** How many of the actions make the shared moment (time travel); all when equal to length. */
	at: number;
}

const sharedSchema = z.strictObject({
	v: z.literal(SHARE_FORMAT),
	lab: z.string().max(200).nullable(),
	labStep: z.number().int().min(0),
	scenario: scenarioSchema,
	actions: z.array(loggedActionSchema).max(50_000),
	at: z.number().int().min(0)
});

export type DecodeResult =
	{ ok: true; shared: SharedWorld } | { ok: false; error: string; why?: Reason };

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

/** Runs bytes through a (de)compression stream, stopping once the output passes `limit`. */
async function pipe(
	bytes: Uint8Array,
	stream: CompressionStream | DecompressionStream,
	limit = Infinity
): Promise<Uint8Array | null> {
	const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(stream).getReader();
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.length;
		if (size > limit) {
			await reader.cancel();
			return null;
		}
		chunks.push(value);
	}
	const out = new Uint8Array(size);
	let at = 0;
	for (const chunk of chunks) {
		out.set(chunk, at);
		at += chunk.length;
	}
	return out;
}

const toBase64Url = (bytes: Uint8Array) => {
	let binary = '';
	for (let i = 0; i < bytes.length; i += 0x8000)
		binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string) => {
	const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
	return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

export async function encodeShare(world: SharedWorld): Promise<string> {
	const json = JSON.stringify({
		v: SHARE_FORMAT,
		lab: world.lab,
		labStep: world.labStep,
		scenario: redactScenario(world.scenario),
		actions: redactActions(world.actions),
		at: world.at
	});
	const packed = await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
	return `${SHARE_FORMAT}.${toBase64Url(packed!)}`;
}

export async function decodeShare(value: string): Promise<DecodeResult> {
	const match = /^(\d+)\.([A-Za-z0-9_-]+)$/.exec(value.trim());
	if (!match) return failure(shareRefusal('not_share_link'));
	const format = Number(match[1]);
	if (format !== SHARE_FORMAT)
		return failure(
			format > SHARE_FORMAT
				? shareRefusal('share_newer', { format: String(format), reads: String(SHARE_FORMAT) })
				: shareRefusal('share_older', { format: String(format) })
		);
	let json: string;
	try {
		const bytes = await pipe(
			fromBase64Url(match[2]),
			new DecompressionStream('deflate-raw'),
			MAX_JSON_BYTES
		);
		if (!bytes) return failure(shareRefusal('share_too_big'));
		json = new TextDecoder().decode(bytes);
	} catch {
		return failure(shareRefusal('share_unpack'));
	}
	let data: unknown;
	try {
		data = JSON.parse(json);
	} catch {
		return failure(shareRefusal('share_not_json'));
	}
	const parsed = sharedSchema.safeParse(data);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		return failure(
			shareRefusal('share_damaged_at', { path: formatPath(issue.path), detail: issue.message })
		);
	}
	const { lab, labStep, scenario, actions, at } = parsed.data;
	const unordered = sequenceProblem(actions, 'share');
	if (unordered) return failure(unordered);
	if (at > actions.length)
		return failure(
			shareRefusal('share_step_past', { at: String(at), length: String(actions.length) })
		);
	return { ok: true, shared: { lab, labStep, scenario, actions, at } };
}
