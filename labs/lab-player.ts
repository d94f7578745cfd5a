import { worldFacts } from '../src/lib/core/labs/facts';
import { lackedServers, stepHints } from '../src/lib/core/labs/hints';
import { performLabAction } from '../src/lib/core/labs/lab-actions';
import type { Lab, LabAction } from '../src/lib/core/labs/lab-schema';
import {
	advance,
	earlyChecks,
	goTo,
	initialProgress,
	predict,
	watchFrom,
	type LabProgressState
} from '../src/lib/core/labs/progress';
import { parseScenario } from '../src/lib/core/scenario/parse';
import { World } from '../src/lib/core/world/world';

/**
 * A lab played on the real simulated world as the page plays it: the learner's progress is
 * re-checked after every action, an answered question is a prediction, and an edited scenario
 * replaces the world (as the editor's Apply does).
 */
export class LabPlayer {
	state: LabProgressState;

	private constructor(
		readonly lab: Lab,
		public world: World
	) {
		this.state = initialProgress(lab);
	}

	/** As the page opens the lab: started, unless the lab begins before start-up. */
	static async open(lab: Lab): Promise<LabPlayer> {
		const player = new LabPlayer(lab, new World(lab.scenario));
		if (lab.startSession) await player.world.startSession();
		return player;
	}

	/**
	 * The lab opened and played to step `step` as a learner who did each earlier step by its
	 * solution, except the steps named in `skip` (passed over with Next step).
	 */
	static async at(lab: Lab, step: number, skip: readonly string[] = []): Promise<LabPlayer> {
		const player = await LabPlayer.open(lab);
		for (let i = 0; i < step; i++) {
			player.goTo(i);
			if (!skip.includes(lab.steps[i].id))
				for (const action of lab.steps[i].solution) await player.act(action);
		}
		player.goTo(step);
		return player;
	}

	get #latest(): number {
		return this.world.events.at(-1)?.seq ?? 0;
	}

	facts() {
		return worldFacts(this.world, this.lab.id, this.state.step);
	}

	/** The learner opens a step; its checks watch what happens from now on. */
	goTo(step: number): void {
		this.state = advance(this.lab, goTo(this.state, step, this.#latest), this.facts());
	}

	/** One action of a solution, a cue or a wrong turn, then the re-check. */
	async act(action: LabAction): Promise<void> {
		switch (action.do) {
			case 'predict':
				this.state = predict(this.state, action.option, this.#latest);
				break;
			case 'setScenario': {
				const parsed = parseScenario(action.scenario);
				if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
				this.world.dispose();
				this.world = new World(parsed.scenario);
				await this.world.startSession();
				// As LabState.worldReplaced(): the new world's events number from 1 again.
				this.state = watchFrom(this.state, 0);
				break;
			}
			case 'wireStep':
				// Only the page's message-by-message view moves; the world does not.
				break;
			default:
				// The same code the presenter's cues play through.
				await performLabAction(this.world, action);
		}
		this.state = advance(this.lab, this.state, this.facts());
	}

	/** The current step's checks the page would mark "done before its turn" now. */
	early(): number[] {
		return earlyChecks(this.lab, this.state, this.facts());
	}

	/** The current step's hints the page would show now. */
	hints(): string[] {
		return stepHints(this.lab, this.state, this.facts());
	}

	/** The servers the current step acts on that the world lacks (the page says so). */
	lacked(): string[] {
		return lackedServers(this.lab, this.state, this.facts());
	}

	dispose(): void {
		this.world.dispose();
	}
}
