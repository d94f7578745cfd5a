import type { z } from 'zod';
import zhCN from 'zod/v4/locales/zh-CN.js';
import { kindOf as parsedType } from './value-kind';

const zodChinese = zhCN().localeError;

/**
 * Type names in Chinese. zod's zh-CN locale translates only `number`, `array`, `null` and `nan`,
 * so a learner read "期望 string，实际接收 数字": one English word, one Chinese, for the same kind
 * of thing. A name not listed (a class name) is shown as zod gives it.
 */
const TYPE_WORDS: Record<string, string> = {
	string: '字符串',
	number: '数字',
	int: '整数',
	bigint: '大整数(bigint)',
	boolean: '布尔值',
	object: '对象',
	record: '对象',
	array: '数组',
	tuple: '数组',
	null: '空值(null)',
	// A key left out: English says "received undefined".
	undefined: '未定义',
	nan: 'NaN',
	symbol: '符号(symbol)',
	function: '函数',
	date: '日期',
	map: 'Map',
	set: 'Set',
	file: '文件',
	promise: 'Promise'
};

/** What a size counts, by the kind of value (zod's `origin`): characters, items, bytes. */
const UNITS: Record<string, string> = {
	string: '个字符',
	array: '项',
	set: '项',
	map: '个条目',
	file: '字节'
};

/** "at most 5", "fewer than 5"… for a size (of a string, an array) and for a value (a number). */
const SIZE_BOUNDS = {
	big: { exact: '恰好包含', inclusive: '至多包含', strict: '包含少于' },
	small: { exact: '恰好包含', inclusive: '至少包含', strict: '包含多于' }
};
const VALUE_BOUNDS = {
	big: { exact: '恰好为', inclusive: '至多为', strict: '小于' },
	small: { exact: '恰好为', inclusive: '至少为', strict: '大于' }
};

const typeWord = (type: string | undefined, input?: unknown): string => {
	if (type === undefined) return '值';
	// As zod's English does: Infinity is named as itself, not as a number.
	if (type === 'number' && typeof input === 'number' && !Number.isFinite(input))
		return String(input);
	return TYPE_WORDS[type] ?? type;
};

type Issue = Parameters<z.core.$ZodErrorMap>[0];
type Words = ReturnType<z.core.$ZodErrorMap>;

/**
 * zod's Chinese messages (the world editor's, a presenter's cue file's) where they say as much as
 * its English ones, and the lab's own where they do not: a discriminator's allowed values (`type` of a server: 'stdio' | 'http' | 'ws'),
 * which zh-CN drops for a bare "无效输入"; type words, all in Chinese; sizes and bounds with
 * their kind in Chinese ("期望数组至少包含 1 项", not "期望 array >=1 项"), and an exact size,
 * which zh-CN reads as a bound.
 */
export function chineseError(issue: Issue): Words {
	switch (issue.code) {
		case 'invalid_type': {
			const expected = String(issue.expected);
			if (/^[A-Z]/.test(expected))
				return `无效输入：期望 instanceof ${expected}，实际接收${typeWord(parsedType(issue.input), issue.input)}`;
			return `无效输入：期望${typeWord(expected)}，实际接收${typeWord(parsedType(issue.input), issue.input)}`;
		}
		case 'invalid_union': {
			const options = (issue as { options?: unknown[] }).options;
			if (Array.isArray(options) && options.length > 0)
				return `判别值无效：期望以下之一 ${options.map((o) => `'${String(o)}'`).join(' | ')}`;
			if ((issue as { inclusive?: boolean }).inclusive === false)
				return '无效输入：匹配了不止一个选项';
			// No form takes the value even in kind: which kinds would (parse.ts's unionWords).
			const forms = issue.errors.flat();
			if (
				issue.errors.length > 0 &&
				forms.every((i) => i.code === 'invalid_type' && !i.path.length)
			)
				return `无效输入：期望${forms.map((i) => typeWord(String((i as { expected: unknown }).expected))).join('或')}，实际接收${typeWord(parsedType(issue.input), issue.input)}`;
			return '无效输入';
		}
		case 'too_big':
		case 'too_small': {
			const big = issue.code === 'too_big';
			const limit = String(big ? issue.maximum : issue.minimum);
			const unit = issue.origin ? UNITS[issue.origin] : undefined;
			const kind = issue.exact ? 'exact' : issue.inclusive ? 'inclusive' : 'strict';
			const bound = (unit ? SIZE_BOUNDS : VALUE_BOUNDS)[big ? 'big' : 'small'][kind];
			const what = typeWord(issue.origin);
			return `${big ? '过大' : '过小'}：期望${what}${bound} ${limit}${unit ? ` ${unit}` : ''}`;
		}
		case 'invalid_key':
			return `${typeWord(issue.origin)}中的键(key)无效`;
		case 'invalid_element':
			return `${typeWord(issue.origin)}中包含无效值(value)`;
		default:
			return zodChinese(issue);
	}
}
