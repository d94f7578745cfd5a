// Holds the messages a host page posts to an /embed/ frame before the page's own code starts
// (a host posting on the iframe's load event can beat SvelteKit's start-up, which waits for
// module imports): without this classic script, run while the head is parsed, they would be
// lost and never answered. The embed page takes them over when it starts listening.
(function () {
	if (window.parent === window || window.__mcpLabEarlyMessages) return;
	// Bounded: a parent flooding a frame that has not started cannot grow it without limit.
	var LIMIT = 1000;
	var held = [];
	var hold = function (event) {
		if (event.source === window.parent && held.length < LIMIT) held.push(event);
	};
	window.addEventListener('message', hold);
	window.__mcpLabEarlyMessages = {
		/** Stops holding and hands over what came, oldest first. */
		take: function () {
			window.removeEventListener('message', hold);
			var taken = held;
			held = [];
			return taken;
		}
	};
})();
