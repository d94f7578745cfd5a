import { parser } from '@lezer/json';
import { jsonErrorDetail } from '$lib/i18n/json-error-words';
import { jsonPathRange, syntaxErrorRange } from './json-path-range';
import { problemSentence } from './problem-words';
import { checkScenarioText } from './scenario-text';

/** The editor's inline errors (CodeMirror `Diagnostic`s have this shape). */
export interface TextDiagnostic {
	from: number;
	to: number;
	severity: 'error';
	message: string;
}

/**
 * Every problem of the text at its place: a JSON syntax error where parsing stopped, else each
 * schema problem at the value its path names (or the enclosing value when it is missing).
 */
export function scenarioDiagnostics(text: string, rootLabel = '(root)'): TextDiagnostic[] {
	const check = checkScenarioText(text);
	if (check.kind === 'valid') return [];
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
			message: `${problem.path || rootLabel}: ${problemSentence(problem)}`
		};
	});
}

/** Where the cursor goes for a problem: its path's value, or the syntax error when `path` is null. */
export function problemPosition(text: string, path: string | null): number {
	if (path !== null) return jsonPathRange(text, path).from;
	const check = checkScenarioText(text);
	return check.kind === 'syntax' ? syntaxErrorRange(text, check.message).from : 0;
}
