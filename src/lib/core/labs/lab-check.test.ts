import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkLab, formatLabProblems } from './lab-check';

// What a lab author sees when the build refuses a lab: every problem, each with its file and
// path. Lab 01's files, each test changing one thing as an author might get it wrong.
const FOLDER = '01-connection-isolation';
const file = (name: string) =>
	readFileSync(new URL(`../../../../labs/${FOLDER}/${name}`, import.meta.url), 'utf8');
const json = file('lab.json');
const en = file('en.md');
const zh = file('zh-CN.md');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
function problemsOf(edit: (lab: Json) => void, narrations = { en, 'zh-CN': zh }, folder = FOLDER) {
	const lab = JSON.parse(json) as Json;
	edit(lab);
	const { checked, problems } = checkLab(folder, JSON.stringify(lab, null, '\t'), narrations);
	expect(checked === null).toBe(problems.length > 0);
	return formatLabProblems(folder, problems).split('\n');
}

describe('the build’s lab check', () => {
	it('passes lab 01 as it is', () => {
		expect(checkLab(FOLDER, json, { en, 'zh-CN': zh }).problems).toEqual([]);
	});

	it('names a misspelt goal kind where it is, with the kind meant', () => {
		expect(
			problemsOf((lab) => {
				lab.steps[0].checks[1].goal = { registy: { count: 1 } };
				lab.steps[2].checks[0].goal = { all: [{ server: 'filesystem', stat: 'failed' }] };
			})
		).toEqual([
			'labs/01-connection-isolation/lab.json: steps[0].checks[1].goal: Unknown goal kind "registy" (did you mean "registry"?).',
			'labs/01-connection-isolation/lab.json: steps[2].checks[0].goal.all[0]: Unrecognized key: "stat" (did you mean "state"?)'
		]);
	});

	it('names the key meant for a misspelt one in the scenario and an action, and none for a key like no other', () => {
		expect(
			problemsOf((lab) => {
				const sim = lab.scenario.mcp_servers['internal-api'].sim;
				sim.tool = sim.tools;
				delete sim.tools;
				lab.scenario.mcp_servers.realtime.sim = { qqqqqq: 1 };
				lab.steps[0].solution[0].serverr = 'x';
			}).filter((line) => line.includes('Unrecognized'))
		).toEqual([
			'labs/01-connection-isolation/lab.json: scenario.mcp_servers.internal-api.sim: Unrecognized key: "tool" (did you mean "tools"?)',
			'labs/01-connection-isolation/lab.json: scenario.mcp_servers.realtime.sim: Unrecognized key: "qqqqqq"',
			'labs/01-connection-isolation/lab.json: steps[0].solution[0]: Unrecognized key: "serverr" (did you mean "server"?)'
		]);
	});

	it('names the action meant for a misspelt kind', () => {
		expect(
			problemsOf((lab) => {
				lab.steps[0].solution[0].do = 'kil';
			})
		).toEqual([
			expect.stringMatching(
				/^labs\/01-connection-isolation\/lab\.json: steps\[0\]\.solution\[0\]\.do: Invalid discriminator value\. .* \(did you mean "kill"\?\)$/
			)
		]);
	});

	it('says where a JSON syntax error is', () => {
		const broken = json.replace('"order": 1,', '"order": 1,,');
		const line = json.slice(0, json.indexOf('"order"')).split('\n').length;
		const [problem] = checkLab(FOLDER, broken, { en, 'zh-CN': zh }).problems;
		expect(problem.file).toBe('lab.json');
		expect(problem.message).toMatch(new RegExp(`^Not JSON: .* at line ${line}, column 13\\.$`));
	});

	it('says a lab.json starting with a byte order mark is one, and reads narration with one', () => {
		const [problem] = checkLab(FOLDER, `\uFEFF${json}`, { en, 'zh-CN': zh }).problems;
		expect(formatLabProblems(FOLDER, [problem])).toBe(
			'labs/01-connection-isolation/lab.json: lab.json starts with a byte order mark (U+FEFF), which editors do not show and JSON does not allow: save it as UTF-8 without BOM.'
		);
		// A Windows editor's narration: BOM and CRLF line ends, read as the same text.
		const windows = (text: string) => `\uFEFF${text.replace(/\n/g, '\r\n')}`;
		const { checked, problems } = checkLab(FOLDER, json, { en: windows(en), 'zh-CN': windows(zh) });
		expect(problems).toEqual([]);
		expect(checked!.text).toEqual(checkLab(FOLDER, json, { en, 'zh-CN': zh }).checked!.text);
	});

	it('reads a stage as the page shows it, and refuses a stage, outcome or state it does not know', () => {
		const goal = (call: Json) => (lab: Json) => (lab.steps[0].checks[3].goal = { call });
		expect(problemsOf(goal({ stage: 'pre_tool_use', outcome: 'passed' }), undefined).join('')).toBe(
			''
		);
		expect(problemsOf(goal({ stage: 'pre-tool-use' }))).toEqual([
			'labs/01-connection-isolation/lab.json: steps[0].checks[3].goal.call.stage: Unknown stage "pre-tool-use": one of pre_tool_use, lookup, validation, permission, awaiting_approval, executing, normalising, post_tool_use.'
		]);
		expect(problemsOf(goal({ stage: 'executing', outcome: 'failed' }))).toEqual([
			'labs/01-connection-isolation/lab.json: steps[0].checks[3].goal.call.outcome: Stage executing has no outcome "failed": one of returned, not-connected, call-failed, read-failed.'
		]);
		expect(problemsOf(goal({ outcome: 'ran' }))[0]).toMatch(
			/call\.outcome: An outcome needs its stage\.$/
		);
		expect(problemsOf(goal({ state: 'complete' }))[0]).toMatch(
			/call\.state: Invalid option: .* \(did you mean "completed"\?\)$/
		);
		expect(
			problemsOf((lab) => (lab.steps[0].checks[0].goal = { permissionMode: 'fullauto' }))[0]
		).toMatch(/goal\.permissionMode: Invalid option: .* \(did you mean "full_auto"\?\)$/);
	});

	it('refuses a command the world never logs, naming the one an action is logged as', () => {
		const command = (word: string) => (lab: Json) =>
			(lab.steps[3].checks[0].goal = { command: word });
		expect(problemsOf(command('reconnectall'))).toEqual([
			expect.stringMatching(
				/^labs\/01-connection-isolation\/lab\.json: steps\[3\]\.checks\[0\]\.goal\.command: Unknown command "reconnectall" \(did you mean "reconnectAll"\?\): one of startSession, /
			)
		]);
		// The actions call, answer and cancel are logged as callTool, answerApproval, cancelCall.
		expect(problemsOf(command('call'))[0]).toContain(
			'goal.command: Unknown command "call" (did you mean "callTool"?)'
		);
		expect(problemsOf(command('answer'))[0]).toContain('(did you mean "answerApproval"?)');
		expect(problemsOf(command('reconnectAll'), undefined)).toEqual(['']);
	});

	it('refuses a server state no profile of the lab says', () => {
		const state = (word: string) => (lab: Json) =>
			(lab.steps[3].checks[1].goal = { not: { server: 'filesystem', state: word } });
		expect(problemsOf(state('faild'))).toEqual([
			'labs/01-connection-isolation/lab.json: steps[3].checks[1].goal.not.state: Unknown server state "faild" (did you mean "failed"?): one of pending, connected, failed, disabled, refused, disconnected, trusted, connecting, initializing, initialized, closed.'
		]);
		// MiniHarness's word, in an OpenHarness lab: a goal no world of this lab would meet.
		expect(problemsOf(state('initialized'))).toEqual([
			'labs/01-connection-isolation/lab.json: steps[3].checks[1].goal.not.state: No server is "initialized" under openharness: a server\'s state is one of pending, connected, failed, disabled.'
		]);
		// A lab that switches to MiniHarness with setScenario has its words too.
		expect(
			problemsOf((lab) => {
				state('initialized')(lab);
				lab.panels = ['servers', 'machine', 'registry', 'pipeline', 'log', 'editor'];
				lab.steps[6].solution.push({
					do: 'setScenario',
					scenario: { profile: 'miniharness', mcp_servers: lab.scenario.mcp_servers }
				});
			})
		).toEqual(['']);
	});

	it('refuses ids twice, an answer not among the options, and a folder that is not the id', () => {
		expect(
			problemsOf(
				(lab) => {
					lab.steps[3].id = lab.steps[2].id;
					lab.steps[0].checks[1].id = lab.steps[0].checks[0].id;
					lab.steps[1].predict.answer = 'maybe';
				},
				undefined,
				'12-copy'
			).filter((line) => line.includes('lab.json'))
		).toEqual([
			'labs/12-copy/lab.json: steps[3].id: Step kill-and-call is already step 3.',
			'labs/12-copy/lab.json: steps[0].checks[1].id: This step already has a check session-started.',
			`labs/12-copy/lab.json: steps[1].predict.answer: The answer maybe is not one of the options (${JSON.parse(json).steps[1].predict.options.join(', ')}).`,
			// A cue of the renamed step's now points nowhere.
			'labs/12-copy/lab.json: cues[5].step: There is no step reconnect-all in this lab.'
		]);
		expect(problemsOf(() => {}, undefined, '12-copy')).toEqual([
			'labs/12-copy/lab.json: id: The id is "01-connection-isolation" but the folder is "12-copy": they must be the same.'
		]);
	});

	it('needs both languages, each narrating exactly lab.json’s steps and checks', () => {
		expect(problemsOf(() => {}, { en } as never)).toEqual([
			'labs/01-connection-isolation/zh-CN.md: zh-CN.md is missing: every lab is narrated in en and zh-CN.'
		]);
		const renamed = zh.replace('{#hang}', '{#hung}').replace('{kill-filesystem}', '{kill-fs}');
		expect(problemsOf(() => {}, { en, 'zh-CN': renamed })).toEqual([
			'labs/01-connection-isolation/zh-CN.md: steps: Has meet-the-world, predict-the-kill, kill-and-call, reconnect-all, stale-registry, restart-and-recover, hung; lab.json has meet-the-world, predict-the-kill, kill-and-call, reconnect-all, stale-registry, restart-and-recover, hang.',
			'labs/01-connection-isolation/zh-CN.md: {#kill-and-call} checks: Has call-dead-server, call-other-server, kill-fs; lab.json has call-dead-server, call-other-server, kill-filesystem.'
		]);
	});

	it('says a missing or empty title, or a missing summary, once, at its line', () => {
		const body = en.slice(en.indexOf('\n## '));
		const [title, summary] = en.split('\n\n', 2);
		const cases: Array<[string, string]> = [
			[body.trimStart(), `line 1: there is no "# " title line`],
			[`# \n\n${summary}\n${body}`, `line 1: the "# " title line has no words`],
			[`${title}\n${body}`, `line 1: there is no summary`]
		];
		for (const [narration, problem] of cases)
			expect(problemsOf(() => {}, { en: narration, 'zh-CN': zh })).toEqual([
				expect.stringContaining(`labs/01-connection-isolation/en.md: ${problem}`)
			]);
	});

	it('says where a narration uses what the page would show as typed', () => {
		const linked = en.replace(
			'{#meet-the-world}\n',
			'{#meet-the-world}\n\nSee [the spec](http://modelcontextprotocol.io).\n'
		);
		const line = linked.split('\n').findIndex((l) => l.startsWith('See [')) + 1;
		expect(problemsOf(() => {}, { en: linked, 'zh-CN': zh })).toEqual([
			expect.stringMatching(
				new RegExp(`^labs/01-connection-isolation/en\\.md: line ${line}: .*\\[the spec\\]`)
			)
		]);
	});

	it('refuses a link to a panel this lab does not show, and passes one it shows', () => {
		const linked = en.replace(
			'{#meet-the-world}\n',
			'{#meet-the-world}\n\nIn [Model calls](#calls), call it; then read [the messages](#messages).\n'
		);
		expect(problemsOf(() => {}, { en: linked, 'zh-CN': zh })).toEqual([
			'labs/01-connection-isolation/en.md: {#meet-the-world}: Links to #messages, on the messages panel, which this lab does not show (panels).'
		]);
		const shows = JSON.stringify({
			...JSON.parse(json),
			panels: ['servers', 'machine', 'registry', 'pipeline', 'messages']
		});
		expect(checkLab(FOLDER, shows, { en: linked, 'zh-CN': zh }).problems).toEqual([]);
	});

	it('hides panels only on a step with a question, before the solution needs them', () => {
		const hide = (step: number, panels: string[], solution?: Json[]) =>
			problemsOf((lab) => {
				lab.steps[step].hideUntilAnswered = panels;
				if (solution) lab.steps[step].solution = solution;
			});
		// Step 2 predicts the kill; hiding what shows the answer is what the field is for.
		expect(checkLab(FOLDER, json, { en, 'zh-CN': zh }).problems).toEqual([]);
		expect(hide(1, ['registry', 'machine'])).toEqual(['']);
		expect(hide(0, ['registry'])).toEqual([
			'labs/01-connection-isolation/lab.json: steps[0].hideUntilAnswered: Only a step with a question (predict) can hide panels until it is answered.'
		]);
		expect(hide(1, ['registry', 'naming', 'registry'])).toEqual([
			'labs/01-connection-isolation/lab.json: steps[1].hideUntilAnswered[1]: This lab does not show the naming panel (panels).',
			'labs/01-connection-isolation/lab.json: steps[1].hideUntilAnswered[2]: The registry panel is already listed.'
		]);
		const callFirst = [
			{ do: 'call', tool: 'mcp__filesystem__read_file', arguments: { path: '/data/notes.txt' } },
			{ do: 'predict', option: 'still-connected' }
		];
		expect(hide(1, ['pipeline'], callFirst)).toEqual([
			'labs/01-connection-isolation/lab.json: steps[1].solution[0]: call is done on the pipeline panel, which stays hidden until the question is answered: predict first.'
		]);
		expect(hide(1, ['pipeline'], callFirst.slice().reverse())).toEqual(['']);
	});

	it('has a step with a question check its answer first', () => {
		expect(
			problemsOf((lab) => {
				// Its one check reads the world instead of the answer.
				(lab.steps[1].checks as Json[])[0].goal = { sessionStarted: true };
			})
		).toEqual([
			'labs/01-connection-isolation/lab.json: steps[1].checks[0]: A step with a question checks it first: { "predicted": true }.'
		]);
	});

	it('covers a panel for the next question only where that question uncovers it', () => {
		const forNext = (panels: string[], nextHides?: string[], ownHides?: string[]) =>
			problemsOf((lab) => {
				lab.steps[0].hideForNextQuestion = panels;
				// Step 0 has no question of its own; this one is only for the overlap below.
				if (ownHides) lab.steps[0].predict = { options: ['a', 'b'], answer: 'a' };
				if (ownHides) lab.steps[0].hideUntilAnswered = ownHides;
				if (nextHides) lab.steps[1].hideUntilAnswered = nextHides;
				// Step 0's solution calls a tool, on the pipeline panel: keep it off that panel.
				lab.steps[0].solution = [{ do: 'kill', server: 'filesystem' }];
			});
		expect(forNext(['registry', 'machine'], ['machine', 'registry'])).toEqual(['']);
		expect(forNext(['registry', 'registry'], ['registry'])).toEqual([
			'labs/01-connection-isolation/lab.json: steps[0].hideForNextQuestion[1]: The registry panel is already listed.'
		]);
		expect(forNext(['registry'])).toEqual([
			"labs/01-connection-isolation/lab.json: steps[0].hideForNextQuestion[0]: The next step's question does not cover the registry panel (its hideUntilAnswered), so nothing would uncover it."
		]);
		expect(forNext(['registry'], ['registry'], ['registry'])).toContain(
			'labs/01-connection-isolation/lab.json: steps[0].hideForNextQuestion[0]: The registry panel is also in hideUntilAnswered: list it here only.'
		);
		// The step's own solution cannot use a panel covered for all of it.
		expect(
			problemsOf((lab) => {
				lab.steps[0].hideForNextQuestion = ['pipeline'];
				lab.steps[1].hideUntilAnswered = ['pipeline'];
			})
		).toEqual([
			'labs/01-connection-isolation/lab.json: steps[0].solution[0]: call is done on the pipeline panel, which stays hidden for the whole step (hideForNextQuestion).'
		]);
	});

	it('says where a tool’s JSON Schema has a typo, in the lab’s world and in one a solution sets', () => {
		expect(
			problemsOf((lab) => {
				lab.scenario.mcp_servers['internal-api'].sim.tools[0].inputSchema.properties.query.type =
					'strin';
				lab.steps[6].solution.unshift({
					do: 'setScenario',
					scenario: {
						mcp_servers: {
							x: {
								type: 'stdio',
								command: 'x',
								sim: { tools: [{ name: 't', inputSchema: { type: 'object', requird: [] } }] }
							}
						}
					}
				});
			})
		).toEqual([
			'labs/01-connection-isolation/lab.json: scenario.mcp_servers.internal-api.sim.tools[0].inputSchema.properties.query.type: Unknown type "strin" (did you mean "string"?): one of string, number, integer, boolean, object, array, null, or an array of them.',
			'labs/01-connection-isolation/lab.json: steps[6].solution[0].scenario.mcp_servers.x.sim.tools[0].inputSchema.requird: Unknown keyword "requird" (did you mean "required"?).',
			'labs/01-connection-isolation/lab.json: steps[6].solution[0]: setScenario is done on the editor panel, which this lab does not show (panels).'
		]);
	});

	it('needs each hint narrated in both languages, with its goal about a server the lab has', () => {
		const hint = (lab: Json) => {
			lab.steps[0].hints = [
				{ id: 'wrong-server', goal: { server: 'filesystem', state: 'failed' } }
			];
		};
		const line = '- [ ] {first-call}';
		const withHint = (md: string, words: string) =>
			md.replace(
				new RegExp(`(${line.replace(/[[\]{}]/g, '\\$&')}[^\n]*)`),
				`$1\n- [!] {wrong-server} ${words}`
			);
		const enHinted = withHint(en, 'Kill `filesystem`, not another server.');
		const zhHinted = withHint(zh, '要终止的是 `filesystem`，不是别的服务器。');
		expect(problemsOf(hint, { en: enHinted, 'zh-CN': zhHinted })).toEqual(['']);
		expect(problemsOf(hint, { en: enHinted, 'zh-CN': zh })).toEqual([
			'labs/01-connection-isolation/zh-CN.md: {#meet-the-world} hints: Has none; lab.json has wrong-server.'
		]);
		expect(problemsOf(() => {}, { en: enHinted, 'zh-CN': zh })).toEqual([
			'labs/01-connection-isolation/en.md: {#meet-the-world} hints: Has wrong-server; lab.json has none.'
		]);
		expect(
			problemsOf(
				(lab) => {
					hint(lab);
					lab.steps[0].hints.push({ id: 'wrong-server', goal: { predicted: true } });
				},
				{ en: enHinted, 'zh-CN': zhHinted }
			)
		).toEqual([
			expect.stringContaining('steps[0].hints[1].id: This step already has a hint wrong-server.')
		]);
		expect(
			problemsOf(
				(lab) => {
					hint(lab);
					lab.steps[0].hints[0].goal.server = 'filesytem';
				},
				{ en: enHinted, 'zh-CN': zhHinted }
			)
		).toEqual([
			expect.stringContaining(
				'steps[0].hints[0].goal: No scenario of this lab has a server "filesytem"'
			)
		]);
	});

	it('refuses in lab.json a check, hint or option id the narration cannot write', () => {
		expect(
			problemsOf((lab) => {
				lab.steps[0].checks[3].id = 'firstCall';
				lab.steps[1].predict.options[0] = 'marked failed';
			}).filter((line) => line.includes('lab.json'))
		).toEqual([
			'labs/01-connection-isolation/lab.json: steps[0].checks[3].id: Invalid string: must match pattern /^[a-z0-9-]+$/',
			'labs/01-connection-isolation/lab.json: steps[1].predict.options[0]: Invalid string: must match pattern /^[a-z0-9-]+$/'
		]);
	});

	it('refuses a solution’s or a cue’s answer that is not one of the question’s options', () => {
		expect(
			problemsOf((lab) => {
				lab.steps[1].solution[0].option = 'still-conected';
				lab.steps[1].predict.options.push('auto-restart');
				lab.steps[0].solution.unshift({ do: 'predict', option: 'still-connected' });
				lab.cues[1].actions = [{ do: 'predict', option: 'maybe' }]; // cue ask-the-room
			})
		).toEqual([
			'labs/01-connection-isolation/lab.json: steps[0].solution[0]: Step meet-the-world asks no question (predict) to answer.',
			'labs/01-connection-isolation/lab.json: steps[1].predict.options[3]: The option auto-restart is already listed.',
			'labs/01-connection-isolation/lab.json: steps[1].solution[0].option: Step predict-the-kill has no option still-conected: one of marked-failed, auto-restart, still-connected, auto-restart.',
			'labs/01-connection-isolation/lab.json: cues[1].actions[0].option: Step predict-the-kill has no option maybe: one of marked-failed, auto-restart, still-connected, auto-restart.'
		]);
	});

	it('needs a question’s options in lab.json’s order, so both languages show the same order', () => {
		const swapped = zh.replace(
			/(- \{marked-failed\} .*\n)(- \{auto-restart\} .*\n)/,
			(_, first: string, second: string) => second + first
		);
		expect(swapped).not.toBe(zh);
		expect(problemsOf(() => {}, { en, 'zh-CN': swapped })).toEqual([
			'labs/01-connection-isolation/zh-CN.md: {#predict-the-kill} options: Has auto-restart, marked-failed, still-connected; lab.json has marked-failed, auto-restart, still-connected.'
		]);
	});

	it('refuses a Chinese narration left in English', () => {
		expect(problemsOf(() => {}, { en, 'zh-CN': en })).toEqual([
			expect.stringMatching(/^labs\/01-connection-isolation\/zh-CN\.md: title: No Chinese in "/),
			expect.stringMatching(/zh-CN\.md: summary: No Chinese in "/),
			...JSON.parse(json).steps.map((step: { id: string }) =>
				expect.stringContaining(`zh-CN.md: {#${step.id}}: No Chinese in "`)
			)
		]);
	});

	it('refuses a goal about a server no scenario of the lab has', () => {
		expect(
			problemsOf(
				(lab) => (lab.steps[2].checks[0].goal = { server: 'filesytem', process: 'killed' })
			)
		).toEqual([
			'labs/01-connection-isolation/lab.json: steps[2].checks[0].goal: No scenario of this lab has a server "filesytem": filesystem, internal-api, realtime.'
		]);
		// Named twice in one goal (a command on it and how it stands): said once.
		expect(
			problemsOf(
				(lab) =>
					(lab.steps[2].checks[0].goal = {
						all: [
							{ command: 'kill', server: 'filesytem' },
							{ server: 'filesytem', process: 'killed' }
						]
					})
			)
		).toEqual([
			'labs/01-connection-isolation/lab.json: steps[2].checks[0].goal: No scenario of this lab has a server "filesytem": filesystem, internal-api, realtime.'
		]);
		// A built-in's or a plugin tool's registry entry or call has server "": no server to have.
		expect(
			problemsOf((lab) => {
				lab.steps[2].checks[0].goal = { registry: { name: 'list_mcp_resources', server: '' } };
				lab.steps[2].checks[1].goal = { call: { name: 'read_mcp_resource', server: '' } };
			})
		).toEqual(['']);
		expect(
			problemsOf((lab) => (lab.steps[2].checks[0].goal = { server: '', process: 'killed' }))
		).toEqual([
			'labs/01-connection-isolation/lab.json: steps[2].checks[0].goal: No scenario of this lab has a server "": filesystem, internal-api, realtime.'
		]);
	});

	it('refuses an action on a server no scenario of the lab has, in a solution or a cue', () => {
		expect(
			problemsOf((lab) => {
				lab.steps[2].solution[0].server = 'filesytem';
				lab.cues[0].actions.push({ do: 'hang', server: 'internal' });
			})
		).toEqual([
			'labs/01-connection-isolation/lab.json: steps[2].solution[0].server: No scenario of this lab has a server "filesytem": filesystem, internal-api, realtime.',
			'labs/01-connection-isolation/lab.json: cues[0].actions[1].server: No scenario of this lab has a server "internal": filesystem, internal-api, realtime.'
		]);
	});

	it('checks the scenarios a solution sets, and a scenario key the lab does not know', () => {
		const lines = problemsOf((lab) => {
			lab.scenario.permision = { mode: 'plan' };
			lab.panels = ['servers', 'machine', 'registry', 'pipeline'];
			lab.steps[6].solution.push({
				do: 'setScenario',
				scenario: { mcp_servers: { x: { type: 'stdio', args: 'nope' } } }
			});
			lab.steps[6].solution.push({ do: 'connectAll' });
		});
		expect(lines).toEqual([
			expect.stringMatching(
				/^labs\/01-connection-isolation\/lab\.json: scenario\.permision: A scenario has no "permision": one of profile, mcp_servers, plugins, permissions, /
			),
			'labs/01-connection-isolation/lab.json: steps[6].solution[3].scenario.mcp_servers.x.command: Invalid input: expected string, received undefined',
			'labs/01-connection-isolation/lab.json: steps[6].solution[3].scenario.mcp_servers.x.args: Invalid input: expected array, received string',
			'labs/01-connection-isolation/lab.json: steps[6].solution[3]: setScenario is done on the editor panel, which this lab does not show (panels).',
			'labs/01-connection-isolation/lab.json: steps[6].solution[4]: No control on the page does connectAll: a learner cannot play this step.'
		]);
	});
});
