/**
 * Attributes for a field that takes a bearer token. It is a password field, so the token is not
 * shown on a projector, but it is not a login: a password manager that offered to save it would
 * keep a server's secret beyond the page's memory, where the lab promises it stays. Browsers
 * ignore `autocomplete="off"` on password fields when deciding to offer a save, so the
 * managers' own opt-outs are named too (1Password, LastPass, Bitwarden, Dashlane).
 */
export const NOT_A_LOGIN = {
	autocomplete: 'off',
	spellcheck: false,
	'data-1p-ignore': '',
	'data-lpignore': 'true',
	'data-bwignore': '',
	'data-form-type': 'other'
} as const;
