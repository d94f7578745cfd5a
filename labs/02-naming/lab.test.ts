import { beforeAll, describe, expect, it } from 'vitest';
import { allCode, inlineCode, LabWalk, loadLab, locales, startedWorld } from '../test-support';
import { addServer, addTool } from '../../src/lib/components/editor/scenario-text';
import { adaptAll, getHost, hosts, type HostId } from '../../src/lib/core/naming/hosts';
import { breaksProviderLimit, PROVIDER_LIMIT } from '../../src/lib/core/naming/provider-limit';
import {
	buildInputModel,
	toApiSchema,
	validateInput
} from '../../src/lib/core/profiles/openharness/input-model';
import { adaptedName, segment } from '../../src/lib/core/profiles/openharness/naming';
import { World } from '../../src/lib/core/world/world';
import { loadValidator } from '../../src/lib/core/validation/lazy-validator';

// A goal about the server's own schema validates with JSON Schema, which loads on demand.
beforeAll(() => loadValidator());

const { lab, texts, sources } = loadLab(new URL('./', import.meta.url));

/** The one code span of a predict option (each option of this lab quotes one name). */
function optionName(locale: (typeof locales)[number], step: string, option: string): string {
	const spans = inlineCode(texts[locale].steps[step].predict!.options[option]);
	return spans[0];
}

/** A hook matcher as OpenHarness reads it: an fnmatch-style glob on the whole tool name. */
const globMatches = (glob: string, name: string) =>
	new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(name);

const collideScenario = (() => {
	const action = lab.steps.find((s) => s.id === 'collide')!.solution[1];
	if (action.do !== 'setScenario') throw new Error('collide: expected setScenario');
	return action.scenario as { mcp_servers: Record<string, unknown> };
})();

/** What the learner does in Edit world with the form: add the server, then its tool. */
function formScenario(): unknown {
	const server = addServer(JSON.stringify(lab.scenario, null, 2), {
		name: 'billing_v2',
		type: 'stdio',
		command: 'billing-next-mcp',
		args: '',
		url: ''
	});
	if (!server.ok) throw new Error(JSON.stringify(server.error));
	const tool = addTool(server.text, 'billing_v2', {
		name: 'refund',
		description: '',
		result: 'refund queued by billing_v2'
	});
	if (!tool.ok) throw new Error(JSON.stringify(tool.error));
	return JSON.parse(tool.text);
}

interface SimTool {
	name: string;
	description?: string;
	inputSchema: Record<string, unknown>;
}

/** One simulated tool of lab.json's scenario, as the server lists it. */
function simTool(server: string, name: string): SimTool {
	const config = lab.scenario.mcp_servers[server] as { sim?: { tools?: SimTool[] } };
	const tool = config.sim?.tools?.find((t) => t.name === name);
	if (!tool) throw new Error(`${server} has no tool ${name}`);
	return tool;
}

describe.each(locales)('lab 02-naming: %s narration', (locale) => {
	it('quotes the names each prediction is about as the code produces them', () => {
		const oh = getHost('openharness');
		// adapted-names: only the right answer is OpenHarness's name; "unchanged" is Claude Code's.
		expect(optionName(locale, 'adapted-names', 'prefixed')).toBe(
			oh.adapt('internal-api', '2fa_reset')
		);
		expect(optionName(locale, 'adapted-names', 'unchanged')).toBe(
			getHost('claude-code').adapt('internal-api', '2fa_reset')
		);
		expect(optionName(locale, 'adapted-names', 'server-sanitised')).not.toBe(
			oh.adapt('internal-api', '2fa_reset')
		);
		// every-host: the answer is the OpenAI Agents SDK's name with server names included.
		const openai = getHost('openai-agents');
		expect(optionName(locale, 'every-host', 'single-prefix')).toBe(
			openai.adapt('internal-api', 'search.orders', { prefix: true })
		);
		expect(optionName(locale, 'every-host', 'double-underscore')).toBe(
			oh.adapt('internal-api', 'search.orders')
		);
		expect(optionName(locale, 'every-host', 'raw')).toBe(
			openai.adapt('internal-api', 'search.orders', { prefix: false })
		);
	});
});

describe('lab 02-naming: what the narration says about hosts and input models', () => {
	it('lists the answers of the predictions', () => {
		const answer = (id: string) => lab.steps.find((s) => s.id === id)!.predict!.answer;
		expect(answer('adapted-names')).toBe('prefixed');
		expect(answer('every-host')).toBe('single-prefix');
		expect(answer('collide')).toBe('last-sorted');
		expect(answer('lost-constraint')).toBe('sent-as-is');
	});

	it('a 200-letter tool name: 219 characters in OpenHarness, 64 in the OpenAI Agents SDK', () => {
		const long = 'x'.repeat(200);
		const name = adaptedName('internal-api', long);
		expect(name.length).toBe(219);
		expect(breaksProviderLimit(name)?.tooLong).toBe(true);
		const openai = getHost('openai-agents').adapt('internal-api', long, { prefix: true });
		expect(openai.length).toBe(64);
		expect(breaksProviderLimit(openai)).toBeNull();
		expect(
			breaksProviderLimit(getHost('openai-agents').adapt('internal-api', long))
		).not.toBeNull();
		// No other host stays within the limit.
		for (const host of hosts.filter((h) => h.id !== 'openai-agents'))
			for (const prefix of [true, false])
				expect(breaksProviderLimit(host.adapt('internal-api', long, { prefix })), host.id).not.toBe(
					null
				);
		for (const locale of locales) expect(sources[locale], locale).toContain('219');
	});

	it('the raw-name hosts break the provider rule on search.orders, with and without prefix', () => {
		for (const id of ['miniharness', 'pydantic-ai', 'langchain', 'toolsource'] as HostId[])
			for (const prefix of [true, false])
				expect(
					breaksProviderLimit(getHost(id).adapt('internal-api', 'search.orders', { prefix }))
				).not.toBeNull();
		expect(getHost('miniharness').adapt('internal-api', 'search.orders', { prefix: true })).toBe(
			'search.orders'
		);
	});

	it('two tools named mcp__billing_v2__refund: what each host does', () => {
		const pair = [
			{ server: 'billing.v2', tool: 'refund' },
			{ server: 'billing_v2', tool: 'refund' }
		];
		const run = (id: HostId, prefix: boolean) => adaptAll(pair, id, { prefix });
		const winner = (id: HostId, prefix: boolean) => {
			const outcome = run(id, prefix).collisions[0]?.outcome;
			return outcome?.kind === 'winner' ? outcome.server : outcome?.kind;
		};
		for (const prefix of [true, false]) {
			expect(winner('openharness', prefix)).toBe('billing_v2');
			expect(winner('miniharness', prefix)).toBe('billing.v2');
			expect(winner('claude-code', prefix)).toBe('billing.v2');
		}
		expect(getHost('claude-code').illustrations).toContain('claude-code-collision');
		const renamed = run('openai-agents', true);
		expect(renamed.loadError).toBeNull();
		expect(renamed.collisions[0].name).toBe('mcp_billing_v2__refund');
		expect(renamed.entries.map((e) => e.name)).toEqual([
			'mcp_billing_v2__refund_078de7bb',
			'mcp_billing_v2__refund_3daeeab1'
		]);
		expect(run('openai-agents', false).loadError).toMatch(/^Duplicate tool names/);
		expect(run('pydantic-ai', false).loadError).toMatch(/conflicts with existing tool/);
		const prefixed = run('pydantic-ai', true);
		expect(prefixed.collisions).toEqual([]);
		expect(prefixed.entries.map((e) => e.name)).toEqual(['billing.v2_refund', 'billing_v2_refund']);
		expect(prefixed.entries.map((e) => e.valid)).toEqual([false, true]);
		expect(run('langchain', false).collisions[0].outcome.kind).toBe('kept-both');
	});

	it('create_ticket keeps types and required names only', () => {
		const ticket = simTool('internal-api', 'create_ticket');
		const model = buildInputModel(ticket.inputSchema);
		expect(model.fields).toEqual([
			{ name: 'title', type: 'str', required: true },
			{ name: 'priority', type: 'str', required: true },
			{ name: 'estimate_hours', type: 'int', required: false }
		]);
		expect(model.lost.map((l) => l.path)).toEqual([
			'priority.enum',
			'estimate_hours.minimum',
			'estimate_hours.maximum'
		]);
		const shown = JSON.stringify(
			toApiSchema({
				name: 'mcp__internal-api__create_ticket',
				description: ticket.description ?? '',
				inputSchema: ticket.inputSchema
			})
		);
		for (const word of ['enum', 'minimum', 'maximum', 'urgent', 'low'])
			expect(shown).not.toContain(word);
		const reset = simTool('internal-api', '2fa_reset');
		expect(buildInputModel(reset.inputSchema).lost.map((l) => l.path)).toEqual(['user.pattern']);

		// "Try arguments": "5" is sent as 5, an unknown key is dropped without a word.
		const name = 'mcp__internal-api__create_ticket';
		const lax = validateInput(model, name, {
			title: 'Late delivery',
			priority: 'low',
			estimate_hours: '5',
			extra: true
		});
		expect(lax).toMatchObject({
			ok: true,
			sent: { title: 'Late delivery', priority: 'low', estimate_hours: 5 },
			dropped: ['extra']
		});
	});
});

/** The world of the last step: lab 02's servers and a plugin whose tool takes a name. */
const pluginScenario = (
	lab.steps.find((s) => s.id === 'plugin-tool')!.solution.find((a) => a.do === 'setScenario') as {
		scenario: { plugins?: Record<string, unknown> };
	}
).scenario;

describe('lab 02-naming: a learner can meet every check', () => {
	it('walks every step in order, and every string quoted in the narration is real', async () => {
		let world = new World(lab.scenario);
		const produced = new Set<string>();
		const argumentsUsed = new Set<string>();
		const registries: string[][] = [];
		const walk = new LabWalk(lab, () => world);
		const step = (id: string, actions: Parameters<LabWalk['step']>[1]) => walk.step(id, actions);
		const call = async (name: string, args: Record<string, unknown>) => {
			argumentsUsed.add(JSON.stringify(args));
			const record = await world.callTool(name, args);
			produced.add(record.output);
			for (const line of record.output.split('\n')) produced.add(line.trim());
			for (const value of Object.values(record.arguments)) produced.add(JSON.stringify(value));
			for (const value of Object.values(record.sent ?? {})) produced.add(JSON.stringify(value));
			return record;
		};
		const guess = (option: string) => walk.guess(option);
		/** As the editor's Apply: a new world, its session started, the step's window from 0. */
		const apply = (raw: unknown) => async () => {
			world.dispose();
			world = await startedWorld(raw);
			registries.push(world.registry.map((e) => e.name));
			walk.worldReplaced();
		};

		try {
			await world.startSession();
			registries.push(world.registry.map((e) => e.name));
			expect(world.registryHistory.length).toBe(1);
			expect(registries[0]).toEqual([
				// OpenHarness's own resource tools, registered before every MCP tool.
				'list_mcp_resources',
				'read_mcp_resource',
				'mcp__billing_v2__refund',
				'mcp__internal-api__search_orders',
				'mcp__internal-api__mcp_2fa_reset',
				'mcp__internal-api__create_ticket'
			]);

			await step('adapted-names', [
				[guess('unchanged'), 1],
				[() => call('mcp__internal-api__2fa_reset', { user: 'u-17' }), 1],
				[() => call('mcp__internal-api__mcp_2fa_reset', { user: 'u-17' }), 2]
			]);
			expect(world.calls.at(-1)).toMatchObject({ tool: '2fa_reset', isError: false });
			// The lost pattern: any user string reaches the server.
			expect((await call('mcp__internal-api__mcp_2fa_reset', { user: 'bob' })).sent).toEqual({
				user: 'bob'
			});

			await step('every-host', [[guess('raw'), 1]]);

			await step('collide', [
				[guess('first-in-config'), 1],
				[apply(formScenario()), 2],
				[() => call('mcp__billing_v2__refund', { order: 'A-1001' }), 3]
			]);
			expect(world.registryHistory.length).toBe(1);
			expect(world.shadowed).toEqual([
				{ name: 'mcp__billing_v2__refund', server: 'billing.v2', tool: 'refund', by: 'billing_v2' }
			]);
			// The form gives the tool an empty input schema: `order` is dropped before sending.
			expect(world.calls.at(-1)).toMatchObject({
				server: 'billing_v2',
				sent: {},
				output: 'refund queued by billing_v2'
			});

			await step('lost-constraint', [
				[guess('refused'), 1],
				[() => call('mcp__internal-api__create_ticket', { title: 'Late delivery' }), 1],
				[
					() =>
						call('mcp__internal-api__create_ticket', {
							title: 'Late delivery',
							priority: 'urgent'
						}),
					2
				],
				[
					() =>
						call('mcp__internal-api__create_ticket', {
							title: 'Late delivery',
							priority: 'low',
							estimate_hours: 1.5
						}),
					3
				]
			]);
			expect(world.calls.at(-2)).toMatchObject({
				sent: { title: 'Late delivery', priority: 'urgent' },
				isError: false
			});
			expect(world.calls.at(-1)).toMatchObject({ sent: null, isError: true });
			// Lax coercion, in the model call box too.
			const coerced = await call('mcp__internal-api__create_ticket', {
				title: 'Late delivery',
				priority: 'low',
				estimate_hours: '5'
			});
			expect(coerced.sent).toEqual({ title: 'Late delivery', priority: 'low', estimate_hours: 5 });
			expect(walk.state.step).toBe(lab.steps.length - 1);

			// The collision through the JSON (lab.json's solution), and with billing_v2 listed first.
			const reordered = {
				...collideScenario,
				mcp_servers: Object.fromEntries(
					Object.entries(collideScenario.mcp_servers).sort(([a], [b]) =>
						a === 'billing_v2' ? -1 : b === 'billing_v2' ? 1 : 0
					)
				)
			};
			expect(Object.keys(reordered.mcp_servers)[0]).toBe('billing_v2');
			for (const raw of [collideScenario, reordered]) {
				await apply(raw)();
				const record = await call('mcp__billing_v2__refund', { order: 'A-1001' });
				expect(record).toMatchObject({ server: 'billing_v2', sent: { order: 'A-1001' } });
				expect(world.shadowed.map((s) => [s.server, s.by])).toEqual([['billing.v2', 'billing_v2']]);
			}

			// A plugin's tool of the same name, registered after every MCP tool, takes the name; the
			// harness runs it, so no tools/call crosses the wire, and a kill of billing_v2 changes nothing.
			const sentCalls = () =>
				world.wire.entries.filter(
					(e) => e.kind === 'message' && 'method' in e.message && e.message.method === 'tools/call'
				).length;
			await step('plugin-tool', [
				[guess('server'), 1],
				[apply(pluginScenario), 2],
				[() => call('mcp__billing_v2__refund', { order: 'A-1001' }), 3],
				[() => world.kill('billing_v2'), 3],
				[() => call('mcp__billing_v2__refund', { order: 'A-1001' }), 4]
			]);
			expect(world.shadowed.map((s) => [s.name, s.server, s.by])).toEqual([
				['mcp__billing_v2__refund', 'billing.v2', 'billing_v2'],
				['mcp__billing_v2__refund', 'billing_v2', 'plugin:tracker']
			]);
			expect(world.calls.at(-1)).toMatchObject({
				plugin: 'tracker',
				sent: null,
				output: 'refund held by the tracker plugin'
			});
			expect(sentCalls()).toBe(0);
			for (const plugin of Object.keys(pluginScenario.plugins ?? {})) produced.add(plugin);
		} finally {
			world.dispose();
		}

		// Everything the code makes of this lab's servers and tools, under every host.
		const pairs = new Map<string, { server: string; tool: string }>();
		const servers = collideScenario.mcp_servers as Record<
			string,
			{
				command?: string;
				sim?: { tools?: { name: string; inputSchema?: { properties?: object } }[] };
			}
		>;
		for (const [server, config] of Object.entries(servers)) {
			produced.add(server);
			produced.add(segment(server));
			if (config.command) produced.add(config.command);
			for (const t of config.sim?.tools ?? []) {
				produced.add(t.name);
				produced.add(segment(t.name));
				for (const field of Object.keys(t.inputSchema?.properties ?? {})) produced.add(field);
				pairs.set(`${server}\0${t.name}`, { server, tool: t.name });
			}
		}
		for (const { server, tool } of pairs.values())
			for (const host of hosts)
				for (const prefix of [true, false]) produced.add(host.adapt(server, tool, { prefix }));
		const refunds = [...pairs.values()].filter((p) => p.tool === 'refund');
		for (const prefix of [true, false])
			for (const host of hosts)
				for (const entry of adaptAll(refunds, host.id, { prefix }).entries)
					produced.add(entry.name);
		for (const names of registries) for (const name of names) produced.add(name);
		produced.add(PROVIDER_LIMIT.source);
		produced.add(segment('')); // an empty part
		const ticket = simTool('internal-api', 'create_ticket');
		const properties = ticket.inputSchema.properties as Record<string, object>;
		for (const [field, schema] of Object.entries(properties)) {
			produced.add(field);
			for (const [keyword, value] of Object.entries(schema))
				if (keyword !== 'type')
					produced.add(`${keyword}: ${JSON.stringify(value).replaceAll(',', ', ')}`);
		}
		for (const field of buildInputModel(ticket.inputSchema).fields) produced.add(field.type);

		// Quoted on purpose though no code produces them: the wrong option, syntax and vocabulary.
		const wrongOnPurpose = ['mcp__internal_api__2fa_reset'];
		for (const name of wrongOnPurpose)
			for (const names of registries) expect(names).not.toContain(name);
		const hookGlob = 'mcp__internal-api__2fa*';
		for (const names of registries)
			for (const name of names) expect(globMatches(hookGlob, name), name).toBe(false);
		expect(globMatches(hookGlob, getHost('claude-code').adapt('internal-api', '2fa_reset'))).toBe(
			true
		);
		const prefixOfSegment = segment('2fa_reset').slice(0, 4);
		const vocabulary = new Set([
			// A server name learners type for billing_v2: its hint says why it collides with nothing.
			'billing-v2',
			'mcp__<server>__<tool>',
			'[A-Za-z0-9_-]',
			'_',
			'-',
			'.',
			'mcp',
			'mcp__',
			prefixOfSegment,
			hookGlob,
			'connect_all',
			'to_api_schema()',
			'include_server_in_tool_names',
			'denied_tools',
			'isError',
			// The JSON the plugin step adds its block beside, and the request it never sends.
			'mcp_servers',
			'tools/call',
			...wrongOnPurpose
		]);
		expect(prefixOfSegment).toBe('mcp_');

		for (const locale of locales)
			for (const span of allCode(texts[locale])) {
				if (span.startsWith('{')) {
					// An argument object: valid JSON, and one the walk above really sent.
					expect(argumentsUsed, `${locale}: ${span}`).toContain(JSON.stringify(JSON.parse(span)));
					continue;
				}
				const known = produced.has(span) || vocabulary.has(span);
				expect(known, `${locale}: unverified code span ${span}`).toBe(true);
			}
	});
});

describe('lab 02: the plugin step in another order', () => {
	it('is done when billing_v2 is killed before the first plugin call, then called twice', async () => {
		const { LabPlayer } = await import('../lab-player');
		const { stepComplete } = await import('../../src/lib/core/labs/progress');
		const last = lab.steps.length - 1;
		const player = await LabPlayer.at(lab, last);
		try {
			const [predict, apply, call] = lab.steps[last].solution;
			expect([predict.do, apply.do, call.do]).toEqual(['predict', 'setScenario', 'call']);
			await player.act(predict);
			await player.act(apply);
			await player.act({ do: 'kill', server: 'billing_v2' });
			await player.act(call);
			expect(stepComplete(player.state)).toBe(false);
			await player.act(call);
			expect(stepComplete(player.state)).toBe(true);
		} finally {
			player.dispose();
		}
	});
});
