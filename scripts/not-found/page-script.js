// The 404 page's only script, inlined into build/404.html by not-found-page.mjs (which passes it
// `data`). A static host serves that page for any address it has no file for, at any depth
// under the site, so this script works out what was asked for from the address itself.
// Self-contained on purpose: its source text is what runs, so it may use nothing outside it.

/**
 * @param {{
 *   base: string,
 *   labs: { id: string }[],
 *   text: Record<string, Record<string, string>>
 * }} data
 * @param {Window} win
 */
export function notFoundPage(data, win) {
	const doc = win.document;
	const url = new URL(win.location.href);
	const locale = url.searchParams.get('lang') === 'zh-CN' ? 'zh-CN' : 'en';
	const text = data.text[locale];
	const fill = (/** @type {string} */ message, /** @type {Record<string, string>} */ values) =>
		message.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));

	// `<base>/labs/<name>` or `<base>/embed/<name>`: a lab asked for by a name that is not one.
	const path = url.pathname.startsWith(data.base + '/')
		? url.pathname.slice(data.base.length + 1)
		: url.pathname.replace(/^\//, '');
	const match = /^(labs|embed)\/([^/]+)\/?$/.exec(path);
	const section = match ? match[1] : 'labs';
	let name = null;
	if (match) {
		try {
			name = decodeURIComponent(match[2]);
		} catch {
			name = match[2];
		}
		// The address is whatever a link said: shown as text, and never at any length.
		if (name.length > 80) name = name.slice(0, 79) + '…';
	}

	// The lab a misspelt name most likely meant: its number ("1", "01"), its words without the
	// number ("connection-isolation"), or a few letters off either.
	function distance(/** @type {string} */ a, /** @type {string} */ b) {
		let row = Array.from({ length: b.length + 1 }, (_, i) => i);
		for (let i = 1; i <= a.length; i++) {
			const next = [i];
			for (let j = 1; j <= b.length; j++)
				next[j] = Math.min(
					row[j] + 1,
					next[j - 1] + 1,
					row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)
				);
			row = next;
		}
		return row[b.length];
	}
	function closest(/** @type {string} */ asked) {
		const wanted = asked.toLowerCase().trim();
		let best = null;
		let bestScore = Infinity;
		for (const lab of data.labs) {
			const number = lab.id.split('-')[0];
			const words = lab.id.slice(number.length + 1);
			if (/^\d+$/.test(wanted) && Number(wanted) === Number(number)) return lab.id;
			const score = Math.min(distance(wanted, lab.id), distance(wanted, words));
			if (score < bestScore) [best, bestScore] = [lab.id, score];
		}
		if (bestScore <= Math.max(2, Math.floor(wanted.length / 4))) return best;
		// "lab-5", "lab05": a lab named by its number.
		const number = /^(?:lab)?[-_ .]?(\d+)$/.exec(wanted);
		const numbered =
			number && data.labs.find((lab) => Number(lab.id.split('-')[0]) === Number(number[1]));
		return numbered ? numbered.id : null;
	}
	const suggestion = name ? closest(name) : null;

	doc.documentElement.lang = locale;
	doc.title = text.title;
	const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (doc.getElementById(id));
	byId('heading').textContent = text.heading;
	byId('what').textContent = name ? fill(text.no_lab, { name }) : text.nothing;
	// The links keep what the address asked for besides the name (an embed's views, its origin).
	const keep = url.search + url.hash;
	const href = (/** @type {string} */ id) => `${data.base}/${section}/${id}${keep}`;
	const guess = byId('guess');
	if (suggestion) {
		const [before, after] = text.did_you_mean.split('{lab}');
		const link = doc.createElement('a');
		link.href = href(suggestion);
		link.textContent = suggestion;
		guess.replaceChildren(before, link, after);
		guess.hidden = false;
	}
	byId('labs-heading').textContent = text.labs;
	for (const link of doc.querySelectorAll('#labs a[data-lab]')) {
		const id = /** @type {HTMLAnchorElement} */ (link).dataset.lab ?? '';
		/** @type {HTMLAnchorElement} */ (link).href = href(id);
		const title = link.parentElement?.querySelector('[data-title]');
		if (title) title.textContent = link.parentElement?.dataset[locale === 'en' ? 'en' : 'zh'] ?? '';
	}
	const home = /** @type {HTMLAnchorElement} */ (byId('home'));
	home.textContent = section === 'embed' ? text.embed_page : text.home;
	home.href = `${data.base}/${section === 'embed' ? 'embed' : ''}${locale === 'en' ? '' : '?lang=zh-CN'}`;

	if (win.parent === win) return;
	// In a frame: the host page hears why no lab will ever say ready, and how tall this is. A
	// host that restricted the lab to its own origin (origin=) hears it only there. An empty or
	// unusable origin= answers no page, as a lab page reads it (parseOriginParam): never '*'.
	let target = '*';
	try {
		const origin = url.searchParams.get('origin');
		if (origin !== null) {
			const given = new URL(origin);
			if (given.origin === 'null' || given.protocol === 'file:') return;
			target = given.origin;
		}
	} catch {
		return;
	}
	const error =
		(name === null
			? `MCP Lab: nothing is at ${url.pathname}`
			: `MCP Lab: there is no lab named "${name}"`) +
		(suggestion ? ` (did you mean "${suggestion}"?)` : '') +
		`; the lab ids are ${data.labs.map((lab) => lab.id).join(', ')}`;
	const post = (/** @type {object} */ message) => win.parent.postMessage(message, target);
	post({ type: 'mcp-lab:missing', version: 1, lab: name, suggestion, error });
	post({ type: 'mcp-lab:resize', height: doc.documentElement.scrollHeight });
	// Commands sent without the loader are answered too, rather than never.
	win.addEventListener('message', (event) => {
		const message = event.data;
		if (event.source !== win.parent || (target !== '*' && event.origin !== target)) return;
		if (!message || message.type !== 'mcp-lab:command') return;
		/** @type {Window} */ (event.source).postMessage(
			{ type: 'mcp-lab:result', id: message.id, ok: false, error },
			event.origin
		);
	});
}
