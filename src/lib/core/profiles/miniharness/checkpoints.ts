/**
 * A checkpoint per (session, call id): written `started` before tools/call goes out, then
 * `completed` or `failed` when an answer comes back. A call whose answer never came (the server
 * died after reading it, or the wait timed out) stays `started`: its outcome is unknown.
 */
export type CheckpointState = 'started' | 'completed' | 'failed';

export interface Checkpoint {
	session: string;
	call: string;
	name: string;
	server: string;
	arguments: Record<string, unknown>;
	state: CheckpointState;
	/** The text the model got, once an answer came. */
	result: string;
	isError: boolean;
	at: number;
}

export class Checkpoints {
	readonly #byKey = new Map<string, Checkpoint>();

	static key(session: string, call: string): string {
		return `${session}\u0000${call}`;
	}

	get(session: string, call: string): Checkpoint | undefined {
		return this.#byKey.get(Checkpoints.key(session, call));
	}

	put(checkpoint: Checkpoint): void {
		this.#byKey.set(Checkpoints.key(checkpoint.session, checkpoint.call), checkpoint);
	}

	update(session: string, call: string, patch: Partial<Checkpoint>): void {
		const current = this.get(session, call);
		if (current) this.put({ ...current, ...patch });
	}

	get all(): Checkpoint[] {
		return [...this.#byKey.values()];
	}
}
