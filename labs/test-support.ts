import { readFileSync } from 'node:fs';
import { labSchema, type Lab } from '../src/lib/core/labs/lab-schema';
import { parseLabText, type Block, type LabText } from '../src/lib/core/labs/lab-text';

/** What lab tests share: reading a lab folder, and the `code` spans its narration quotes. */
export const locales = ['en', 'zh-CN'] as const;
export type LabLocale = (typeof locales)[number];

export function loadLab(folder: URL): {
	lab: Lab;
	texts: Record<LabLocale, LabText>;
	sources: Record<LabLocale, string>;
} {
	const read = (file: string) => readFileSync(new URL(file, folder), 'utf8');
	const sources = { en: read('en.md'), 'zh-CN': read('zh-CN.md') };
	return {
		lab: labSchema.parse(JSON.parse(read('lab.json'))),
		texts: { en: parseLabText(sources.en), 'zh-CN': parseLabText(sources['zh-CN']) },
		sources
	};
}

export const inlineCode = (s: string) => [...s.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** Every `code` span of a block list. */
export function codeSpans(blocks: Block[]): string[] {
	return blocks.flatMap((b) =>
		(b.kind === 'p' ? [b.inline] : b.items).flatMap((inline) =>
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
			...Object.values(step.predict?.options ?? {}).flatMap(inlineCode)
		])
	];
}
