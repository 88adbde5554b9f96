/** What assembly produces and the fronts print: one report per analysed file, its tools and its findings. */
import type { FindingCode, FindingRule, KeyMerge, Severity } from '../../../shared/types';
import type { TargetVerdict } from '../../../shared/clients/types';
import type { ToolSdk } from '../sdks/names';
import type { ToolTokens } from '../tokens/countTools';
import type { Location, Range } from '../syntax/places';
import type { EvaluationFailure, FlattenedPreview, SchemaPair, ServerIdentity, ShippedInfo } from '../evaluate/contract';

export type SeveritySetting = Severity | 'off';

export interface RelatedInformation {
  location: Location;
  message: string;
}

/** What a quick fix needs to rename a colliding key in one variant. */
export interface RenameData {
  key: string;
  variant: string;
  discriminator: string;
  /** Suggested new name: derived from variant and key, colliding with nothing in the union. */
  newName: string;
}

export interface Diagnostic {
  file: string;
  range: Range;
  severity: Severity;
  code: FindingCode;
  message: string;
  /** The check that raised it, where its code has several (shared `RULES`). */
  rule?: FindingRule;
  /** The tool's name, as the message and a front show it. */
  tool?: string;
  /** The tool's identity (`ToolReport.id`): what counts and attribution use, since two servers may share a name. */
  toolId?: string;
  /** Schema path in the original input (keys, `*`). */
  path: string[];
  variants?: string[];
  related: RelatedInformation[];
  /** Present on collision-widened / enum-widened diagnostics placed on one variant's key. */
  rename?: RenameData;
  /** For client-rejects: the target ids it concerns (`rule` is the profile rule broken). */
  targets?: string[];
  /** What to do, where the engine words it apart (client-rejects): the message's last clause, as data. */
  fix?: string;
  /** For evaluation-failed: how the evaluation failed (a limit, a throw…), for counts a front shows without reading the message. */
  failure?: EvaluationFailure['phase'];
  /** For evaluation-failed: what the failure comes from, as data, for the workspace's summary of why it found nothing. */
  failedBecause?: Pick<EvaluationFailure, 'cause' | 'missingPackage' | 'unsetEnv' | 'choices'> & {
    /** Placeholders a rerun of the start set, which still found nothing more. */
    placeholdersTried?: string[];
  };
  /** The kind of tool schema whose finding this is (file-level diagnostics have none): lets every front prefer a registration's finding over the same one reached through an exported schema. */
  origin?: 'registration' | 'exported' | 'tagged';
}

/** One key of a tool's schema, as the hover explains it. */
export interface KeyReport extends Omit<KeyMerge, 'unionTrail'> {
  /** Where each declaring variant declares the key (same order as `variants`); null where it could not be placed. */
  declarations: Array<Location | null>;
  /** The key's subschema in the advertised JSON Schema. */
  advertised: unknown;
}

export interface ToolReport {
  /** What identifies the tool across analyses: its kind, name and where it is registered (`toolIdentity`). */
  id: string;
  name: string;
  /** The editor's last good result, kept because the latest run of its file failed (see ResultStore.apply). */
  stale?: boolean;
  /** registration: a call to an SDK; exported: an exported schema holding a discriminated union; tagged: `@toolSchema`. */
  kind: 'registration' | 'exported' | 'tagged';
  /** Where the tool is registered or declared: the whole call / declaration. */
  location: Location;
  /** Range of the tool's name (the name string literal, or the declaration's identifier). */
  nameRange?: Range;
  /** Range of the schema expression (the input argument / initializer), for hover on a schema. */
  schemaRange?: Range;
  /** Where the tool was written, when another file (or another place) registers it: hover, lens and outline answer there too. */
  definedAt?: SourceDefinition;
  /** The advertised JSON Schema, exactly what the model sees. */
  advertised: unknown;
  /** The description it was registered with (sent to the model with the schema). */
  description?: string;
  /** What its definition costs in the model's context window (o200k_base tokens). */
  tokens: ToolTokens;
  /** The library it was registered with (none for an exported or tagged schema). */
  sdk?: ToolSdk;
  /** Registered only when the check called this factory (no run's start reached it). */
  calledFactory?: string;
  /** Found by a run of its start with placeholder values for these unset variables (placeholders.ts). */
  placeholders?: string[];
  /** Found by calling `calledFactory` with made-up values for these parameters: second best to a real start. */
  inventedArguments?: string[];
  /** The server object it was registered on (MCP libraries): what one host is sent together. */
  server?: ServerIdentity;
  /** For a tool on no server: the exported object holding it, its tool set. */
  toolSet?: string;
  /** The file whose exports hold `toolSet` (a tool may be written in another). */
  toolSetFile?: string;
  /** As written and flattened, when they differ (Compare). */
  compare?: SchemaPair;
  /** The output schema as JSON Schema, when the tool declares one. */
  outputSchema?: unknown;
  mountable: boolean;
  keys: KeyReport[];
  /** Where `advertised` came from (absent for exported schemas, which no library sends). */
  shipped?: ShippedInfo;
  /** For a tool that ships a union as written: the flattened preview and its losses. */
  flattened?: FlattenedPreview;
  /** Per target the tool is judged against: the profile rules it breaks there (none: it loads). */
  verdicts?: TargetVerdict[];
}

/**
 * A tool's own definition apart from its registration (`const addThing = { name, parameters: Args }` in a tool file
 * that a helper elsewhere registers), found from where its input schema was created.
 */
export interface SourceDefinition {
  file: string;
  /** The tool object literal, else the schema expression. */
  range: Range;
  /** Its `name` property and the identifier the object is bound to. */
  nameRanges: Range[];
  /** The schema expression, the property holding it and the identifier it is bound to. */
  schemaRanges: Range[];
  /** The advertised schema's keys where this schema declares them (a spread's keys lie in their own file), with their subschemas. */
  keys: Array<{ path: string[]; file: string; range: Range; advertised: unknown; required: boolean }>;
}

/** The result of analysing one file. */
export interface FileReport {
  file: string;
  /** The overlay version that was analysed, when the text came from an overlay. */
  version?: number;
  tools: ToolReport[];
  /** Diagnostics whose range lies in this file (a finding can land in another file: e.g. a variant imported from elsewhere). */
  diagnostics: Diagnostic[];
  /** Time spent per stage, milliseconds (for benchmarks and tracing). */
  timings: {
    discover: number;
    bundle: number;
    evaluate: number;
    engine: number;
    locate: number;
    /** Of `engine`: listing each tool through its library (a real client's tools/list). */
    list?: number;
    /** Of `locate` (assembly as a whole): counting each tool's tokens. */
    tokens?: number;
  };
  /** The file's evaluation failed (the editor then keeps its last good tools, marked stale). */
  failed?: EvaluationFailure['phase'];
}
