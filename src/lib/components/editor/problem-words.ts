import { closestWord } from '$lib/core/text/closest-word';
import { clipped } from '$lib/core/text/bound';
import { MESSAGE_SHOWN, PATH_SHOWN } from '$lib/core/scenario/problems';
import type { ScenarioProblem } from '$lib/core/scenario/parse';
import { scenarioSchema } from '$lib/core/scenario/schema';
import { keysAt } from '$lib/core/scenario/schema-keys';
import { m } from '$lib/paraglide/messages';

/**
 * The lab's own validation sentences (core/scenario: parse.ts, schema.ts, protocol-schema.ts,
 * support.ts; and the editor's key written twice, scenario-text.ts) in the page's language. The
 * core writes them in English, as the embed's `error` field gives them to a host; the editor
 * shows them to a person, next to zod's own messages, which it already asks for in the page's
 * language. A sentence not listed here is shown as
 * written. problem-words.test.ts feeds the core's real sentences, so a reworded one is caught.
 */
const RULES: ReadonlyArray<readonly [RegExp, (match: RegExpMatchArray) => string]> = [
	[/^This format's key is mcp_servers /, () => m.scenario_problem_mcpservers()],
	[/^The name __proto__ cannot be used here /, () => m.scenario_problem_proto()],
	[/^A resource has either text or blob /, () => m.scenario_problem_text_or_blob()],
	[/^A blob is base64 /, () => m.scenario_problem_base64()],
	[/^Not a URI template: (.*)$/s, ([, detail]) => m.scenario_problem_uri_template({ detail })],
	[/^A root is a file:\/\/ URI, not "(.*)"\.$/s, ([, uri]) => m.scenario_problem_root({ uri })],
	[
		/^The (name|URI) (".*") is already used by (\w+\[\d+\]): a server cannot list two (tools|prompts|resources|resource templates) with the same (?:name|URI) \(the MCP SDK refuses to register the second\)\.$/s,
		([, , id, other, noun]) =>
			noun === 'tools'
				? m.scenario_problem_duplicate_tool({ name: id, other })
				: noun === 'prompts'
					? m.scenario_problem_duplicate_prompt({ name: id, other })
					: noun === 'resources'
						? m.scenario_problem_duplicate_resource({ uri: id, other })
						: m.scenario_problem_duplicate_template({ name: id, other })
	],
	[
		/^This world has no server named (".*"), so these settings would never be used\. Its servers: (.*)\.$/s,
		([, name, servers]) => m.scenario_problem_no_such_server({ name, servers })
	],
	[
		/^This world has no server named (".*"), so these settings would never be used\. It has no servers\.$/s,
		([, name]) => m.scenario_problem_no_such_server_none({ name })
	],
	[
		/^(".*") is written twice in this object: JSON keeps only the last one, so the first is lost\. Rename one of them or remove it\.$/s,
		([, key]) => m.scenario_problem_written_twice({ key })
	],
	[
		/^The (.+) profile is not available in this version yet \(only (.*)\)\.$/s,
		([, profile, runnable]) => m.scenario_problem_profile({ profile, runnable })
	]
];

export function problemText(message: string): string {
	for (const [pattern, words] of RULES) {
		const match = message.match(pattern);
		if (match) return words(match);
	}
	return message;
}

/**
 * A problem's sentence in the page's language, and for a key a strict object does not know
 * (a `sim` block, a tool, a plugin tool), the key most likely meant: zod names only the key
 * it refused (`Unrecognized key: "tool"`), and the learner has to guess the one it knows.
 */
export function problemSentence(problem: ScenarioProblem): string {
	const text = clipped(problemText(problem.message), MESSAGE_SHOWN);
	const unknown = problem.unknownKeys;
	if (!unknown) return text;
	const known = keysAt(scenarioSchema, unknown.at);
	const meant = unknown.keys.map((typed) => [typed, closestWord(typed, known)] as const);
	if (meant.length === 1)
		return meant[0][1] ? `${text}${m.scenario_problem_meant({ key: meant[0][1] })}` : text;
	// Several keys in one sentence: each guess says which key it is for.
	return meant.reduce(
		(out, [typed, key]) =>
			key ? `${out}${m.scenario_problem_meant_for({ typed: clipped(typed, 120), key })}` : out,
		text
	);
}

/**
 * Where a problem is, as a list, a tooltip or the live region says it: its path, bounded (it holds
 * the world's own names), or `root`'s word for the top of the text.
 */
export const problemPlace = (problem: ScenarioProblem, root: string): string =>
	clipped(problem.path || root, PATH_SHOWN);
