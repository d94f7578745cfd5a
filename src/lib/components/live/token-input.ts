/**
 * For a field that takes a bearer token (`use:notALogin`). It is a password field, so the token
 * is not shown on a projector, but it is not a login: a password manager that offered to save it
 * would keep a server's secret beyond the page's memory, where the lab promises it stays.
 * Browsers ignore `autocomplete="off"` on password fields when deciding to offer a save, so the
 * managers' own opt-outs are set too (1Password, LastPass, Bitwarden, Dashlane). An action, not
 * an attribute spread: a spread anywhere puts Svelte's spread code in every page's start-up.
 */
const NOT_A_LOGIN: Readonly<Record<string, string>> = {
	autocomplete: 'off',
	spellcheck: 'false',
	'data-1p-ignore': '',
	'data-lpignore': 'true',
	'data-bwignore': '',
	'data-form-type': 'other'
};

export function notALogin(input: HTMLInputElement): void {
	for (const [name, value] of Object.entries(NOT_A_LOGIN)) input.setAttribute(name, value);
}
