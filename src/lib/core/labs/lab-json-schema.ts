import { z } from 'zod';
import { labSchema } from './lab-schema';

/** Where the JSON Schema is kept, and how each lab.json names it (`"$schema"`). */
export const LAB_SCHEMA_FILE = 'labs/lab.schema.json';
export const LAB_SCHEMA_REF = '../lab.schema.json';

/**
 * The JSON Schema of a lab.json, made from the schema the build checks labs with, so an editor
 * offers the same keys, goal kinds and words the build accepts. It describes what an author
 * writes (defaults may be left out). The build's own check says more (did-you-mean, ids that
 * must match, servers a goal names): the JSON Schema is the editor's aid, not the judge.
 */
export function labJsonSchema(): Record<string, unknown> {
	const schema = z.toJSONSchema(labSchema, {
		io: 'input',
		// A goal refers to goals (`all`, `any`): kept as one definition the rest point to.
		cycles: 'ref',
		reused: 'inline',
		// What JSON Schema cannot say (a lab's cue narration ids, a check in code) is left open.
		unrepresentable: 'any'
	});
	return {
		$schema: schema.$schema,
		title: 'MCP Lab lab.json',
		description:
			'A lab (lesson) of MCP Lab: its scenario, steps with their goals and solutions, and cues. labs/README.md explains every field; `npm run labs:schema` rewrites this file.',
		...schema
	};
}
