import zhCN from 'zod/v4/locales/zh-CN.js';
import { i18n } from '$lib/i18n/locale.svelte';

const chinese = zhCN().localeError;

/**
 * The schema validator's own messages ("Invalid input: expected string, received number") in
 * the page's language: zod has Chinese ones. Loaded with the editor only, which is the one place
 * a learner reads them.
 */
export function schemaErrors() {
	return i18n.locale === 'zh-CN' ? chinese : undefined;
}
