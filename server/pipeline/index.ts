/**
 * The workspace pipeline: candidates → discover → evaluate (worker pool) → locate → assemble, one
 * FileReport per analysed file. The fronts (CLI, language server) only call `createPipeline`.
 * One bad file never hides the others: every stage failure becomes a finding on that file.
 */
// The fronts' one door: everything the CLI and the language server use of the pipeline (and of the engine's
// vocabulary they print) is re-exported here; nothing under server/cli or server/lsp imports a pipeline internal.
export type { AnalysisResult, EarlyResults, Overlay, Pipeline, PipelineOptions, TokenBudget, EvaluatorSource } from './run/contract';
export type { CancellationLike, EngineOptions, FlattenMode } from './evaluate/contract';
export type { Diagnostic, FileReport, KeyReport, SeveritySetting, SourceDefinition, ToolReport } from './assemble/report';
export type { Location, Position, Range } from './syntax/places';
export type { ToolSdk } from './sdks/names';
export { createEvaluator, type Evaluator, type EvaluatorOptions } from './evaluate';
export { contains } from './assemble/match';
export { mergeAnalyses, ResultStore } from './publish/results';
export { dottedPath, oneBasedRange } from './publish/printed';
export { CODES, FINDING_CODES, formatPath } from '../../shared/findings';
// Bounded workspace reads (regular files within a size limit, never a blocking open), for the rename front too.
export { isReadableFile, readWorkspaceFile } from './project/boundedRead';
export { libraryNames } from './sdks';
export { strictView, TARGET_IDS, targetLabel, unknownTargets } from '../../shared/clients/index';
export type { CollisionWidening, FindingCode, Severity, Target } from '../../shared/types';
export type { ProblemCounts } from './publish/results';
export {
  CONTEXT_WINDOW,
  countTokens,
  definitionText,
  heaviestKeys,
  preloadTokenizer,
  sentTools,
  serverTokens,
  TOKENIZER,
  type ServerTokens,
  type ToolSet,
  type ToolTokens,
} from './tokens';
export { CLIENT_RULE_IDS, clientRuleReferences, codeReference, type ClientRuleReference, type CodeReference } from './findings/findingReference';
export { brokenRulesAt, DEFAULT_MCP_CLIENTS, targetFacts, type BrokenRule, type TargetFacts } from './findings/clientTargets';
export { checkToolSets, serverOverBudget, type CheckedFolder, type MergedFolder } from './workspace';
export { configProblemDiagnostic, configProblemMessage } from './findings/messages';
export { clientRuleKey, effectiveSeverity, type SeverityOverrides } from './findings/severities';
export { applySuppressions, DISABLE_NEXT_LINE } from './findings/suppressions';
export { countNotEvaluated, notEvaluatedText, type NotEvaluated } from './start/notEvaluated';
export { foundWithNote } from './environment/placeholders';
export { plannedFixes, type PlannedEdit, type PlannedFix } from './fixes';
export { stopTransformer } from './evaluate/host/transformSource';
export {
  canShipFlattened,
  KeyRenamer,
  NOT_TURNED_OFF,
  offsetAt,
  positionAt,
  RENAMEABLE,
  isRenameWorker,
  RenameService,
  renameSiblings,
  runRenameWorker,
  RUNTIME_PACKAGE,
  severityKeysOf,
  shipFlattenedFix,
  shipFlattenedTitle,
  suppressionEdit,
  turnedOffText,
  type OffsetEdit,
  type RenameOutcome,
  type ShipFlattenedFix,
  type TextEditAt,
} from './fixes';
export {
  canonicalJson,
  digestOf,
  driftBetween,
  driftCounts,
  driftView,
  parseSnapshot,
  snapshotOfTools,
  snapshotText,
  snapshotToolOf,
  worstClass,
  type ChangeClass,
  type Snapshot,
  type SnapshotSourceTool,
  type ToolDrift,
  type DriftView,
} from './drift';

export { createPipeline } from './run/pipeline';
export { CancelledError } from './run/context';
