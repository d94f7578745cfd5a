import { describe, expect, it } from 'vitest';
import { sha1Hex } from './sha1';

// Digests from Python's hashlib.sha1(s.encode("utf-8")).hexdigest().
describe('sha1Hex', () => {
	it.each([
		['', 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
		['abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
		['a'.repeat(64), '0098ba824b5c16427bd7a1122a5a442a25ec644d'],
		['internal-api\0search.orders', 'c2b42ba31c8e8335f07098d791dcc671085c3b05'],
		['读文件😀', '9489ab6d24a6fd839351d4011f7f261bc512f19d'],
		['x'.repeat(1000), 'c3efa690fa3fdd2e2526853eed670538ea127638']
	])('%j', (text, digest) => {
		expect(sha1Hex(text)).toBe(digest);
	});
});
