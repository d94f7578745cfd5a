import { parser } from '@lezer/json';
import { jsonErrorDetail } from '$lib/i18n/json-error-words';
import { jsonPathRange, syntaxErrorRange } from './json-path-range';
import { problemPlace, problemSentence } from './problem-words';
import { checkScenarioText } from './scenario-text';
import { unusedKeys, unusedSaid } from './unused-notes';
import type { Tree } from '@lezer/common';
import { clipped } from '$lib/core/text/bound';
import { PATH_SHOWN } from '$lib/core/scenario/problems';

/** The editor's inline errors and warnings (CodeMirror `Diagnostic`s have this shape). */
export interface TextDiagnostic {
	from: number;
	to: number;
	severity: 'error' | 'warning';
	message: string;
}

/**
 * Every problem of the text at its place: a JSON syntax error where parsing stopped, else each
 * schema problem at the value its path names (or the enclosing value when it is missing). A valid
 * text's keys that change nothing (unused-keys.ts) are warnings on the key itself.
 */
export function scenarioDiagnostics(text: string, rootLabel = '(root)'): TextDiagnostic[] {
	const check = checkScenarioText(text);
	if (check.kind === 'valid') {
		const unused = unusedKeys(check.input);
		if (!unused.length) return [];
		// On the key, not its value: that may be a whole block.
		const tree = parser.parse(text);
		return unused.map((key) => ({
			...keyRange(text, key.path, tree),
			severity: 'warning',
			message: `${clipped(key.path, PATH_SHOWN)}: ${unusedSaid(key)}`
		}));
	}
	const tree = parser.parse(text);
	if (check.kind === 'syntax')
		return [
			{
				...syntaxErrorRange(text, check.message, tree),
				severity: 'error',
				// The editor's tooltip, in the page's language like the outcome below the editor.
				message: jsonErrorDetail(text, check.message)
			}
		];
	return check.problems.map((problem) => {
		const { from, to } = jsonPathRange(text, problem.path, tree);
		return {
			from,
			to,
			severity: 'error',
			message: `${problemPlace(problem, rootLabel)}: ${problemSentence(problem)}`
		};
	});
}

/** Where the cursor goes for a problem: its path's value, or the syntax error when `path` is null. */
export function problemPosition(text: string, path: string | null): number {
	if (path !== null) return jsonPathRange(text, path).from;
	const check = checkScenarioText(text);
	return check.kind === 'syntax' ? syntaxErrorRange(text, check.message).from : 0;
}

/** The range of the key whose value is at `path` (its value's, if the text has no such key). */
function keyRange(text: string, path: string, tree: Tree): { from: number; to: number } {
	const value = jsonPathRange(text, path, tree);
	for (let node = tree.resolveInner(value.from, 1); node.parent; node = node.parent) {
		if (node.from !== value.from || node.to !== value.to) continue;
		const name = node.parent.name === 'Property' ? node.parent.getChild('PropertyName') : null;
		if (name) return { from: name.from, to: name.to };
	}
	return value;
}
