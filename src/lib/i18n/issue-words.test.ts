import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueWords } from './issue-words';

const content = z.object({
	content: z.array(
		z.union([
			z.object({ type: z.literal('text'), text: z.string() }),
			z.object({ type: z.literal('image'), data: z.string() })
		])
	)
});
const dump = content.safeParse({ content: [{ type: 'weird' }] }).error!.message;
const failed = `MCP server 'bad' call failed: ${dump}`;

describe('issueWords', () => {
	it('reads zod’s issue list as each issue’s message and place', () => {
		expect(issueWords(failed)).toBe("MCP server 'bad' call failed: Invalid input (content.0)");
		const two = z.object({ a: z.string(), b: z.number() }).safeParse({ a: 1, b: 'x' }).error!
			.message;
		expect(issueWords(`failed: ${two}`)).toBe(
			'failed: Invalid input: expected string, received number (a); Invalid input: expected number, received string (b)'
		);
	});

	it('gives a dump cut short its first message', () => {
		const cut = failed.slice(0, failed.indexOf('"message"') + 60);
		expect(issueWords(cut)).toBe('MCP server \'bad\' call failed: Invalid input: expected "text"');
	});

	it('leaves other text as it is, brackets and JSON included', () => {
		for (const text of [
			'Unknown tool: x',
			'result: [1, 2, 3]',
			'[{"name": "a"}]',
			'MCP server \'x\' call failed: [ { "code": 1'
		])
			expect(issueWords(text)).toBe(text);
	});
});
