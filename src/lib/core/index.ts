/** The core's public surface: what state, components and routes may use. */
// Not the parser: its zod schemas would come with any value imported from here, and a page loads
// them only when it is given a world (import parseScenario from './scenario/parse').
export { describeProblems, formatPath, type ScenarioProblem } from './scenario/problems';
export type { Scenario, ScenarioInput, ServerConfig, ProfileId } from './scenario/schema';
export {
	World,
	DEFAULT_TIMEOUT_MS,
	type CallRecord,
	type RegistrySnapshot,
	type ServerView
} from './world/world';
export { WorldCommandError, type WorldEvent, type CommandName } from './world/events';
export { worldSnapshot, type WorldSnapshot } from './world/snapshot';
export type { WireEntry, Direction } from './world/wire';
export type {
	HostRequest,
	HostRequestKind,
	HostRequestState,
	SamplingAsk,
	ElicitationAsk
} from './world/host-requests';
export type { ServerLogEntry } from './world/host-side';
export type { ProtocolResult, ProtocolMethod } from './world/protocol-results';
export { logLevels, DEFAULT_MODEL_REPLY } from './scenario/host-defaults';
export type { ProcessState } from './world/sim-process';
export type { RegistryEntry, RegistryDiff, RegisteredTool } from './registry/registry';
export { inertPiece, mcpStatusText } from './profiles/openharness/status-text';
export { adaptedName } from './profiles/openharness/naming';
export { connectionMachine } from './machines/connection.machine';
export type { ConnectionStatus, ToolInfo } from './machines/types';
// Labs are validated where they are loaded (src/lib/server/labs.ts, tests), from lab-schema
// itself: re-exporting its zod schemas here would put them in every page's JavaScript.
export type { Lab, LabStep, Goal } from './labs/lab-schema';
export {
	parseLabText,
	type LabText,
	type StepText,
	type Block,
	type Inline
} from './labs/lab-text';
export {
	initialProgress,
	advance,
	earlyChecks,
	predict,
	goTo,
	stepComplete,
	labComplete,
	watchFrom,
	type LabProgressState
} from './labs/progress';
export { boundText, boundJson, type Bounded } from './text/bound';
export type { LabAction } from './labs/lab-schema';
export { type LoggedAction, type WorldAction } from './world/actions';
// Replay and share links are imported from their own modules (by time travel, loaded on demand).
