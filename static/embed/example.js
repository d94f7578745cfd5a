// Drives the lab above through the loader (mcp-lab-embed.js, loaded just before this file).
const frame = document.querySelector('iframe[data-mcp-lab]');
const lab = MCPLab.attach(frame);
const status = document.getElementById('status');
const result = document.getElementById('result');
const height = document.getElementById('height');
const buttons = document.querySelectorAll('button[data-command]');

// What each button sends: [command, args] as the embed contract names them.
const commands = {
	kill: ['kill', { server: 'filesystem' }],
	call: [
		'callTool',
		{ name: 'mcp__filesystem__read_file', arguments: { path: '/data/notes.txt' } }
	],
	restart: ['restart', { server: 'filesystem' }],
	reconnect: ['reconnectAll'],
	unknown: ['kill', { server: 'no-such-server' }],
	reset: ['reset']
};

/** A few lines a reader can compare with the lab: servers, registry, the last call. */
function summary(snapshot) {
	const lines = snapshot.servers.map(
		(s) => `${s.name}: ${s.state}, process ${s.process}${s.detail ? ` (${s.detail})` : ''}`
	);
	const stale = snapshot.registry.filter((entry) => !entry.available).length;
	lines.push(`registry: ${snapshot.registry.length} tools, ${stale} of them unavailable`);
	const call = snapshot.calls[snapshot.calls.length - 1];
	if (call) lines.push(`last call ${call.name}: ${call.state}${call.isError ? ' (error)' : ''}`);
	if (call && call.output) lines.push(`the model reads: ${call.output.slice(0, 300)}`);
	return lines.join('\n');
}

lab.ready.then((ready) => {
	status.textContent = `Ready: lab ${ready.lab}, contract version ${ready.version}.`;
	buttons.forEach((button) => (button.disabled = false));
});

lab.on('resize', (message) => (height.textContent = `${message.height} px`));

buttons.forEach((button) =>
	button.addEventListener('click', async () => {
		const [name, args] = commands[button.dataset.command];
		result.textContent = `${name}: waiting for the lab to settle…`;
		try {
			const answer = await lab.command(name, args);
			result.textContent = `${name}: ok\n${summary(answer.snapshot)}`;
		} catch (error) {
			// ok:false: the lab's own sentence saying why.
			result.textContent = `${name} refused: ${error.message}`;
		}
	})
);
