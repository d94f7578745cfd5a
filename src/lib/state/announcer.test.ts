import { describe, expect, it } from 'vitest';
import { i18n } from '$lib/i18n/locale.svelte';
import { Announcer, joinSentences, LONGEST_WAIT_MS, QUIET_MS, SAID_MAX } from './announcer.svelte';

/** The region speaks once the page has been quiet for its wait (0 here): after a macrotask. */
const said = () => new Promise((resolve) => setTimeout(resolve, 0));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the live region across a language switch', () => {
	it('holds nothing said in the old language once the page switched', async () => {
		const announcer = new Announcer(0, 0);
		announcer.say('filesystem: killed');
		await said();
		expect(announcer.message).toBe('filesystem: killed');
		i18n.locale = 'zh-CN';
		try {
			expect(announcer.message).toBe('');
			announcer.say('filesystem：已终止');
			await said();
			expect(announcer.message).toBe('filesystem：已终止');
		} finally {
			i18n.locale = 'en';
		}
		expect(announcer.message).toBe('');
	});

	it('drops a sentence still waiting for quiet when the page switches language', async () => {
		const announcer = new Announcer(30, 100);
		announcer.say('Done before its turn');
		i18n.locale = 'zh-CN';
		try {
			announcer.say('目标达成');
			await wait(80);
			expect(announcer.message).toBe('目标达成');
		} finally {
			i18n.locale = 'en';
		}
	});

	it('does not bring the old sentence back when the page switches back', async () => {
		const announcer = new Announcer(0, 0);
		announcer.say('filesystem: killed');
		await said();
		i18n.locale = 'zh-CN';
		i18n.locale = 'en';
		expect(announcer.message).toBe('');
	});
});

describe('a burst', () => {
	it('says where things ended up after what happened, whichever was noticed first', async () => {
		const announcer = new Announcer(0, 0);
		announcer.say('Call c1 held after lookup.', { last: true });
		announcer.say('The model calls a tool');
		announcer.say('Call c1 started');
		await said();
		expect(announcer.message).toBe(
			'The model calls a tool. Call c1 started. Call c1 held after lookup.'
		);
		// The next burst starts empty: nothing held back from the last one.
		announcer.say('Call c1 completed');
		await said();
		expect(announcer.message).toBe('Call c1 completed');
	});
});

describe('a burst across tasks', () => {
	it('merges what is said until the page is quiet: a sentence a few ms after another no longer replaces it', async () => {
		const announcer = new Announcer(60, 400);
		announcer.say('notes-live: failed, Unauthorized');
		await wait(10);
		announcer.say('notes-live has its new address');
		await wait(20);
		expect(announcer.message).toBe('');
		await wait(120);
		expect(announcer.message).toBe(
			'notes-live: failed, Unauthorized. notes-live has its new address'
		);
		// After a quiet spell, a new message.
		announcer.say('Step 4 is open');
		await wait(120);
		expect(announcer.message).toBe('Step 4 is open');
	});

	it('speaks within its longest wait even while sentences keep coming', async () => {
		const announcer = new Announcer(60, 150);
		const start = performance.now();
		while (announcer.message === '' && performance.now() - start < 1_000) {
			announcer.say('tick');
			await wait(20);
		}
		expect(performance.now() - start).toBeLessThan(400);
		expect(announcer.message).toMatch(/^tick\. tick/);
	});

	it('waits a fraction of a second on the page', () => {
		expect(QUIET_MS).toBeGreaterThanOrEqual(140);
		expect(LONGEST_WAIT_MS).toBeLessThanOrEqual(1_000);
	});
});

describe('gathering', () => {
	it('holds a cue’s sentences until it is released, then says them as one message', async () => {
		const announcer = new Announcer(0, 0);
		const release = announcer.gather();
		announcer.say('The host kills filesystem');
		await said();
		expect(announcer.message).toBe('');
		announcer.say('filesystem: killed');
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(announcer.message).toBe('');
		announcer.say('Cue 3 of 10: Kill the filesystem server', { last: true });
		release();
		release();
		await said();
		expect(announcer.message).toBe(
			'The host kills filesystem. filesystem: killed. Cue 3 of 10: Kill the filesystem server'
		);
		// Released, it says things as they come again.
		announcer.say('filesystem: running');
		await said();
		expect(announcer.message).toBe('filesystem: running');
	});
});

describe('sentences said together', () => {
	it('puts one full stop between them, never two', () => {
		expect(joinSentences(['Profile command.', 'Connector notion trusted; connecting.'])).toBe(
			'Profile command. Connector notion trusted; connecting.'
		);
		// A part cut short ("…") gets no full stop after it.
		expect(joinSentences(['Call c1 failed: the run is interrupted until…', 'Step done.'])).toBe(
			'Call c1 failed: the run is interrupted until… Step done.'
		);
		expect(joinSentences(['filesystem: connected', 'realtime: failed'])).toBe(
			'filesystem: connected. realtime: failed'
		);
		expect(joinSentences(['正在核对一次调用。', '调用 c1 已核对：副作用未发生。'])).toBe(
			'正在核对一次调用。 调用 c1 已核对：副作用未发生。'
		);
		expect(joinSentences(['Only one'])).toBe('Only one');
	});

	it('ends a sentence with 。 on a Chinese page, with no space after it', () => {
		expect(
			joinSentences(
				['调用 c1（mcp__helpdesk__lookup_ticket）已完成', '目标达成：重新连接全部。'],
				'zh-CN'
			)
		).toBe('调用 c1（mcp__helpdesk__lookup_ticket）已完成。目标达成：重新连接全部。');
		expect(joinSentences(['legacy：connected', 'future：failed'], 'zh-CN')).toBe(
			'legacy：connected。future：failed'
		);
		// A sentence a server wrote in English keeps its own stop and the space after it.
		expect(joinSentences(['Ticket created.', '调用 c2 已完成'], 'zh-CN')).toBe(
			'Ticket created. 调用 c2 已完成'
		);
	});
});

describe('what the live region says of one sentence', () => {
	it('is at most SAID_MAX characters, cut with an ellipsis: a screen reader reads it to the end', async () => {
		const announcer = new Announcer(0, 0);
		announcer.say(`Server ${'x'.repeat(200_000)} connected.`);
		await said();
		expect(announcer.message).toBe(`Server ${'x'.repeat(SAID_MAX - 7)}…`);
		announcer.say('Short sentences stay whole.');
		await said();
		expect(announcer.message).toBe('Short sentences stay whole.');
	});
});
