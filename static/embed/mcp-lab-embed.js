/*! MCP Lab embed loader (contract v1): sizes iframe[data-mcp-lab] frames and drives them.
 *  const lab = MCPLab.attach(iframe); await lab.ready;
 *  const { snapshot } = await lab.command('kill', { server: 'filesystem' }); // ok:false rejects
 *  const off = lab.on('state', (message) => {}); */
(function (win) {
	'use strict';
	const P = 'mcp-lab:';
	const handles = new WeakMap();
	// Random per page, so two loaders driving one frame never take each other's results.
	const idBase = P + Math.random().toString(36).slice(2, 8) + ':';
	let seq = 0;

	// The origin the iframe's src names ('null', never a valid target, when it has none).
	function originOf(frame) {
		try {
			return new URL(frame.src || 'about:blank').origin;
		} catch (_) {
			return 'null';
		}
	}

	function attach(frame, options = {}) {
		if (handles.has(frame)) return handles.get(frame);
		const listeners = new Map();
		const pending = new Map();
		let markReady;
		let ready;
		// Ready again after the frame loads another page: commands wait for it, not for the old one.
		function unready() {
			ready = new Promise((resolve) => (markReady = resolve));
		}
		unready();
		// A frame that said ready before this attach (a late script, a hydrating docs site) never
		// says it again: a getState, queued by the frame until it is up, tells instead.
		function probe() {
			const origin = originOf(frame);
			if (origin === 'null' || !frame.contentWindow) return;
			const id = idBase + 'probe:' + ++seq;
			pending.set(id, {
				resolve: (result) =>
					markReady({ type: P + 'ready', version: 1, lab: result.snapshot && result.snapshot.lab }),
				reject: () => {}
			});
			frame.contentWindow.postMessage({ type: P + 'command', id, command: 'getState', args: {} }, origin);
		}

		function receive(event) {
			// Any window may post here: trust only this frame, at the origin its src names.
			if (event.source !== frame.contentWindow || event.origin !== originOf(frame)) return;
			const data = event.data;
			if (!data || typeof data.type !== 'string' || data.type.indexOf(P) !== 0) return;
			const type = data.type.slice(P.length);
			if (type === 'ready') markReady(data);
			if (type === 'resize' && options.resize !== false && data.height > 0)
				frame.style.height = Math.ceil(data.height) + 'px';
			const waiting = type === 'result' && pending.get(data.id);
			if (waiting) {
				pending.delete(data.id);
				if (data.ok) waiting.resolve(data);
				else waiting.reject(Object.assign(new Error(data.error), { result: data }));
				// The loader's own probe is not the host page's business.
				if (String(data.id).indexOf(idBase + 'probe:') === 0) return;
			}
			(listeners.get(type) || new Set()).forEach((handler) => handler(data));
		}
		win.addEventListener('message', receive);
		if (frame.addEventListener) frame.addEventListener('load', probe);
		// A new src: what was asked of the old page is not answered by the new one.
		const watch =
			typeof win.MutationObserver === 'function' &&
			new win.MutationObserver(() => {
				unready();
				pending.forEach((waiting) => waiting.reject(new Error('MCP Lab: the frame loaded another page')));
				pending.clear();
			});
		if (watch) watch.observe(frame, { attributes: true, attributeFilter: ['src'] });
		probe();

		// Posted once the frame is ready (before that nobody listens); settles on its result.
		function command(name, args) {
			// One microtask first: a src set just before this call is noticed (by the observer)
			// before the command picks the page it waits for.
			return Promise.resolve()
				.then(() => ready)
				.then(
				() =>
					new Promise((resolve, reject) => {
						const origin = originOf(frame);
						if (origin === 'null') throw new Error('MCP Lab: the iframe has no src');
						const id = idBase + ++seq;
						pending.set(id, { resolve, reject });
						const message = { type: P + 'command', id, command: name, args: args || {} };
						frame.contentWindow.postMessage(message, origin);
					})
			);
		}

		// 'ready' | 'state' | 'resize' | 'result', with or without the prefix; returns off().
		function on(type, handler) {
			const key = type.replace(P, '');
			if (!listeners.has(key)) listeners.set(key, new Set());
			listeners.get(key).add(handler);
			return () => listeners.get(key).delete(handler);
		}

		function detach() {
			win.removeEventListener('message', receive);
			if (frame.removeEventListener) frame.removeEventListener('load', probe);
			if (watch) watch.disconnect();
			handles.delete(frame);
			pending.forEach((waiting) => waiting.reject(new Error('MCP Lab: detached')));
			pending.clear();
		}

		const handle = {
			iframe: frame,
			get ready() {
				return ready;
			},
			command,
			on,
			detach
		};
		handles.set(frame, handle);
		return handle;
	}

	const attachAll = (root) =>
		Array.from((root || win.document).querySelectorAll('iframe[data-mcp-lab]'), (f) => attach(f));

	win.MCPLab = { version: 1, attach, attachAll };
	// Frames above this script now, the rest once the page is parsed (attach is idempotent).
	attachAll();
	if (win.document.readyState === 'loading')
		win.document.addEventListener('DOMContentLoaded', () => attachAll());
})(window);
