import { refusals, type RefusalTable } from '../world/command-errors';
import type { RefusedValues } from '../world/replay';
import { meantText } from '../scenario/schema-meant';
import type { SchemaProblem } from './tape-check';

/**
 * Why a share link, a log file or a move in time cannot be opened (see world/command-errors.ts),
 * loaded with time travel. An empty `path` is the top of the document ("its top level" in English).
 */
export const shareRefusals = {
	not_share_link: () => 'This is not an MCP Lab share link.',
	share_newer: (p: { format: string; reads: string }) =>
		`This link was made by a newer version of MCP Lab (format ${p.format}); this version reads format ${p.reads}.`,
	share_older: (p: { format: string }) =>
		`This link uses format ${p.format}, which this version of MCP Lab no longer reads.`,
	share_too_big: () => 'This link holds more than MCP Lab opens (over 5 MB).',
	share_unpack: () => 'The link is damaged (it could not be unpacked); copy it again.',
	share_not_json: () => 'The link is damaged (its content is not JSON); copy it again.',
	share_damaged_at: (p: SchemaProblem) =>
		`The link is damaged at ${p.path || 'its top level'}: ${p.detail}${meantText(p.meant)}`,
	share_refused: (p: { path: string } & RefusedValues) =>
		`The link is damaged at ${p.path}: the world refuses that action. ${p.detail}`,
	share_seq: (p: { path: string; expected: string; found: string }) =>
		`The link is damaged at ${p.path}: expected ${p.expected}, found ${p.found}.`,
	share_during: (p: { path: string; found: string }) =>
		`The link is damaged at ${p.path}: an interrupt can only land in an earlier action (found ${p.found}).`,
	share_during_action: (p: { path: string; action: string }) =>
		`The link is damaged at ${p.path}: only an interrupt (cancelCall, restartHarness) lands during another action, not ${p.action}.`,
	share_step_past: (p: { at: string; length: string }) =>
		`The link points at step ${p.at} of a log of ${p.length}.`,
	/** `line` and `column`: where the text broke, when the engine says (for the page's own words). */
	log_not_json: (p: { detail: string; line?: string; column?: string }) =>
		`The file is not JSON (${p.detail}).`,
	log_invalid_at: (p: SchemaProblem) =>
		`The file is not an MCP Lab log at ${p.path || 'its top level'}: ${p.detail}${meantText(p.meant)}`,
	log_seq: (p: { path: string; expected: string; found: string }) =>
		`The file is not an MCP Lab log at ${p.path}: expected ${p.expected}, found ${p.found}.`,
	log_during: (p: { path: string; found: string }) =>
		`The file is not an MCP Lab log at ${p.path}: an interrupt can only land in an earlier action (found ${p.found}).`,
	log_during_action: (p: { path: string; action: string }) =>
		`The file is not an MCP Lab log at ${p.path}: only an interrupt (cancelCall, restartHarness) lands during another action, not ${p.action}.`,
	log_refused: (p: { path: string } & RefusedValues) =>
		`The file is not an MCP Lab log at ${p.path}: the world refuses that action. ${p.detail}`,
	long_log: () =>
		'This world’s log grew past 50,000 actions and stopped recording, so it cannot be travelled, shared or exported whole.',
	no_step: (p: { n: string; last: string }) =>
		`There is no step ${p.n}: this log has steps 0 to ${p.last}.`,
	step_refused: (p: { n: string } & RefusedValues) =>
		`Step ${p.n} cannot be replayed: the world refuses its action. ${p.detail}`,
	changed_while_replayed: (p: { n: string }) =>
		`The world changed while step ${p.n} was being replayed.`,
	changed_while_rebuilt: (p: { n: string }) =>
		`The world changed while step ${p.n} was being rebuilt, so it was kept as it is.`,
	page_closed: () => 'This page was closed while the world was rebuilt.',
	/** The code that checks a link or a log loads on demand (share/tape-check.ts), and did not. */
	check_unavailable: () =>
		'The code that checks share links and log files could not be loaded; check the connection and try again.',
	live_replay: (p: { servers: string }) =>
		`This world has live servers (${p.servers}): a real server cannot be replayed, so MCP Lab does not open share links or logs of such worlds. Connect to the server with "Connect a live server" instead.`
} satisfies RefusalTable;

export const shareRefusal = refusals(shareRefusals);
