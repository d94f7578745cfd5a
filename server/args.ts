/** The lab's own dev (5173) and preview (4173) origins: the page that connects in live mode. */
export const DEFAULT_ORIGINS = [
	'http://localhost:5173',
	'http://127.0.0.1:5173',
	'http://localhost:4173',
	'http://127.0.0.1:4173'
] as const;

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
/** A lab with several servers of different kinds, so every URL shape is there to try. */
export const DEFAULT_LAB = '01-connection-isolation';
export const DEFAULT_SLOW_MS = 2000;

export interface LabServerOptions {
	port: number;
	host: string;
	/** Exactly one of `lab` and `scenario` is set. */
	lab: string | null;
	scenario: string | null;
	/** Allowed browser origins: the defaults, then every `--origin`. */
	origins: string[];
	/** `auto`: generate one at start. */
	token: { kind: 'none' } | { kind: 'auto' } | { kind: 'fixed'; value: string };
	adminOpen: boolean;
	/** What the `s` key adds to every answer when it turns slow responses on. */
	slowMs: number;
	help: boolean;
}

export type ArgsResult = { ok: true; options: LabServerOptions } | { ok: false; error: string };

export const USAGE = `Usage: npm run lab:server -- [options]

Serves a lab's simulated MCP servers over Streamable HTTP for the lab's live mode.

  --lab <id>         the lab whose scenario to serve (default ${DEFAULT_LAB})
  --scenario <file>  a scenario JSON file to serve instead of a lab
  --port <n>         port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <address>   interface to listen on (default ${DEFAULT_HOST})
  --origin <url>     another browser origin to allow (repeatable)
  --token <value>    require "Authorization: Bearer <value>"; "auto" generates one
  --slow-ms <n>      what the slow-responses fault adds to every answer (default ${DEFAULT_SLOW_MS})
  --admin-open       accept POST /_lab/faults without the admin secret (for tests)
  -h, --help         show this help`;

type Spec = { flag: true } | { flag: false; example: string };

const OPTIONS: Record<string, Spec> = {
	lab: { flag: false, example: `--lab ${DEFAULT_LAB}` },
	scenario: { flag: false, example: '--scenario my-scenario.json' },
	port: { flag: false, example: `--port ${DEFAULT_PORT}` },
	host: { flag: false, example: `--host ${DEFAULT_HOST}` },
	origin: { flag: false, example: '--origin https://docs.example.com' },
	token: { flag: false, example: '--token auto' },
	'slow-ms': { flag: false, example: `--slow-ms ${DEFAULT_SLOW_MS}` },
	'admin-open': { flag: true },
	help: { flag: true }
};

const LAB_ID = /^\d\d-[a-z0-9-]+$/;
const TOKEN = /^[\x21-\x7e]+$/;

class ArgsError extends Error {}

/** Reads the command line; every refusal is one sentence naming the option and what it takes. */
export function parseArgs(argv: readonly string[]): ArgsResult {
	try {
		return { ok: true, options: validate(collect(argv)) };
	} catch (error) {
		if (error instanceof ArgsError) return { ok: false, error: error.message };
		throw error;
	}
}

function collect(argv: readonly string[]): Map<string, string[]> {
	const seen = new Map<string, string[]>();
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '-h') {
			seen.set('help', ['']);
			continue;
		}
		if (!arg.startsWith('--'))
			throw new ArgsError(`Unexpected argument "${arg}": options start with --. See --help.`);
		const eq = arg.indexOf('=');
		const name = arg.slice(2, eq === -1 ? undefined : eq);
		const inline = eq === -1 ? undefined : arg.slice(eq + 1);
		const spec = Object.hasOwn(OPTIONS, name) ? OPTIONS[name] : undefined;
		if (!spec) throw new ArgsError(`Unknown option --${name}. See --help for the options.`);
		if (spec.flag) {
			if (inline !== undefined) throw new ArgsError(`Option --${name} takes no value.`);
			seen.set(name, ['']);
			continue;
		}
		const value = inline ?? argv[i + 1];
		if (value === undefined || value === '' || (inline === undefined && value.startsWith('--')))
			throw new ArgsError(`Option --${name} needs a value, e.g. ${spec.example}.`);
		if (inline === undefined) i++;
		seen.set(name, [...(seen.get(name) ?? []), value]);
	}
	return seen;
}

function single(seen: Map<string, string[]>, name: string): string | undefined {
	const values = seen.get(name);
	if (values && values.length > 1) throw new ArgsError(`Option --${name} was given twice.`);
	return values?.[0];
}

function integer(name: string, raw: string, min: number, max: number, hint = ''): number {
	const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
	if (!(n >= min && n <= max))
		throw new ArgsError(
			`--${name} must be a whole number from ${min} to ${max}${hint}, not "${raw}".`
		);
	return n;
}

function origin(raw: string): string {
	const url = URL.canParse(raw) ? new URL(raw) : null;
	const bare = raw.replace(/\/$/, '');
	if (!url || !/^https?:$/.test(url.protocol) || url.origin !== bare.toLowerCase())
		throw new ArgsError(
			`--origin must be an origin like https://docs.example.com (scheme, host and port, no path), not "${raw}".`
		);
	return url.origin;
}

function validate(seen: Map<string, string[]>): LabServerOptions {
	const lab = single(seen, 'lab');
	const scenario = single(seen, 'scenario');
	if (lab !== undefined && scenario !== undefined)
		throw new ArgsError('Use either --lab or --scenario, not both.');
	if (lab !== undefined && !LAB_ID.test(lab))
		throw new ArgsError(
			`--lab takes a lab folder name like ${DEFAULT_LAB} (two digits, then lowercase words), not "${lab}".`
		);
	const port = single(seen, 'port');
	const slow = single(seen, 'slow-ms');
	const token = single(seen, 'token');
	if (token !== undefined && !TOKEN.test(token))
		throw new ArgsError('--token must be printable ASCII without spaces (it travels in a header).');
	const origins = [...DEFAULT_ORIGINS, ...(seen.get('origin') ?? []).map(origin)];
	return {
		port:
			port === undefined ? DEFAULT_PORT : integer('port', port, 0, 65535, ' (0 picks a free one)'),
		host: single(seen, 'host') ?? DEFAULT_HOST,
		lab: scenario === undefined ? (lab ?? DEFAULT_LAB) : null,
		scenario: scenario ?? null,
		origins: [...new Set(origins)],
		token:
			token === undefined
				? { kind: 'none' }
				: token === 'auto'
					? { kind: 'auto' }
					: { kind: 'fixed', value: token },
		adminOpen: seen.has('admin-open'),
		slowMs: slow === undefined ? DEFAULT_SLOW_MS : integer('slow-ms', slow, 1, 600_000),
		help: seen.has('help')
	};
}
