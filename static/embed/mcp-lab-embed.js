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
		const ready = new Promise((resolve) => (markReady = resolve));

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
			}
			(listeners.get(type) || new Set()).forEach((handler) => handler(data));
		}
		win.addEventListener('message', receive);

		// Posted once the frame is ready (before that nobody listens); settles on its result.
		function command(name, args) {
			return ready.then(
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
			handles.delete(frame);
			pending.forEach((waiting) => waiting.reject(new Error('MCP Lab: detached')));
			pending.clear();
		}

		const handle = { iframe: frame, ready, command, on, detach };
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
