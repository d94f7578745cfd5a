import { m } from '$lib/paraglide/messages';

/**
 * The lab's own validation sentences (core/scenario: parse.ts, schema.ts, protocol-schema.ts,
 * support.ts) in the page's language. The core writes them in English, as the embed's `error`
 * field gives them to a host; the editor shows them to a person, next to zod's own messages,
 * which it already asks for in the page's language. A sentence not listed here is shown as
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
