import {
	channelName,
	commandMessage,
	parseState,
	parseWindow,
	type NotesCommand,
	type PresenterState
} from '$lib/core/presenter/channel';

/**
 * How often the notes window asks its lab window for the state. A lab window that has not
 * answered by the next ask is taken as gone (closed, crashed, moved to another page). Asking
 * from this side, and judging by "no answer since the last ask" rather than by elapsed time,
 * keeps a throttled timer (a hidden window) from raising a false alarm: it only slows the news.
 */
export const HEARTBEAT_MS = 2000;

export interface NotesOptions {
	/** The lab window paired with: called once a window answering an unaddressed hello is taken. */
	onPair?: (w: string) => void;
	/** The lab window's language, from each state it posts. */
	onLocale?: (locale: string) => void;
	heartbeatMs?: number;
}

/**
 * The notes window's end of the presenter channel: it follows what its lab window posts and
 * sends it Previous and Next. Its lab window is the one whose id it was opened with (`?w=`);
 * opened without one, it pairs with the first lab window to answer. It asks for the state on
 * opening ("hello"), so it shows the presentation at once even when the lab window was already
 * under way, and again every HEARTBEAT_MS to notice the lab window has gone (as does the lab
 * window's goodbye) and that it is back.
 */
export class PresenterNotes {
	state = $state.raw<PresenterState | null>(null);
	/** The paired lab window's id (null until paired). */
	w = $state<string | null>(null);
	/** The paired lab window has gone: it said goodbye, or did not answer. */
	lost = $state(false);
	#channel: BroadcastChannel | null = null;
	#heard = false;

	constructor(
		readonly lab: string,
		private readonly open: (name: string) => BroadcastChannel | null = (name) =>
			typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name),
		private readonly options: NotesOptions = {}
	) {}

	/** Starts listening for lab window `w` (null: the first to answer); returns the stop for onMount. */
	connect(w: string | null = null): () => void {
		this.w = w;
		const channel = this.open(channelName(this.lab));
		if (!channel) return () => {};
		channel.onmessage = (event: MessageEvent) => this.#hear(event.data);
		this.#channel = channel;
		this.send('hello');
		const timer = setInterval(() => this.#beat(), this.options.heartbeatMs ?? HEARTBEAT_MS);
		return () => {
			clearInterval(timer);
			this.#channel = null;
			channel.close();
		};
	}

	send(command: NotesCommand): void {
		this.#channel?.postMessage(commandMessage(this.lab, this.w ?? '', command));
	}

	#hear(data: unknown): void {
		const state = parseState(data, this.lab);
		if (state) {
			if (this.w === null) {
				this.w = state.w;
				this.options.onPair?.(state.w);
			}
			if (state.w !== this.w) return;
			this.state = state;
			this.lost = false;
			this.#heard = true;
			if (state.locale) this.options.onLocale?.(state.locale);
			return;
		}
		const word = parseWindow(data, this.lab);
		if (word?.event === 'bye' && word.w === this.w) this.lost = true;
	}

	#beat(): void {
		if (this.state && !this.#heard) this.lost = true;
		this.#heard = false;
		this.send('hello');
	}
}
