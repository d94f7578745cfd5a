import {
	channelName,
	newWindowId,
	parseCommand,
	parseWindow,
	windowIdOf,
	windowMessage,
	type PresenterState as Posted
} from '$lib/core/presenter/channel';
import { tabStorage } from './tab-storage';

/** Where a tab keeps its window id per lab (sessionStorage: a reload keeps it, a new tab does not). */
export const WINDOW_ID_KEY = 'mcp-lab.presenter-window.v1';
/** How long a lab window waits for `taken` after claiming its stored id before it speaks. */
export const CLAIM_MS = 250;

/** This tab's window id for `lab`: the stored one, or a new one stored. */
export function storedWindowId(lab: string, storage = tabStorage): string {
	try {
		const kept = windowIdOf(storage()?.getItem(`${WINDOW_ID_KEY}:${lab}`));
		if (kept) return kept;
	} catch {
		// Refused storage: a new id, kept for this page only.
	}
	return renewWindowId(lab, storage);
}

/** A new window id for `lab`, stored for this tab. */
export function renewWindowId(lab: string, storage = tabStorage): string {
	const id = newWindowId();
	try {
		storage()?.setItem(`${WINDOW_ID_KEY}:${lab}`, id);
	} catch {
		// Quota or refused storage: the id holds for this page only.
	}
	return id;
}

/** What the link asks of the lab window. */
export interface LabEnd {
	/** The window id now. */
	id(): string;
	/** Another open window holds this id (a duplicated tab): take a new one. */
	renew(): void;
	/** What the notes window is told. */
	state(): Posted;
	/** The paired notes window asks for a move. */
	command(command: 'next' | 'previous'): void;
}

const openChannel = (name: string) =>
	typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);

/**
 * The lab window's end of the presenter channel. On opening it claims its window id (a
 * duplicated tab carries its original's, which answers `taken`: the copy takes a new one); until
 * the claim has stood for CLAIM_MS it neither posts nor obeys, so a notes window never follows a
 * copy. It answers a hello with its state, takes Previous and Next addressed to it, and says
 * `bye` when the page goes (pagehide) or the presenter view is taken down.
 */
export class LabLink {
	#channel: BroadcastChannel | null = null;
	#settled = false;

	constructor(
		readonly lab: string,
		private readonly end: LabEnd,
		private readonly open: (name: string) => BroadcastChannel | null = openChannel,
		private readonly claimMs = CLAIM_MS
	) {}

	/** Starts listening; returns the stop for onMount. */
	connect(): () => void {
		const channel = this.open(channelName(this.lab));
		if (!channel) return () => {};
		this.#channel = channel;
		channel.onmessage = (event: MessageEvent) => this.#hear(event.data);
		let timer = this.#claim();
		const bye = () => this.#bye();
		// Back from the browser's back-forward cache: the same page, claimed and shown again.
		const back = (event: PageTransitionEvent) => {
			if (!event.persisted) return;
			clearTimeout(timer);
			timer = this.#claim();
		};
		const target = typeof window === 'undefined' ? null : window;
		target?.addEventListener('pagehide', bye);
		target?.addEventListener('pageshow', back);
		return () => {
			clearTimeout(timer);
			target?.removeEventListener('pagehide', bye);
			target?.removeEventListener('pageshow', back);
			this.#bye();
			this.#channel = null;
			channel.close();
		};
	}

	/** Tells the notes window where the presentation is (once the id is this window's own). */
	post(): void {
		if (this.#settled) this.#channel?.postMessage(this.end.state());
	}

	#claim(): ReturnType<typeof setTimeout> {
		this.#settled = false;
		this.#channel?.postMessage(windowMessage(this.lab, this.end.id(), 'claim'));
		return setTimeout(() => {
			this.#settled = true;
			this.post();
		}, this.claimMs);
	}

	#bye(): void {
		if (!this.#settled) return;
		this.#settled = false;
		this.#channel?.postMessage(windowMessage(this.lab, this.end.id(), 'bye'));
	}

	#hear(data: unknown): void {
		const id = this.end.id();
		const word = parseWindow(data, this.lab);
		if (word) {
			if (word.w !== id) return;
			if (word.event === 'claim' && this.#settled) {
				this.#channel?.postMessage(windowMessage(this.lab, id, 'taken'));
				// The copy's first words (if any got out) are replaced by this window's.
				this.post();
			} else if (word.event === 'taken' && !this.#settled) this.end.renew();
			return;
		}
		if (!this.#settled) return;
		const command = parseCommand(data, this.lab, id);
		if (command === 'hello') this.post();
		else if (command) this.end.command(command);
	}
}
