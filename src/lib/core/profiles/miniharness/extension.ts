import type { BuiltRegistry } from '../../registry/registry';
import { refusal } from '../../world/command-errors';
import { miniharnessRefusal } from './refusals';
import type { ProfileExtension, ProfileHost } from '../../world/profile-extension';
import { MiniHarnessCalls } from './calls';
import { miniHarnessView, word } from './view';
import { MiniSession } from './session';

/** The longest `wait` a learner can ask for, in seconds. */
const MAX_WAIT_S = 3600;

/**
 * The miniharness profile inside a world (profile-extension.ts). The world's startSession is
 * MiniHarness's registry start: `initialize` (idempotent) then tools/list on every client in
 * priority order, the world's own connect_all taking no server. Its closeSession is `close` on
 * every client: final, as MiniHarness's MCPClient never reopens.
 */
export function createExtension(host: ProfileHost): ProfileExtension {
	const session = new MiniSession(host, host.scenario.miniharness ?? {});
	const calls = new MiniHarnessCalls(session, host);
	// One build object per world: the routing table fills it once discovery has run, so a second
	// startSession hands the world the same registry (nothing new).
	const built: BuiltRegistry = { tools: [], shadowed: [] };
	let discovering = false;
	let waiting = false;

	return {
		calls,
		build() {
			discovering = true;
			// After the manager's transition: discovery drives the connection actors itself.
			queueMicrotask(
				() =>
					void session.discover().finally(() => {
						built.tools = session.tools();
						built.shadowed = session.routes.flatMap((r) =>
							r.shadowed.map((server) => ({ name: r.name, server, tool: r.name, by: r.server }))
						);
						discovering = false;
						host.changed();
					})
			);
			return built;
		},
		connects: () => false,
		start(name, args) {
			return calls.start(name, args);
		},
		command(name, args) {
			if (name === 'retry') {
				const call = typeof args.call === 'string' ? args.call : '';
				calls.retry(call);
				return;
			}
			if (name === 'wait') {
				const seconds = Number(args.seconds);
				if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_WAIT_S)
					throw miniharnessRefusal('wait_seconds', {
						max: String(MAX_WAIT_S),
						value: String(args.seconds)
					});
				waiting = true;
				host.clock.schedule(seconds * 1000, () => {
					waiting = false;
					host.emit({
						kind: 'profile',
						profile: 'miniharness',
						event: 'waited',
						params: { seconds: String(seconds) }
					});
				});
				return;
			}
			throw refusal('no_command', { profile: 'miniharness', command: name });
		},
		view() {
			session.sync();
			return miniHarnessView(session, calls, host.clock.now);
		},
		serverState(server) {
			session.sync();
			return word(session.clients.get(server)?.state ?? 'new');
		},
		serverDetail(server) {
			return session.clients.get(server)?.error || undefined;
		},
		get busy() {
			return discovering || waiting;
		},
		dispose() {
			session.dispose();
		}
	};
}
