import type { Scenario } from '../scenario/schema';
import type { LoggedAction } from '../world/actions';
import { failure, type Reason } from '../world/command-errors';
import { redactActions, redactScenario } from './redact';
import { shareRefusal } from './refusals';
import { sequenceProblem } from './sequence';

export { REDACTED, redactActions, redactScenario } from './redact';

/**
 * A share link carries a world exactly: its scenario, its action log and how far into the log
 * it stands (plus the lab and lab step). JSON, deflated, base64url, behind a format number so a
 * link from another version is recognised and answered with a sentence. Secrets never travel
 * (redact.ts). A link read back is checked with the scenario schemas, loaded then
 * (tape-check.ts): making a link loads none of them.
 */
export const SHARE_FORMAT = 1;
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

export type DecodeResult =
	{ ok: true; shared: SharedWorld } | { ok: false; error: string; why?: Reason };

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
	return checkShared(data);
}

/**
 * A shared world's JSON, checked as a link's is: a link's, or the moment a tab kept of a lab
 * (kept-moment.ts), which is read back the same way.
 */
export async function checkShared(data: unknown): Promise<DecodeResult> {
	const { checkSharedWorld } = await import('./tape-check');
	const checked = checkSharedWorld(data, SHARE_FORMAT);
	if (!checked.ok) return failure(shareRefusal('share_damaged_at', checked.problem));
	const { lab, labStep, scenario, actions, at } = checked.data;
	const unordered = sequenceProblem(actions, 'share');
	if (unordered) return failure(unordered);
	if (at > actions.length)
		return failure(
			shareRefusal('share_step_past', { at: String(at), length: String(actions.length) })
		);
	return { ok: true, shared: { lab, labStep, scenario, actions, at } };
}
