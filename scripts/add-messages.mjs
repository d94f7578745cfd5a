#!/usr/bin/env node
// Adds UI messages to both locales at once, so neither file can miss a key:
//   node scripts/add-messages.mjs '{"key": {"en": "Text", "zh-CN": "文本"}}'
// Existing keys are replaced. Read-modify-write in one go keeps concurrent edits apart.
import { readFileSync, writeFileSync } from 'node:fs';

const input = JSON.parse(process.argv[2] ?? '{}');
for (const locale of ['en', 'zh-CN']) {
	const file = new URL(`../messages/${locale}.json`, import.meta.url);
	const messages = JSON.parse(readFileSync(file, 'utf8'));
	for (const [key, texts] of Object.entries(input)) {
		if (typeof texts[locale] !== 'string' || !texts[locale]) {
			console.error(`missing ${locale} text for ${key}`);
			process.exit(1);
		}
		messages[key] = texts[locale];
	}
	writeFileSync(file, JSON.stringify(messages, null, '\t') + '\n');
}
console.log(`added ${Object.keys(input).length} message(s)`);
