import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { worldFacts } from '../src/lib/core/labs/facts';
import { stepHints } from '../src/lib/core/labs/hints';
import type { WorldFacts } from '../src/lib/core/labs/goals';
import {
	advance,
	goTo,
	initialProgress,
	predict,
	stepComplete,
	watchFrom,
	type LabProgressState
} from '../src/lib/core/labs/progress';
import { World } from '../src/lib/core/world/world';
import type { Lab } from '../src/lib/core/labs/lab-schema';
import { checkLab, formatLabProblems } from '../src/lib/core/labs/lab-check';
import { parseScenario } from '../src/lib/core/scenario/parse';
import type { Block, LabText } from '../src/lib/core/labs/lab-text';

/** What lab tests share: reading a lab folder, and the `code` spans its narration quotes. */
export const locales = ['en', 'zh-CN'] as const;
export type LabLocale = (typeof locales)[number];

/** The UI's messages in both languages: a narration quotes the page's labels exactly. */
export const labMessages = Object.fromEntries(
	locales.map((locale) => [
		locale,
		JSON.parse(
			readFileSync(new URL(`../messages/${locale}.json`, import.meta.url), 'utf8')
		) as Record<string, string>
	])
) as Record<LabLocale, Record<string, string>>;

/** A world of `raw`'s scenario with its session started: a `setScenario` as the editor applies it. */
export async function startedWorld(raw: unknown): Promise<World> {
	const parsed = parseScenario(raw);
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
	const world = new World(parsed.scenario);
	await world.startSession();
	return world;
}

export function loadLab(folder: URL): {
	lab: Lab;
	texts: Record<LabLocale, LabText>;
	sources: Record<LabLocale, string>;
} {
	const read = (file: string) => readFileSync(new URL(file, folder), 'utf8');
	const sources = { en: read('en.md'), 'zh-CN': read('zh-CN.md') };
	const name = folder.pathname.split('/').filter(Boolean).at(-1)!;
	// Checked and said as the build does (a "did you mean", the narration's ids): a lab the build
	// refuses is not tested as if it were fine.
	const { checked, problems } = checkLab(name, read('lab.json'), sources);
	if (!checked) throw new Error(formatLabProblems(name, problems));
	return { lab: checked.lab, texts: checked.text as Record<LabLocale, LabText>, sources };
}

/** Every key and every string or number value of a JSON value: what a message really says. */
export function words(value: unknown, into: Set<string>, depth = 0): void {
	if (depth > 12) return;
	if (typeof value === 'string' || typeof value === 'number') into.add(String(value));
	else if (Array.isArray(value)) for (const v of value) words(v, into, depth + 1);
	else if (value && typeof value === 'object')
		for (const [k, v] of Object.entries(value)) {
			into.add(k);
			words(v, into, depth + 1);
		}
}

export const inlineCode = (s: string) => [...s.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** Every `code` span of a block list (a code block is an example as typed, not a quote). */
export function codeSpans(blocks: Block[]): string[] {
	return blocks.flatMap((b) =>
		b.kind === 'pre'
			? []
			: (b.kind === 'p' ? [b.inline] : b.items).flatMap((inline) =>
					inline.filter((i) => i.kind === 'code').map((i) => i.text)
				)
	);
}

/** Every `code` span anywhere in a lab's narration. */
export function allCode(text: LabText): string[] {
	return [
		...inlineCode(text.title),
		...inlineCode(text.summary),
		...Object.values(text.steps).flatMap((step) => [
			...inlineCode(step.title),
			...codeSpans(step.body),
			...codeSpans(step.predict?.question ?? []),
			...codeSpans(step.reveal?.body ?? []),
			...Object.values(step.checks).flatMap(inlineCode),
			...Object.values(step.hints ?? {}).flatMap(inlineCode),
			...Object.values(step.predict?.options ?? {}).flatMap(inlineCode)
		])
	];
}

/**
 * A learner's walk through a lab on a real world: each action is followed by a re-check, and the
 * number of checks met after it is asserted, so a step proves its checks are met in order and only
 * by the intended action.
 */
export class LabWalk {
	state: LabProgressState;

	constructor(
		readonly lab: Lab,
		private readonly world: () => World,
		private readonly onObserve: (facts: WorldFacts) => void = () => {}
	) {
		this.state = initialProgress(lab);
	}

	observe(): void {
		const facts = worldFacts(this.world(), this.lab.id, this.state.step);
		this.state = advance(this.lab, this.state, facts);
		this.onObserve(facts);
	}

	get met(): number {
		return this.state.steps[this.state.step].met.filter(Boolean).length;
	}

	async step(id: string, actions: Array<[() => Promise<unknown> | void, number]>): Promise<void> {
		expect(this.lab.steps[this.state.step].id).toBe(id);
		for (const [act, expected] of actions) {
			await act();
			this.observe();
			expect(this.met, `${id}: checks met`).toBe(expected);
		}
		expect(stepComplete(this.state), id).toBe(true);
		this.state = goTo(this.state, this.state.step + 1, this.world().events.at(-1)?.seq ?? 0);
	}

	/** The learner opens step `index`: its checks watch what happens from now on. */
	open(index: number): void {
		this.state = goTo(this.state, index, this.world().events.at(-1)?.seq ?? 0);
		this.observe();
	}

	/** The current step's hints the page would show now. */
	hints(): string[] {
		return stepHints(this.lab, this.state, worldFacts(this.world(), this.lab.id, this.state.step));
	}

	/** An action answering the current step's prediction. */
	guess(option: string): () => void {
		return () => {
			this.state = predict(this.state, option, this.world().events.at(-1)?.seq ?? 0);
		};
	}

	/** As LabState.worldReplaced(): a new world's events number from 1 again. */
	worldReplaced(): void {
		this.state = watchFrom(this.state, 0);
	}
}

/**
 * Every `code` span of a lab's narration, in both languages, is something the walk really
 * produced: an argument object it sent, a word it showed (or the lab's fixed vocabulary), or the
 * start of a real output.
 */
export function expectCodeSpansReal(
	texts: Record<LabLocale, LabText>,
	seen: {
		argumentsUsed: ReadonlySet<string>;
		produced: ReadonlySet<string>;
		vocabulary: ReadonlySet<string>;
		startsOutput: (span: string) => boolean;
	}
): void {
	for (const locale of locales)
		for (const span of allCode(texts[locale])) {
			if (span.startsWith('{')) {
				// An argument object: valid JSON, and one the walk really sent.
				expect(seen.argumentsUsed, `${locale}: ${span}`).toContain(
					JSON.stringify(JSON.parse(span))
				);
				continue;
			}
			const known = seen.produced.has(span) || seen.vocabulary.has(span) || seen.startsOutput(span);
			expect(known, `${locale}: unverified code span ${span}`).toBe(true);
		}
}
