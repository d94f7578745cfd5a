import { describe, expect, it } from 'vitest';
import { joinSentences } from './announcer.svelte';

describe('sentences said together', () => {
	it('puts one full stop between them, never two', () => {
		expect(joinSentences(['Profile command.', 'Connector notion trusted; connecting.'])).toBe(
			'Profile command. Connector notion trusted; connecting.'
		);
		expect(joinSentences(['filesystem: connected', 'realtime: failed'])).toBe(
			'filesystem: connected. realtime: failed'
		);
		expect(joinSentences(['正在核对一次调用。', '调用 c1 已核对：副作用未发生。'])).toBe(
			'正在核对一次调用。 调用 c1 已核对：副作用未发生。'
		);
		expect(joinSentences(['Only one'])).toBe('Only one');
	});
});
