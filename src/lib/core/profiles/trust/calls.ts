import { BoundedList } from '../../world/bounded-list';
import {
	CALL_WINDOW,
	inFlightRecords,
	newCallRecord,
	type CallRecord,
	type CallState
} from '../../world/calls';
import type { SimClock } from '../../world/clock';
import { refusal } from '../../world/command-errors';
import type { ProfileCalls } from '../../world/profile-extension';
import { callError } from './strings';
import { errorDetail } from '../openharness/strings';

/** How a trust call ends. */
export interface Outcome {
	state: Extract<CallState, 'completed' | 'permission_denied' | 'failed'>;
	output: string;
	isError: boolean;
}

/** What a running call may record before it ends: where it went, and what went out. */
export type Progress = Partial<Pick<CallRecord, 'server' | 'tool' | 'sent'>>;

/**
 * The trust profile's calls: ToolSearch and DeferExecuteTool run as plain async steps (no
 * approval stage: the grant decides), each on its own, and end in one of three states.
 */
export class TrustCalls implements ProfileCalls {
	readonly #records = new BoundedList<CallRecord>(CALL_WINDOW);
	readonly #running = new Set<string>();
	#seq = 0;
	/** Bumped by stopAll: a call that returns after it is not recorded. */
	#epoch = 0;

	constructor(
		private readonly clock: SimClock,
		private readonly ended: (done: CallRecord) => void,
		private readonly changed: () => void
	) {}

	get records(): readonly CallRecord[] {
		return this.#records.items;
	}

	get busy(): boolean {
		return this.#running.size > 0;
	}

	find(id: string): CallRecord | undefined {
		return this.#records.findLast((r) => r.id === id);
	}

	inFlight(): CallRecord[] {
		return inFlightRecords(this.#running, (id) => this.find(id));
	}

	answer(id: string): void {
		throw refusal('not_waiting_approval', { id });
	}

	stopAll(): void {
		this.#epoch++;
		this.#running.clear();
	}

	/** Records the call and runs it after the current command's turn (the world settles it). */
	start(
		name: string,
		args: Record<string, unknown>,
		run: (progress: (p: Progress) => void) => Promise<Outcome>
	): string {
		const id = `c${++this.#seq}`;
		const epoch = this.#epoch;
		this.#records.push(newCallRecord(id, name, args, undefined, 'executing', this.clock.now));
		this.#running.add(id);
		const progress = (p: Progress) => {
			if (epoch !== this.#epoch) return;
			this.#update(id, p);
			this.changed();
		};
		void Promise.resolve()
			.then(() => run(progress))
			.catch((error): Outcome => ({
				state: 'failed',
				output: callError(errorDetail(error)),
				isError: true
			}))
			.then((outcome) => {
				if (epoch !== this.#epoch) return;
				this.#running.delete(id);
				const done = this.#update(id, {
					...outcome,
					error: outcome.isError ? outcome.output : '',
					endedAt: this.clock.now
				});
				this.ended(done);
			});
		return id;
	}

	#update(id: string, patch: Partial<CallRecord>): CallRecord {
		return this.#records.replaceLast(
			(r) => r.id === id,
			(r) => ({ ...r, ...patch })
		)!;
	}
}
