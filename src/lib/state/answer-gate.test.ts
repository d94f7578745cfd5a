import { describe, expect, it } from 'vitest';
import { AnswerGate } from './answer-gate';

describe('AnswerGate', () => {
	it('answers at once when nothing else runs', () => {
		const gate = new AnswerGate();
		const sent: string[] = [];
		gate.end(gate.begin(), () => sent.push('a'));
		expect(sent).toEqual(['a']);
	});

	it('holds an answer until the commands running when it ended have ended, in order', () => {
		const gate = new AnswerGate();
		const sent: string[] = [];
		const a = gate.begin();
		const b = gate.begin();
		const c = gate.begin();
		gate.end(a, () => sent.push('a'));
		gate.end(b, () => sent.push('b'));
		expect(sent).toEqual([]);
		gate.end(c, () => sent.push('c'));
		expect(sent).toEqual(['a', 'b', 'c']);
	});

	it('does not make an answer wait for commands posted after it ended', () => {
		const gate = new AnswerGate();
		const sent: string[] = [];
		const slow = gate.begin();
		const quick = gate.begin();
		gate.end(quick, () => sent.push('quick'));
		// A stream of later commands, none of which ends yet.
		const later = [gate.begin(), gate.begin()];
		gate.end(slow, () => sent.push('slow'));
		expect(sent).toEqual(['quick']);
		// `slow` waits for the two later ones (they ran when it ended); `quick` did not.
		for (const token of later) gate.end(token, () => sent.push('later'));
		expect(sent).toEqual(['quick', 'slow', 'later', 'later']);
	});

	it('sends a refusal at once, and everything held on flush', () => {
		const gate = new AnswerGate();
		const sent: string[] = [];
		const running = gate.begin();
		gate.end(gate.begin(), () => sent.push('refused'), true);
		gate.end(gate.begin(), () => sent.push('held'));
		expect(sent).toEqual(['refused']);
		gate.flush();
		expect(sent).toEqual(['refused', 'held']);
		gate.end(running, () => sent.push('last'));
		expect(sent).toEqual(['refused', 'held', 'last']);
	});
});
