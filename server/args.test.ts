import { describe, expect, it } from 'vitest';
import { DEFAULT_ORIGINS, parseArgs } from './args';

const error = (argv: string[]) => {
	const result = parseArgs(argv);
	return result.ok ? 'parsed' : result.error;
};

describe('lab server arguments', () => {
	it('defaults to lab 01 on 127.0.0.1:8787 with the lab origins and no token', () => {
		expect(parseArgs([])).toEqual({
			ok: true,
			options: {
				port: 8787,
				host: '127.0.0.1',
				lab: '01-connection-isolation',
				scenario: null,
				origins: [...DEFAULT_ORIGINS],
				token: { kind: 'none' },
				adminOpen: false,
				slowMs: 2000,
				help: false
			}
		});
	});

	it('reads every option, in both --name value and --name=value forms', () => {
		const result = parseArgs([
			'--port=0',
			'--host',
			'192.168.1.20',
			'--scenario',
			'my.json',
			'--origin',
			'https://docs.example.com',
			'--origin=http://localhost:3000/',
			'--token',
			'auto',
			'--slow-ms',
			'750',
			'--admin-open'
		]);
		expect(result).toMatchObject({
			ok: true,
			options: {
				port: 0,
				host: '192.168.1.20',
				lab: null,
				scenario: 'my.json',
				origins: [...DEFAULT_ORIGINS, 'https://docs.example.com', 'http://localhost:3000'],
				token: { kind: 'auto' },
				slowMs: 750,
				adminOpen: true
			}
		});
		expect(parseArgs(['--token', 'abc']).ok && parseArgs(['--token', 'abc'])).toMatchObject({
			options: { token: { kind: 'fixed', value: 'abc' } }
		});
		expect(parseArgs(['-h'])).toMatchObject({ ok: true, options: { help: true } });
	});

	it('says clearly what is wrong', () => {
		expect(error(['--prot', '1'])).toBe('Unknown option --prot. See --help for the options.');
		expect(error(['8787'])).toBe('Unexpected argument "8787": options start with --. See --help.');
		expect(error(['--port'])).toBe('Option --port needs a value, e.g. --port 8787.');
		expect(error(['--lab', '--port', '1'])).toBe(
			'Option --lab needs a value, e.g. --lab 01-connection-isolation.'
		);
		expect(error(['--port', 'http'])).toBe(
			'--port must be a whole number from 0 to 65535 (0 picks a free one), not "http".'
		);
		expect(error(['--port', '70000'])).toBe(
			'--port must be a whole number from 0 to 65535 (0 picks a free one), not "70000".'
		);
		expect(error(['--slow-ms', '0'])).toBe(
			'--slow-ms must be a whole number from 1 to 600000, not "0".'
		);
		expect(error(['--lab', '../../etc'])).toBe(
			'--lab takes a lab folder name like 01-connection-isolation (two digits, then lowercase words), not "../../etc".'
		);
		expect(error(['--lab', '00-protocol-basics', '--scenario', 'x.json'])).toBe(
			'Use either --lab or --scenario, not both.'
		);
		expect(error(['--origin', 'https://docs.example.com/guide'])).toBe(
			'--origin must be an origin like https://docs.example.com (scheme, host and port, no path), not "https://docs.example.com/guide".'
		);
		expect(error(['--origin', 'docs.example.com'])).toMatch(/^--origin must be an origin/);
		expect(error(['--token', 'two words'])).toBe(
			'--token must be printable ASCII without spaces (it travels in a header).'
		);
		expect(error(['--port', '1', '--port', '2'])).toBe('Option --port was given twice.');
		expect(error(['--admin-open=yes'])).toBe('Option --admin-open takes no value.');
	});
});
