import {
	EMBED_VERSION,
	NOT_YET,
	PREFIX,
	acceptsFrom,
	objectArg,
	parseMessage,
	replyOrigin,
	stringArg,
	type Command
} from '$lib/core/embed/protocol';
import { embedHostRequest } from '$lib/core/embed/host-request-view';
import { AnswerGate } from './answer-gate';
import type { LabSession } from './lab-session.svelte';
import type { UnusedNote } from '$lib/core/scenario/unused-keys';

/** `notes`: setScenario's, on a valid world's keys that change nothing (unused-keys.ts). */
type Outcome = { ok: true; notes?: UnusedNote[] } | { ok: false; error: string };

/**
 * How long a state waits for an animation frame before it is sent anyway: past a frame or two of
 * a visible page (which sends it first), short enough for a host's status line.
 */
const STATE_FALLBACK_MS = 100;
const PROFILE_COMMAND_SHAPE = 'Expected args: {command: string, args?: object}.';

/** Commands after which the frame shows another world (a new scenario, profile or step). */
const REPLACES_WORLD: ReadonlySet<Command['command']> = new Set([
	'setScenario',
	'setProfile',
	'reset',
	'step'
]);

/**
 * Settles once the frame's document has loaded completely, and a task later. The loader
 * (static/embed/mcp-lab-embed.js) takes the iframe's load event after `ready` as another page
 * loaded, and rejects what it sent: a page ready before its own load (a slow resource, a fast
 * start at instant speed) had its host's first commands refused. The iframe's load event is
 * dispatched in the task that finishes the document's load, so a task later it has run.
 */
function documentLoaded(win: Window): Promise<void> {
	const later = (resolve: () => void) => setTimeout(resolve, 0);
	if (win.document.readyState === 'complete') return new Promise(later);
	return new Promise((resolve) =>
		win.addEventListener('load', () => later(resolve), { once: true })
	);
}

/**
 * The frame side of the embed contract: takes commands from the parent page (and only from
 * `origin` when given), runs them on the session, answers each once the world has settled, and
 * posts coalesced state and resize messages.
 */
export class EmbedHost {
	#frame: number | null = null;
	/** The same state's timer, for a frame that gets no animation frames (see `changed`). */
	#fallback: ReturnType<typeof setTimeout> | null = null;
	#lastHeight = -1;
	#observer: ResizeObserver | null = null;
	#target: string;
	#listener = (event: MessageEvent) => void this.#receive(event);
	/**
	 * Settles once the last world-replacing command has: a command posted after one runs on the
	 * world it made, as a host posting `setProfile` then `profileCommand` means it to. Other
	 * commands do not wait for each other (the world queues them itself, and an interrupt such
	 * as `cancelCall` must not wait behind the call it cancels).
	 */
	#replaced: Promise<unknown> = Promise.resolve();
	/**
	 * Settles once `ready` has been posted. A command that arrives earlier (a host posting on the
	 * iframe's load event) waits for it, so its answer is about the started world, after `ready`.
	 */
	#opened: Promise<void>;
	#open: () => void = () => {};
	/** Nothing but `ready` comes first: state and resize messages start after it. */
	#isOpen = false;
	/** When each answer may go (`getState`, a read, is answered as soon as it ran). */
	#gate = new AnswerGate();

	constructor(
		private readonly session: LabSession,
		private readonly allowedOrigin: string | null,
		private readonly win: Window = window
	) {
		this.#target = replyOrigin(
			allowedOrigin,
			win.document.referrer,
			win.location?.ancestorOrigins?.[0]
		);
		this.#opened = new Promise((resolve) => (this.#open = resolve));
	}

	/** Listens, then announces readiness once the first start-up has settled. */
	async start(ready: Promise<unknown>): Promise<void> {
		this.win.addEventListener('message', this.#listener);
		// What the parent posted before this code ran (static/embed/early-messages.js held it),
		// in the order it came, ahead of anything posted from now on.
		for (const event of this.win.__mcpLabEarlyMessages?.take() ?? []) this.#listener(event);
		try {
			this.#observer = new ResizeObserver(() => this.#postHeight());
			// The body, not the root: once the host sizes the frame to a height, the root's scroll
			// height never drops below it, so a shrinking page would never be reported.
			this.#observer.observe(this.win.document.body);
			await ready.catch(() => {});
			await documentLoaded(this.win);
			this.#post({ type: `${PREFIX}ready`, version: EMBED_VERSION, lab: this.session.labId });
		} finally {
			// Even if posting failed, commands waiting for ready must not wait for ever.
			this.#isOpen = true;
			this.#open();
		}
		this.#postHeight();
		// What changed during start-up was held back until ready: one state for all of it.
		this.changed();
	}

	/**
	 * Called on every world change; at most one state message per animation frame. Chromium runs
	 * no animation frames and no ResizeObserver in a cross-origin frame scrolled out of view or
	 * hidden (a docs tab), so a timer sends the same state when no frame came: a host's status
	 * line must follow a command it sent from below the frame. The height goes with that one.
	 */
	changed(): void {
		if (this.#frame !== null || !this.#isOpen) return;
		// Sent by the timer, no ResizeObserver runs either: the height goes too. (Read in an
		// animation frame, it would force a layout ahead of the frame's own.)
		const send = (late: boolean) => {
			this.#cancelState();
			this.#post({ type: `${PREFIX}state`, snapshot: this.#snapshot() });
			if (late) this.#postHeight();
		};
		this.#frame = requestAnimationFrame(() => send(false));
		this.#fallback = setTimeout(() => send(true), STATE_FALLBACK_MS);
	}

	#cancelState(): void {
		if (this.#frame !== null) cancelAnimationFrame(this.#frame);
		if (this.#fallback !== null) clearTimeout(this.#fallback);
		this.#frame = this.#fallback = null;
	}

	stop(): void {
		this.win.removeEventListener('message', this.#listener);
		this.#observer?.disconnect();
		this.#cancelState();
	}

	async #receive(event: MessageEvent): Promise<void> {
		if (!acceptsFrom(event, this.win.parent, this.allowedOrigin)) return;
		const parsed = parseMessage(event.data);
		if (parsed.kind === 'ignore') return;
		if (parsed.kind === 'invalid') {
			// Not before ready, even a refusal.
			await this.#opened;
			this.#post({ type: `${PREFIX}result`, id: parsed.id, ok: false, error: parsed.error });
			return;
		}
		const { id, command: name } = parsed.command;
		const token = name === 'getState' ? null : this.#gate.begin();
		const run = Promise.all([this.#opened, this.#replaced]).then(() => {
			// Answers still held describe the world this command replaces: they go first.
			if (REPLACES_WORLD.has(name)) this.#gate.flush();
			return this.#superseded(parsed.command);
		});
		if (REPLACES_WORLD.has(name)) this.#replaced = run.catch(() => {});
		const failures = this.session.world.failures;
		let outcome: Outcome;
		try {
			outcome = await run;
		} catch (error) {
			outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
		}
		// The frame's error box shows what the host's last command did too, as a reader's own.
		if (name !== 'getState') this.session.world.ended(outcome.ok ? null : outcome.error, failures);
		// The snapshot is taken when the answer goes, so it shows the world settled.
		const answer = () =>
			this.#post(
				outcome.ok
					? {
							type: `${PREFIX}result`,
							id,
							ok: true,
							snapshot: this.#snapshot(),
							...(outcome.notes && { notes: outcome.notes })
						}
					: { type: `${PREFIX}result`, id, ok: false, error: outcome.error }
			);
		if (token === null) return answer();
		// Another command still running (a second call, a start-up) would show mid-way: the
		// answer waits for it, as the contract's "once settled" asks. A refusal changed nothing.
		this.#gate.end(token, answer, !outcome.ok);
	}

	/**
	 * Runs a command; one that acts on a world which a concurrent reset, step, setScenario or
	 * setProfile replaced before it finished is refused: what it did went with that world
	 * (getState acts on nothing: it is answered).
	 */
	async #superseded(command: Command): Promise<Outcome> {
		const before = this.session.world.world;
		// getState only reads: its answer shows whichever world stands when it goes.
		const replaced = () =>
			command.command !== 'getState' &&
			!REPLACES_WORLD.has(command.command) &&
			this.session.world.world !== before;
		const gone: Outcome = {
			ok: false,
			error: `The world was replaced (by reset, step, setScenario or setProfile) before ${command.command} finished; what it did went with the old world.`
		};
		try {
			const outcome = await this.#execute(command);
			return replaced() ? gone : outcome;
		} catch (error) {
			if (replaced()) return gone;
			throw error;
		}
	}

	async #execute(command: Command): Promise<Outcome> {
		const world = this.session.world;
		const onServer = async (act: 'kill' | 'restart' | 'hang'): Promise<Outcome> => {
			const server = stringArg(command, 'server');
			if (typeof server !== 'string') return { ok: false, ...server };
			await world.run((w) => w[act](server));
			return { ok: true };
		};
		if (NOT_YET.has(command.command))
			return {
				ok: false,
				error: `The command ${command.command} is not available in this version of MCP Lab yet.`
			};
		switch (command.command) {
			case 'getState':
				return { ok: true };
			case 'setScenario': {
				if (command.args.scenario === undefined)
					return { ok: false, error: 'setScenario needs args.scenario (a scenario object).' };
				return this.session.setScenario(command.args.scenario);
			}
			case 'startSession':
				await world.run((w) => w.startSession());
				return { ok: true };
			case 'closeSession':
				await world.run((w) => w.closeSession());
				return { ok: true };
			case 'connectAll':
				await world.run((w) => w.connectAll());
				return { ok: true };
			case 'reconnectAll':
				await world.run((w) => w.reconnectAll());
				return { ok: true };
			case 'kill':
			case 'restart':
			case 'hang':
				return onServer(command.command);
			case 'delay': {
				// An extension of contract v1: every answer of the server arrives args.ms later.
				const server = stringArg(command, 'server');
				if (typeof server !== 'string') return { ok: false, ...server };
				const ms = command.args.ms;
				if (typeof ms !== 'number')
					return { ok: false, error: 'delay needs args.ms (a number of milliseconds).' };
				await world.run((w) => w.delay(server, ms));
				return { ok: true };
			}
			case 'callTool': {
				const name = stringArg(command, 'name');
				if (typeof name !== 'string') return { ok: false, ...name };
				const args = objectArg(command, 'arguments');
				if ('error' in args) return { ok: false, ...args };
				await world.run((w) => w.callTool(name, args.value));
				return { ok: true };
			}
			case 'answerApproval': {
				const call = stringArg(command, 'call');
				if (typeof call !== 'string') return { ok: false, ...call };
				if (typeof command.args.approve !== 'boolean')
					return { ok: false, error: 'answerApproval needs args.approve (true or false).' };
				const approve = command.args.approve;
				await world.run((w) => w.answerApproval(call, approve));
				return { ok: true };
			}
			case 'answerSampling': {
				// An extension of contract v1: approve sends the host model's reply (or `text`).
				const request = stringArg(command, 'request');
				if (typeof request !== 'string') return { ok: false, ...request };
				const { approve, text } = command.args;
				if (typeof approve !== 'boolean' || (text !== undefined && typeof text !== 'string'))
					return {
						ok: false,
						error:
							'answerSampling needs args.approve (true or false) and, if given, args.text (a string).'
					};
				await world.run((w) =>
					w.answerSampling(
						request,
						!approve
							? { action: 'reject' }
							: text === undefined
								? { action: 'approve' }
								: { action: 'approve', text }
					)
				);
				return { ok: true };
			}
			case 'answerElicitation': {
				// An extension of contract v1: MCP's ElicitResult; content is checked against the form.
				const request = stringArg(command, 'request');
				if (typeof request !== 'string') return { ok: false, ...request };
				const action = command.args.action;
				if (action !== 'accept' && action !== 'decline' && action !== 'cancel')
					return {
						ok: false,
						error: 'answerElicitation needs args.action ("accept", "decline" or "cancel").'
					};
				const content = objectArg(command, 'content');
				if ('error' in content) return { ok: false, ...content };
				await world.run((w) =>
					w.answerElicitation(
						request,
						command.args.content === undefined ? { action } : { action, content: content.value }
					)
				);
				return { ok: true };
			}
			case 'cancelCall': {
				const call = stringArg(command, 'call');
				if (typeof call !== 'string') return { ok: false, ...call };
				await world.run((w) => w.cancelCall(call));
				return { ok: true };
			}
			case 'reconcile': {
				const call = stringArg(command, 'call');
				if (typeof call !== 'string') return { ok: false, ...call };
				const verdict = command.args.verdict;
				if (verdict !== 'applied' && verdict !== 'not_applied')
					return {
						ok: false,
						error: 'reconcile needs args.verdict ("applied" or "not_applied").'
					};
				await world.run((w) => w.reconcile(call, verdict));
				return { ok: true };
			}
			case 'restartHarness':
				await world.run((w) => w.restartHarness());
				return { ok: true };
			case 'profileCommand': {
				// An extension of contract v1: what a lab page does with {do:'profile'}; the world
				// answers an unknown command, another profile's or bad args with its own sentence.
				const name = stringArg(command, 'command');
				if (typeof name !== 'string')
					return { ok: false, error: `${name.error} ${PROFILE_COMMAND_SHAPE}` };
				const args = objectArg(command, 'args');
				if ('error' in args) return { ok: false, error: `${args.error} ${PROFILE_COMMAND_SHAPE}` };
				await world.run((w) => w.profileCommand(name, args.value));
				return { ok: true };
			}
			case 'setProfile': {
				// The same world under another harness: its scenario with the profile replaced.
				const id = stringArg(command, 'profile');
				if (typeof id !== 'string') return { ok: false, ...id };
				return this.session.setProfile(id);
			}
			case 'reset':
				await this.session.reset();
				return { ok: true };
			case 'step': {
				// Time travel along the current event log (the tape): the world as it was after `to` actions.
				const to = command.args.to;
				const timeline = await this.session.loadTimeline();
				const last = timeline.length;
				if (typeof to !== 'number' || !Number.isInteger(to))
					return { ok: false, error: `step needs args.to (a whole number from 0 to ${last}).` };
				timeline.pause();
				return timeline.goTo(to);
			}
			default:
				return { ok: false, error: `The command ${command.command} is not available.` };
		}
	}

	/**
	 * The contract's snapshot, extended with `log`: where the world stands on its event log and
	 * how long the log is, in the `step` command's units (`step` itself is the lesson's step); and
	 * with `hostRequests`: what servers asked the host, which answerSampling and answerElicitation
	 * answer by id.
	 */
	#snapshot() {
		const snapshot = this.session.world.snapshot(this.session.labId, this.session.step);
		const timeline = this.session.timeline;
		const length = timeline?.length ?? this.session.world.world.actions.length;
		return {
			...snapshot,
			log: { at: timeline?.at ?? length, length },
			hostRequests: this.session.world.world.hostRequests.map(embedHostRequest)
		};
	}

	#postHeight(): void {
		// Reading the height may force a layout: not for a page with no frame to size (an embed
		// opened on its own, as the builder's preview link does).
		if (!this.#isOpen || this.win.parent === this.win) return;
		const height = Math.ceil(this.win.document.body.scrollHeight);
		// 0 is a page not laid out (the host hid the frame: a docs tab, a closed <details>), not
		// its content: a host sizing from it collapsed the frame, and it flashed open when shown.
		if (height === 0 || height === this.#lastHeight) return;
		this.#lastHeight = height;
		this.#post({ type: `${PREFIX}resize`, height });
	}

	#post(message: Record<string, unknown>): void {
		if (this.win.parent === this.win) return;
		this.win.parent.postMessage(message, this.#target);
	}
}
