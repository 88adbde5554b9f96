/**
 * The vocabulary of client and provider profiles: a target (an API or an MCP client that receives a tool
 * definition), its rules as data, and what judging a tool against them yields. Plain data only.
 */

/** What a target does with a definition that breaks a rule; decides the finding's severity. */
export type Consequence = 'request-rejected' | 'all-tools-dropped' | 'listing-refused' | 'tool-dropped' | 'calls-rejected' | 'rewritten' | 'warned';

/**
 * How a rule's behaviour is known, which decides how sure its message sounds: `documented` by the target itself,
 * read in an `sdk-source` that does it, `observed` in a public thread (on `observedOn`, as of `confirmed`), or
 * `inferred` from how the target is built.
 */
export type Evidence = 'documented' | 'sdk-source' | 'observed' | 'inferred';

/** Ids of the checks a rule can use; the same id means the same check at every target. */
export type RuleId =
  | 'root-type'
  | 'root-combinator'
  | 'one-of'
  | 'all-of'
  | 'strict-required'
  | 'strict-additional-properties'
  | 'format'
  | 'ref'
  | 'ref-recursive'
  | 'schema-keyword'
  | 'unsupported-keyword'
  | 'const'
  | 'type-array'
  | 'null-type'
  | 'enum-non-string'
  | 'array-items'
  | 'depth'
  | 'enum-count'
  | 'optional-budget'
  | 'union-budget'
  | 'name-length'
  | 'name-characters'
  | 'tools-per-server'
  | 'output-root-type'
  | 'output-dialect'
  | 'annotations'
  | 'bounds'
  | 'description-length'
  | 'object-properties'
  | 'required-array'
  | 'dialect-2020-12'
  | 'property-schema';

/** Parameters a check reads; each rule sets the ones its check needs. */
export interface RuleParams {
  /** Formats accepted (an allowlist): any other `format` breaks the rule. */
  formats?: readonly string[];
  /** Keywords refused anywhere in the schema. */
  keywords?: readonly string[];
  /** A count or length limit (depth, enum values, optional properties, name length, tools). */
  limit?: number;
  /** What the client puts before a tool's name, `{server}` standing for the server's name. */
  namePrefix?: string;
  /** The pattern a name must match (source text of a RegExp). */
  namePattern?: string;
  /** What a definition must set: `title`, or an annotation hint; `a|b` is satisfied by either. */
  hints?: readonly string[];
  /** For `root-type`: a root combinator without a type breaks it too (the client loses more than for the combinator). */
  untypedCombinator?: boolean;
}

/**
 * What a target did with the same schema before a date or version, where a thread shows it changed: the rule's
 * own fields say what it does now.
 */
export interface RuleEra {
  /** The first day this era no longer held (ISO date): the rule's current behaviour, or the next era, starts then. */
  until: string;
  consequence: Consequence;
  says?: string;
  /** The public thread that shows this era's behaviour. */
  source: string;
  observedOn?: string;
  /** Parameters that differed then (a lower limit). */
  params?: RuleParams;
}

export interface Rule {
  id: RuleId;
  /** What the rule checks, in words (README table). */
  checks: string;
  consequence: Consequence;
  /** The error or behaviour seen, in the target's own words where a source quotes them. */
  says?: string;
  /** A public issue or documentation page that shows the behaviour. */
  source: string;
  /** When the behaviour was last confirmed against the source (ISO date); retire the rule when it changes. */
  confirmed: string;
  evidence: Evidence;
  /** For an observed rule: the model or client version it was seen on, when the thread says. */
  observedOn?: string;
  params?: RuleParams;
  /** Which schemas of the definition the rule reads (default: the input schema). */
  parts?: ReadonlyArray<'input' | 'output'>;
  /** Earlier behaviours, oldest first, each up to its `until` date; the message states the current one and the last. */
  before?: readonly RuleEra[];
  /** The day the behaviour was first reported, where it did not hold before (a schema taken until then). */
  since?: string;
  /**
   * The day from which threads no longer show the behaviour: the rule is judged only as of earlier dates (the
   * incidents it explains), never in today's verdicts.
   */
  retired?: { on: string; why: string };
}

export interface Profile {
  /** The id used in settings and on the command line (`openai-strict`, `claude-code`). */
  id: string;
  /** How messages name it (`OpenAI (strict)`, `Claude Code`). */
  label: string;
  /** A directory reviews a server's tools before listing it; it receives no request. */
  kind: 'provider' | 'client' | 'directory';
  /** Judged only when named: a client few servers target whose rules would flag common schemas. */
  optIn?: boolean;
  rules: readonly Rule[];
}

/** A tool as it is shipped: from the engine's advertised schema today, from the library's own definition later. */
export interface ToolDefinition {
  name: string;
  description?: string;
  inputSchema: unknown;
  outputSchema?: unknown;
  title?: string;
  /** The behaviour hints (`readOnlyHint`, `destructiveHint`...) as sent. */
  annotations?: unknown;
  /** The library's own definition, so its title and annotations are known (an emulation knows neither). */
  sent?: boolean;
}

/** What a tool is judged with besides itself. */
export interface ServerContext {
  /** The server's name (MCP clients prefix tool names with it); undefined when unknown. */
  server?: string;
  /** How many tools the server registers; undefined when only this tool is known. */
  toolCount?: number;
  /** Every tool's input schema as shipped, where the whole server is judged (request budgets are summed over them). */
  inputSchemas?: readonly unknown[];
}

/** Which part of a definition a hit is in. */
export type HitPart = 'input' | 'output' | 'name' | 'server' | 'tool';

/** One place a rule is broken, before targets are grouped: JSON pointer segments into the part. */
export interface Hit {
  part: HitPart;
  /** Segments of the JSON Schema path (`properties`, `url`, `items`...); [] for the part's root. */
  pointer: string[];
  /** What the message needs (the format, the keyword, the count...). */
  detail: Record<string, string | number>;
}

/** One rule broken at one place, with every selected target that breaks it: what a finding is made of. */
export interface Violation extends Hit {
  rule: RuleId;
  /** Each target that breaks it, with what it does and its own detail (a prefixed name, its limit). */
  targets: Array<{ target: string; consequence: Consequence; says?: string; detail: Hit['detail']; evidence: RuleEvidence }>;
}

/** What a message needs of a rule's evidence. */
export interface RuleEvidence {
  kind: Evidence;
  confirmed: string;
  observedOn?: string;
  /** What the target did before, until when (the last earlier era), for a message that says it changed. */
  before?: { consequence: Consequence; until: string };
}

/** A compact verdict per target (the hover's rows). */
export interface TargetVerdict {
  target: string;
  label: string;
  /** The ids of the rules this tool breaks there; empty when it loads. */
  broken: RuleId[];
}
