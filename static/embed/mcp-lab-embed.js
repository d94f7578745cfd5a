/*! MCP Lab embed loader (contract v1): sizes iframe[data-mcp-lab] frames and drives them.
 *  const lab = MCPLab.attach(iframe); await lab.ready;
 *  const { snapshot } = await lab.command('kill', { server: 'filesystem' }); // ok:false rejects
 *  const off = lab.on('state', (message) => {}); */
(function (win) {
	'use strict';
	// Loaded twice (two pasted snippets): the first copy serves every frame.
	if (win.MCPLab && typeof win.MCPLab.attach === 'function') return;
	const P = 'mcp-lab:';
	const SELECTOR = 'iframe[data-mcp-lab]';
	const handles = new WeakMap();
	// Each frame's removed() and inserted(), called by the page's observer below.
	const placements = new WeakMap();
	// Random per page, so two loaders driving one frame never take each other's results.
	const idBase = P + Math.random().toString(36).slice(2, 8) + ':';
	// Any loader's probe (this page's or another's): never the host page's business.
	const PROBE = /^mcp-lab:[0-9a-z]*:probe:/;
	let seq = 0;

	// The origin the iframe's src names ('null', never a valid target, when it has none).
	function originOf(frame) {
		try {
			return new URL(frame.src || 'about:blank').origin;
		} catch (_) {
			return 'null';
		}
	}

	// Until its src loads, a frame holds about:blank (posting there logs an error in Chromium);
	// a cross-origin page throws here.
	function showsBlank(frame) {
		try {
			return frame.contentWindow.location.href === 'about:blank';
		} catch (_) {
			return false;
		}
	}

	// A border-box frame (Tailwind's preflight) counts its border and padding in its height too,
	// else it scrolls by them.
	function frameHeight(frame, content) {
		const style = win.getComputedStyle ? win.getComputedStyle(frame) : null;
		if (!style || style.boxSizing !== 'border-box') return content;
		const sides = ['borderTopWidth', 'borderBottomWidth', 'paddingTop', 'paddingBottom'];
		return sides.reduce((sum, side) => sum + (parseFloat(style[side]) || 0), content);
	}

	// A caption bar (captions=1) sits at the bottom of the frame's view: a frame as tall as its
	// content puts it far below the fold, so such a frame is at most the window's height.
	function captioned(frame) {
		try {
			return new URL(frame.src, win.location && win.location.href).searchParams.get('captions') === '1';
		} catch (_) {
			return false;
		}
	}

	function attach(frame, options = {}) {
		if (handles.has(frame)) return handles.get(frame);
		const listeners = new Map();
		const pending = new Map(); // posted, by id
		const queued = new Set(); // waiting for ready, not posted yet
		let detached = false;
		let listening = true;
		let isReady = false;
		let markReady;
		let failReady;
		let ready;
		let misplaced = null;
		// Ready again after the frame loads another page: commands wait for it, not the old one.
		// A promise not yet kept stays: the commands waiting on it go once it is.
		function unready() {
			if (ready && !isReady && !misplaced) return;
			isReady = false;
			misplaced = null;
			ready = new Promise((resolve, reject) => {
				markReady = (message) => {
					isReady = true;
					resolve(message);
					return message;
				};
				failReady = reject;
			});
			// Rejected only by elsewhere(), which says so itself.
			ready.catch(() => {});
		}
		unready();
		function rejectAll(message) {
			pending.forEach((waiting) => waiting.reject(new Error(message)));
			queued.forEach((waiting) => waiting.reject(new Error(message)));
			pending.clear();
			queued.clear();
		}
		// A frame that said ready or `missing` before this attach (a late script, a hydrating docs
		// site) never says it again: its answer to a getState (held till it is up) tells instead.
		// To any origin (it carries nothing): a redirected page's answer then says so too.
		function probe() {
			if (originOf(frame) === 'null' || !frame.contentWindow || showsBlank(frame)) return;
			const id = idBase + 'probe:' + ++seq;
			pending.set(id, {
				resolve: (result) =>
					isReady || emit('ready', markReady({ type: P + 'ready', version: 1, lab: result.snapshot && result.snapshot.lab })),
				reject: (error) => error.result && fail(error.message) // not rejectAll()'s
			});
			frame.contentWindow.postMessage({ type: P + 'command', id, command: 'getState', args: {} }, '*');
		}

		// The frame will never answer: its page is no lab (a 404 page says `missing`), or is at
		// another origin than its src names. Ready and each command reject with why.
		function fail(message) {
			if (misplaced) return;
			misplaced = new Error(message);
			if (win.console && win.console.error) win.console.error(message);
			failReady(misplaced);
			isReady = false;
			ready = Promise.reject(misplaced);
			ready.catch(() => {});
			rejectAll(message);
		}
		function elsewhere(event) {
			const data = event.data;
			if (data && typeof data.type === 'string' && data.type.indexOf(P) === 0)
				fail(
					'MCP Lab: the frame\'s page is at ' + event.origin + ', not at ' + originOf(frame) +
						' as its src says (a redirect?): set the iframe\'s src to the lab\'s own address'
				);
		}

		function receive(event) {
			// Any window may post here: trust only this frame, at the origin its src names.
			if (event.source !== frame.contentWindow) return;
			if (event.origin !== originOf(frame)) return elsewhere(event);
			const data = event.data;
			if (!data || typeof data.type !== 'string' || data.type.indexOf(P) !== 0) return;
			const type = data.type.slice(P.length);
			if (type === 'ready') {
				if (misplaced) unready();
				markReady(data);
			}
			if (type === 'missing') fail(String(data.error));
			if (type === 'resize' && options.resize !== false && data.height > 0)
				frame.style.height =
					Math.ceil(
						captioned(frame) && win.innerHeight > 0
							? Math.min(frameHeight(frame, data.height), win.innerHeight)
							: frameHeight(frame, data.height)
					) + 'px';
			const waiting = type === 'result' && pending.get(data.id);
			if (waiting) {
				pending.delete(data.id);
				if (data.ok) waiting.resolve(data);
				else waiting.reject(Object.assign(new Error(data.error), { result: data }));
			}
			// Probes are the loader's own, also those no longer pending (another page, another copy).
			if (type === 'result' && PROBE.test(String(data.id))) return;
			emit(type, data);
		}
		function emit(type, data) {
			(listeners.get(type) || []).forEach((handler) => handler(data));
		}
		win.addEventListener('message', receive);
		// A frame that was ready loads again (reloaded from inside): the old page's answers are lost.
		function loaded() {
			if (isReady) {
				unready();
				rejectAll('MCP Lab: the frame loaded another page');
			}
			probe();
		}
		if (frame.addEventListener) frame.addEventListener('load', loaded);
		// A new src: what was asked of the old page is not answered by the new one. Seen by the
		// observer, or first by `ready` read right after the change (a host fixing a bad src).
		let src = frame.src;
		function moved() {
			if (frame.src === src) return;
			src = frame.src;
			unready();
			rejectAll('MCP Lab: the frame loaded another page');
		}
		const watch = typeof win.MutationObserver === 'function' && new win.MutationObserver(moved);
		if (watch) watch.observe(frame, { attributes: true, attributeFilter: ['src'] });
		probe();

		// Posted once the frame is ready (nobody listens before); settles on its result.
		function command(name, args) {
			if (detached) return Promise.reject(new Error('MCP Lab: detached'));
			// One microtask first: the observer sees a src set just before this call.
			return Promise.resolve().then(
				() =>
					new Promise((resolve, reject) => {
						if (detached) throw new Error('MCP Lab: detached');
						const waiting = { resolve, reject };
						queued.add(waiting);
						ready
							.then(() => {
								// Gone from the queue: rejected meanwhile (detach, another page).
								if (!queued.delete(waiting)) return;
								const origin = originOf(frame);
								if (origin === 'null') throw new Error('MCP Lab: the iframe has no src');
								const id = idBase + ++seq;
								const message = { type: P + 'command', id, command: name, args: args || {} };
								frame.contentWindow.postMessage(message, origin);
								pending.set(id, waiting);
							})
							.catch(reject);
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

		// Out of the page, its page is gone: nothing asked is answered, and the listener would keep
		// the frame alive (a single-page docs site drops frames it leaves).
		function removed() {
			if (frame.isConnected || !listening) return;
			listening = false;
			win.removeEventListener('message', receive);
			unready();
			rejectAll('MCP Lab: the frame was removed from the page');
		}
		// Back in the page: a frame that reloaded shows its initial about:blank again; one moved
		// with its page kept (moveBefore) answers what it was asked.
		function inserted() {
			if (frame.isConnected === false) return;
			if (!listening) win.addEventListener('message', receive);
			listening = true;
			if (isReady && showsBlank(frame)) {
				unready();
				rejectAll('MCP Lab: the frame loaded another page');
			}
		}
		placements.set(frame, { removed, inserted });

		function detach() {
			detached = true;
			listening = false;
			placements.delete(frame);
			win.removeEventListener('message', receive);
			if (frame.removeEventListener) frame.removeEventListener('load', loaded);
			if (watch) watch.disconnect();
			if (handles.get(frame) === handle) handles.delete(frame);
			rejectAll('MCP Lab: detached');
		}

		const handle = {
			iframe: frame,
			get ready() {
				moved();
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
		Array.from((root || win.document).querySelectorAll(SELECTOR), (f) => attach(f));

	// Frames the loader finds itself are attached once: one the page detached stays so when a
	// router moves it.
	const seen = new WeakSet();
	function framesIn(node) {
		if (!node.querySelectorAll) return []; // text, comments
		const found = Array.from(node.querySelectorAll(SELECTOR));
		if (node.matches && node.matches(SELECTOR)) found.push(node);
		return found;
	}
	function attachFound(node) {
		framesIn(node).forEach((frame) => {
			if (seen.has(frame)) return;
			seen.add(frame);
			attach(frame);
		});
	}
	const placed = (node, how) =>
		framesIn(node).forEach((frame) => placements.has(frame) && placements.get(frame)[how]());

	win.MCPLab = { version: 1, attach, attachAll };
	// Frames above this script now, the rest once the page is parsed, and those a single-page
	// docs site's router inserts later (also inside an added subtree).
	attachFound(win.document);
	if (win.document.readyState === 'loading')
		win.document.addEventListener('DOMContentLoaded', () => attachFound(win.document));
	if (typeof win.MutationObserver === 'function')
		new win.MutationObserver((records) =>
			records.forEach((record) => {
				(record.removedNodes || []).forEach((node) => placed(node, 'removed'));
				record.addedNodes.forEach((node) => {
					placed(node, 'inserted');
					attachFound(node);
				});
			})
		).observe(win.document, { childList: true, subtree: true });
})(window);
