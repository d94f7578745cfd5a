import { expect, type Page } from '@playwright/test';
import { t } from '../messages';
import type { ProfileAction } from '../profile-actions';

const panel = (page: Page) => page.locator('[data-profile="trust"]');

const settled = (page: Page) =>
	expect(page.getByTestId('workspace')).toHaveAttribute('data-settled', 'yes');

/** A connector's button, named after the connector ("Trust github"). */
const connectorButton =
	(key: string): ProfileAction =>
	async (page, locale, args) => {
		await panel(page)
			.getByRole('button', {
				name: t(locale, key, { connector: String(args.connector) }),
				exact: true
			})
			.click();
	};

const plain =
	(key: string): ProfileAction =>
	async (page, locale) => {
		await panel(page)
			.getByRole('button', { name: t(locale, key), exact: true })
			.click();
	};

/** Ticks or clears one tool in the grant editor; a name no circle shows yet is typed in. */
async function setTool(page: Page, locale: string, tool: string, on: boolean): Promise<void> {
	const box = panel(page).getByRole('checkbox', {
		name: t(locale, 'trust_grant_tool_label', { tool }),
		exact: true
	});
	if ((await box.count()) > 0) {
		if ((await box.isChecked()) === on) return;
		await box.click();
	} else {
		if (!on) return;
		await panel(page).getByLabel(t(locale, 'trust_grant_add_label'), { exact: true }).fill(tool);
		await panel(page)
			.getByRole('button', { name: t(locale, 'trust_grant_add_button'), exact: true })
			.click();
	}
	await settled(page);
}

async function setNetwork(page: Page, locale: string, on: boolean): Promise<void> {
	const network = panel(page).getByRole('switch', {
		name: t(locale, 'trust_network_label'),
		exact: true
	});
	if ((await network.isChecked()) !== on) await network.click();
}

/** The trust profile's commands as a learner performs them in its panel. */
export const trustActions: Record<string, ProfileAction> = {
	trust: connectorButton('trust_trust_label'),
	untrust: connectorButton('trust_untrust_label'),
	connect: connectorButton('trust_connect_label'),
	disconnect: connectorButton('trust_disconnect_label'),
	grantTool: (page, locale, args) =>
		setTool(page, locale, String(args.tool), args.allowed === true),
	network: (page, locale, args) => setNetwork(page, locale, args.on === true),
	/** The whole grant: each tool ticked or cleared, then the network switch. */
	grant: async (page, locale, args) => {
		const wanted = new Set((args.tools as string[] | undefined) ?? []);
		const boxes = panel(page).getByRole('checkbox', {
			name: new RegExp(`^${t(locale, 'trust_grant_tool_label', { tool: '' })}`)
		});
		const names = await boxes.evaluateAll((all) =>
			all.map((b) => b.getAttribute('aria-label') ?? '')
		);
		const prefix = t(locale, 'trust_grant_tool_label', { tool: '' });
		for (const name of names) {
			const tool = name.slice(prefix.length);
			if (!wanted.has(tool)) await setTool(page, locale, tool, false);
		}
		for (const tool of wanted) await setTool(page, locale, tool, true);
		await setNetwork(page, locale, args.network === true);
	},
	revoke: plain('trust_revoke_button'),
	healthCheck: plain('trust_health_button')
};
