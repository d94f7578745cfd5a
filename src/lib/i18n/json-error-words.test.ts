import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './locale.svelte';
import { jsonErrorDetail } from './json-error-words';

const failure = (text: string) => {
	try {
		JSON.parse(text);
	} catch (error) {
		return (error as Error).message;
	}
	throw new Error(`${text} parsed`);
};

afterEach(() => {
	i18n.locale = 'en';
});

describe('a JSON syntax error in the page language', () => {
	it('leaves the engine’s words on an English page', () => {
		const message = failure('{a:1}');
		expect(jsonErrorDetail('{a:1}', message)).toBe(message);
	});

	it('says what and where in Chinese, with no English left', () => {
		i18n.locale = 'zh-CN';
		expect(jsonErrorDetail('{\n  a: 1}', failure('{\n  a: 1}'))).toBe(
			'第 2 行第 3 列：此处应为带双引号的属性名'
		);
		expect(jsonErrorDetail('[1 2]', failure('[1 2]'))).toBe('第 1 行第 4 列：此处应为“,”或“]”');
		expect(jsonErrorDetail('{"a": "x', failure('{"a": "x'))).toBe(
			'第 1 行第 9 列：字符串缺少结束的引号'
		);
		expect(jsonErrorDetail('{"a":', failure('{"a":'))).toMatch(
			/^(第 1 行第 \d 列：)?文本提前结束$/
		);
		expect(jsonErrorDetail('1 2', failure('1 2'))).toBe(
			'第 1 行第 3 列：JSON 值之后还有多余的内容'
		);
	});

	it('never reads the learner’s own text, which V8 quotes, as the kind or the place', () => {
		i18n.locale = 'zh-CN';
		const text = '{"number line 3 column 9": x}';
		expect(jsonErrorDetail(text, failure(text))).toBe("意外的 'x'");
	});

	it('keeps the engine’s words when it names neither the kind nor the place', () => {
		i18n.locale = 'zh-CN';
		expect(jsonErrorDetail('x', 'Something odd')).toBe('Something odd');
	});
});
