import { describe, expect, it } from 'vitest';
import { i18n } from '$lib/i18n/locale.svelte';
import { Announcer, joinSentences } from './announcer.svelte';

describe('the live region across a language switch', () => {
	it('holds nothing said in the old language once the page switched', async () => {
		const announcer = new Announcer();
		announcer.say('filesystem: killed');
		await Promise.resolve();
		expect(announcer.message).toBe('filesystem: killed');
		i18n.locale = 'zh-CN';
		try {
			expect(announcer.message).toBe('');
			announcer.say('filesystem：已终止');
			await Promise.resolve();
			expect(announcer.message).toBe('filesystem：已终止');
		} finally {
			i18n.locale = 'en';
		}
		expect(announcer.message).toBe('');
	});

	it('does not bring the old sentence back when the page switches back', async () => {
		const announcer = new Announcer();
		announcer.say('filesystem: killed');
		await Promise.resolve();
		i18n.locale = 'zh-CN';
		i18n.locale = 'en';
		expect(announcer.message).toBe('');
	});
});

describe('a burst', () => {
	it('says where things ended up after what happened, whichever was noticed first', async () => {
		const announcer = new Announcer();
		announcer.say('Call c1 held after lookup.', { last: true });
		announcer.say('The model calls a tool');
		announcer.say('Call c1 started');
		await Promise.resolve();
		expect(announcer.message).toBe(
			'The model calls a tool. Call c1 started. Call c1 held after lookup.'
		);
		// The next burst starts empty: nothing held back from the last one.
		announcer.say('Call c1 completed');
		await Promise.resolve();
		expect(announcer.message).toBe('Call c1 completed');
	});
});

describe('gathering', () => {
	it('holds a cue’s sentences until it is released, then says them as one message', async () => {
		const announcer = new Announcer();
		const release = announcer.gather();
		announcer.say('The host kills filesystem');
		await Promise.resolve();
		expect(announcer.message).toBe('');
		announcer.say('filesystem: killed');
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(announcer.message).toBe('');
		announcer.say('Cue 3 of 10: Kill the filesystem server', { last: true });
		release();
		release();
		await Promise.resolve();
		expect(announcer.message).toBe(
			'The host kills filesystem. filesystem: killed. Cue 3 of 10: Kill the filesystem server'
		);
		// Released, it says things as they come again.
		announcer.say('filesystem: running');
		await Promise.resolve();
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
