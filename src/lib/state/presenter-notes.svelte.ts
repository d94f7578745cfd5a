import {
	channelName,
	commandMessage,
	parseState,
	type NotesCommand,
	type PresenterState
} from '$lib/core/presenter/channel';

/**
 * The notes window's end of the presenter channel: it follows what the lab window posts and
 * sends it Previous and Next. It asks for the state once on opening ("hello"), so it shows the
 * presentation at once even when the lab window was already under way.
 */
export class PresenterNotes {
	state = $state.raw<PresenterState | null>(null);
	#channel: BroadcastChannel | null = null;

	constructor(
		readonly lab: string,
		private readonly open: (name: string) => BroadcastChannel | null = (name) =>
			typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name)
	) {}

	/** Starts listening; returns the stop for onMount. */
	connect(): () => void {
		const channel = this.open(channelName(this.lab));
		if (!channel) return () => {};
		channel.onmessage = (event: MessageEvent) => {
			const state = parseState(event.data, this.lab);
			if (state) this.state = state;
		};
		this.#channel = channel;
		this.send('hello');
		return () => {
			this.#channel = null;
			channel.close();
		};
	}

	send(command: NotesCommand): void {
		this.#channel?.postMessage(commandMessage(this.lab, command));
	}
}
