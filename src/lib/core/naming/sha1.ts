/**
 * SHA-1 of a string's UTF-8 bytes, as lowercase hex. The OpenAI Agents SDK suffixes long or
 * colliding tool names with `hashlib.sha1(seed.encode("utf-8")).hexdigest()[:8]`; reproducing it
 * exactly lets a learner compare the lab's names with the real ones. Synchronous on purpose:
 * Web Crypto's digest is async, and naming is a pure function. Not for security.
 */
export function sha1Hex(text: string): string {
	const bytes = utf8(text);
	const bitLength = bytes.length * 8;
	// Padding: 0x80, zeros, then the bit length as a 64-bit big-endian integer.
	const total = Math.ceil((bytes.length + 9) / 64) * 64;
	const data = new Uint8Array(total);
	data.set(bytes);
	data[bytes.length] = 0x80;
	const view = new DataView(data.buffer);
	view.setUint32(total - 8, Math.floor(bitLength / 2 ** 32));
	view.setUint32(total - 4, bitLength >>> 0);

	const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
	const w = new Uint32Array(80);
	for (let block = 0; block < total; block += 64) {
		for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
		for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
		let [a, b, c, d, e] = h;
		for (let i = 0; i < 80; i++) {
			const [f, k] =
				i < 20
					? [(b & c) | (~b & d), 0x5a827999]
					: i < 40
						? [b ^ c ^ d, 0x6ed9eba1]
						: i < 60
							? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
							: [b ^ c ^ d, 0xca62c1d6];
			const t = (rotl(a, 5) + f + e + k + w[i]) >>> 0;
			e = d;
			d = c;
			c = rotl(b, 30);
			b = a;
			a = t;
		}
		h[0] = (h[0] + a) >>> 0;
		h[1] = (h[1] + b) >>> 0;
		h[2] = (h[2] + c) >>> 0;
		h[3] = (h[3] + d) >>> 0;
		h[4] = (h[4] + e) >>> 0;
	}
	return h.map((x) => x.toString(16).padStart(8, '0')).join('');
}

function rotl(x: number, n: number): number {
	return ((x << n) | (x >>> (32 - n))) >>> 0;
}

/**
 * UTF-8 by code point. A lone surrogate (possible in a JS string, and in a Python str decoded
 * from JSON) cannot be encoded: Python raises, the lab encodes U+FFFD as TextEncoder does.
 */
function utf8(text: string): Uint8Array {
	const out: number[] = [];
	for (const ch of text) {
		let cp = ch.codePointAt(0)!;
		if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
		if (cp < 0x80) out.push(cp);
		else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
		else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
		else
			out.push(
				0xf0 | (cp >> 18),
				0x80 | ((cp >> 12) & 63),
				0x80 | ((cp >> 6) & 63),
				0x80 | (cp & 63)
			);
	}
	return Uint8Array.from(out);
}
