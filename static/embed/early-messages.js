// Holds what a host posts before the embed page's code listens (EmbedHost.start takes it over):
// a command sent on the iframe's load event can come before SvelteKit has started.
(function () {
	if (window.parent === window || window.__mcpLabEarlyMessages) return;
	var held = [];
	var hold = function (event) {
		// Bounded: a parent flooding a frame that has not started cannot grow it without limit.
		if (event.source === window.parent && held.length < 1000) held.push(event);
	};
	addEventListener('message', hold);
	window.__mcpLabEarlyMessages = {
		take: function () {
			removeEventListener('message', hold);
			return held.splice(0);
		}
	};
})();
