// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { trustScenario } from '$lib/core/profiles/trust/test-scenario';
import { buttonTag, html, startedStates, text } from '../../test-support/render';
import TrustPanel from './TrustPanel.svelte';

const session = startedStates(trustScenario);
const GH = 'mcp__github__list_issues';

/** The opening tag of the checkbox with this accessible name, and its list item's region. */
function checkbox(markup: string, label: string): { tag: string; region: string } {
	const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const found = markup.match(
		new RegExp(
			`data-region="(\\w+)"[^>]*>(?:(?!data-region)[\\s\\S])*?(<input[^>]*aria-label="${escaped}"[^>]*>)`
		)
	);
	expect(found, `a checkbox named ${label}`).not.toBeNull();
	return { region: found![1], tag: found![2] };
}

describe('the trust panel', () => {
	afterEach(() => overwriteGetLocale(() => 'en'));

	it('labels the harness’s own state word in the page’s language, beside the translated trust', async () => {
		const world = await session();
		const row = (markup: string) =>
			text(markup.slice(markup.indexOf('>', markup.indexOf('data-connector="notion"')) + 1)).slice(
				0,
				60
			);
		expect(row(html(world, TrustPanel))).toMatch(/^ ?notion status: disconnected not trusted/);
		overwriteGetLocale(() => 'zh-CN');
		expect(row(html(world, TrustPanel))).toMatch(/^ ?notion 状态： ?disconnected 未信任/);
	});

	it('before any trust: every connector disconnected, Trust buttons, the empty block', async () => {
		const world = await session();
		const markup = html(world, TrustPanel);
		expect(markup).toContain('data-profile="trust"');
		buttonTag(markup, 'Trust connector github');
		buttonTag(markup, 'Connect connector notion');
		expect(text(markup)).toContain(
			'<available_deferred_tools> (no connectors connected — use trust_connector to activate) </available_deferred_tools>'
		);
		expect(text(markup)).toContain('Tools in the pool: 0.');
	});

	it('after trust and a grant: the tool sits in the middle circle, ticked, and is in the pool', async () => {
		const world = await session();
		await world.run((w) => w.profileCommand('trust', { connector: 'github' }));
		let markup = html(world, TrustPanel);
		buttonTag(markup, 'Disconnect connector github');
		buttonTag(markup, 'Withdraw trust from connector github');
		expect(checkbox(markup, `Grant ${GH}`).region).toBe('available');
		expect(checkbox(markup, `Grant ${GH}`).tag).not.toMatch(/\schecked/);
		expect(text(markup)).toContain(`- ${GH}: List issues on a GitHub repository.`);
		expect(text(markup)).toContain('In both, but network is off: the pool is empty');

		await world.run((w) => w.profileCommand('grant', { tools: [GH, 'mcp__x__y'], network: true }));
		markup = html(world, TrustPanel);
		expect(checkbox(markup, `Grant ${GH}`)).toMatchObject({ region: 'both' });
		expect(checkbox(markup, `Grant ${GH}`).tag).toMatch(/\schecked/);
		expect(checkbox(markup, 'Grant mcp__x__y').region).toBe('granted');
		expect(text(markup)).toContain('Pool: in both');
		expect(text(markup)).toContain('Tools in the pool: 1.');
	});

	it('shows a refused connect, loaded schemas and health results as text', async () => {
		const world = await session();
		await world.run((w) => w.profileCommand('connect', { connector: 'notion' }));
		await world.run((w) => w.profileCommand('trust', { connector: 'github' }));
		await world.run((w) => w.profileCommand('grant', { tools: [GH], network: true }));
		await world.run((w) => w.callTool('ToolSearch', { tool_names: [GH] }));
		await world.run((w) => w.profileCommand('healthCheck'));
		const all = text(html(world, TrustPanel));
		expect(all).toContain('Connector notion is not trusted: nothing was started.');
		expect(all).toContain(
			'{"type":"object","properties":{"repo":{"type":"string"}},"required":["repo"]}'
		);
		expect(all).toContain('github : ok');
		// A connector that does not answer says why, as the client reported it.
		await world.run((w) => w.kill('github'));
		await world.run((w) => w.profileCommand('healthCheck'));
		expect(text(html(world, TrustPanel))).toContain('github : down ( Not connected )');
	});

	it('bounds a hostile description and never renders it as markup', async () => {
		const world = await session({
			profile: 'trust',
			mcp_servers: {
				evil: {
					type: 'stdio',
					command: 'x',
					sim: {
						tools: [
							{
								name: 'big',
								description: '<img src=x onerror=alert(1)>' + 'A'.repeat(50_000),
								result: { content: [] }
							}
						]
					}
				}
			}
		});
		await world.run((w) => w.profileCommand('trust', { connector: 'evil' }));
		const markup = html(world, TrustPanel);
		expect(markup).not.toContain('<img');
		expect(markup).toContain('&lt;img');
		expect(markup.length).toBeLessThan(60_000);
	});
});
