import { describe, expect, it } from 'vitest';

/*
 * Chinese as a reader meets it: full-width punctuation in Chinese sentences, no space between
 * two Chinese characters, code spans for code only. Read from the files themselves: the UI
 * messages, every lab's zh-CN.md, and the templates that put punctuation around a message.
 * Code, protocol text and the harness's own strings (in `code` spans) are left out.
 */
const catalog = import.meta.glob<Record<string, string>>('../../../messages/zh-CN.json', {
	eager: true,
	import: 'default'
});
const labs = import.meta.glob<string>('../../../labs/*/zh-CN.md', {
	eager: true,
	query: '?raw',
	import: 'default'
});
const templates = import.meta.glob<string>(['../**/*.svelte', '../../routes/**/*.svelte'], {
	eager: true,
	query: '?raw',
	import: 'default'
});

const CJK = '\\u3400-\\u9fff';
const codeSpan = /`[^`\n]*`/g;

/** Each message, and each line of lab text outside code blocks, with its code spans blanked. */
function chineseTexts(): Array<{ where: string; text: string; raw: string }> {
	const out: Array<{ where: string; text: string; raw: string }> = [];
	for (const messages of Object.values(catalog))
		for (const [key, value] of Object.entries(messages))
			if (!key.startsWith('$')) out.push({ where: key, text: value, raw: value });
	for (const [file, source] of Object.entries(labs)) {
		let fence: string | null = null;
		source.split('\n').forEach((line, i) => {
			const marker = /^(```|~~~)/.exec(line.trim())?.[1];
			if (marker && (fence === null || fence === marker)) fence = fence ? null : marker;
			else if (fence === null)
				out.push({
					where: `${file.replace(/^.*labs\//, 'labs/')}:${i + 1}`,
					// A link's address is not text: [面板](#servers) reads 面板.
					text: line.replace(codeSpan, '`code`').replace(/\]\([^)\s]*\)/g, ']'),
					raw: line
				});
		});
	}
	return out;
}

const texts = chineseTexts();

/** Where `pattern` matches, with a few characters around it to find it by. */
function found(pattern: RegExp, of: 'text' | 'raw' = 'text'): string[] {
	return texts.flatMap(({ where, ...t }) => {
		const match = pattern.exec(t[of]);
		return match
			? [`${where}: …${t[of].slice(Math.max(0, match.index - 12), match.index + 20)}…`]
			: [];
	});
}

describe('Chinese text (messages/zh-CN.json, labs/*/zh-CN.md)', () => {
	it('has text to check', () => {
		expect(texts.length).toBeGreaterThan(2000);
		expect(Object.keys(labs).length).toBeGreaterThan(10);
	});

	it('puts full-width punctuation beside Chinese characters, not , ; : ? ! ( )', () => {
		expect(found(new RegExp(`[${CJK}][,;:?!(]|[,;?!)][${CJK}]`))).toEqual([]);
	});

	it('puts no space between two Chinese characters', () => {
		expect(found(new RegExp(`[${CJK}] +[${CJK}]`))).toEqual([]);
	});

	it('writes an ellipsis as …… and quotes Chinese words with “ ”, not "', () => {
		expect(found(/\.\.\./)).toEqual([]);
		expect(found(new RegExp(`"[${CJK}][^"]*"|"[^"]*[${CJK}]"`))).toEqual([]);
	});

	it('keeps code spans for code: a Chinese label is quoted as the page shows it, “…”', () => {
		const chinese = new RegExp(`[${CJK}]`);
		const spans = texts.flatMap(({ where, raw }) =>
			(raw.match(codeSpan) ?? []).filter((span) => chinese.test(span)).map((s) => `${where}: ${s}`)
		);
		expect(spans).toEqual([]);
	});

	it('writes each paragraph of a lab on one line (lines are joined with a space)', () => {
		const continued = Object.entries(labs).flatMap(([file, source]) => {
			const lines = source.split('\n');
			let fence = false;
			return lines.flatMap((line, i) => {
				if (/^(```|~~~)/.test(line.trim())) fence = !fence;
				const prose = (l: string | undefined) => !!l?.trim() && !/^\s*(-|#|```|~~~)/.test(l);
				return !fence && i > 0 && prose(line) && prose(lines[i - 1]) && !/^\s*#/.test(lines[i - 1])
					? [`${file.replace(/^.*labs\//, 'labs/')}:${i + 1}`]
					: [];
			});
		});
		expect(continued).toEqual([]);
	});
});

describe('templates that put punctuation around a message', () => {
	// "(进行中)", "MIME 类型:": brackets and colons belong to the message's language
	// (ui_parenthetical, ui_label), not to the template.
	const glued = [
		/\(\{m\.\w+\(/,
		/\{m\.\w+\([^{}]*\)\}[:;,]/,
		/\(\$\{m\.\w+\(/,
		/\$\{m\.\w+\([^{}]*\)\}[:;,)]/,
		/[,;:] \$\{m\.\w+\(/,
		/\$\{m\.\w+\([^{}]*\)\} \(/
	];
	it('has templates to check', () => {
		expect(Object.keys(templates).length).toBeGreaterThan(50);
	});

	it('leaves brackets and colons to the messages', () => {
		const hits = Object.entries(templates).flatMap(([file, source]) =>
			source
				.split('\n')
				.flatMap((line, i) =>
					glued.some((pattern) => pattern.test(line))
						? [`${file.replace(/^(\.\.\/)+/, '')}:${i + 1}: ${line.trim()}`]
						: []
				)
		);
		expect(hits).toEqual([]);
	});
});
