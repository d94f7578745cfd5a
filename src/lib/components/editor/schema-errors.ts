import { chineseError } from '$lib/core/text/zod-chinese';
import { i18n } from '$lib/i18n/locale.svelte';

/**
 * The schema validator's own messages ("Invalid input: expected string, received number") in
 * the page's language. Loaded with the editor only, which is the one place a learner reads them.
 */
export function schemaErrors() {
	return i18n.locale === 'zh-CN' ? chineseError : undefined;
}
