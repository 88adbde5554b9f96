/**
 * The engine's vocabulary: findings, the trail that leads to a schema node, and the options that
 * every entry point shares. Everything here is plain data so it can cross a process boundary.
 */

/** A finding code: one file each under `findings/`. */
export type FindingCode = import('./findings/codes').FindingCode;

export type Severity = 'error' | 'warning' | 'information';

export type Target = 'draft-7' | 'draft-2020-12';

/**
 * One step from a schema node to a child, in the ORIGINAL (unflattened) input schema.
 * Wrappers (optional, nullable, default) are looked through and leave no step.
 */
export type Step =
  | { kind: 'key'; key: string } // object field
  | { kind: 'item' } // array element (path segment `*`)
  | { kind: 'value' } // record value (path segment `*`)
  | { kind: 'variant'; discriminator: string; label: string; index: number } // discriminated union variant
  | { kind: 'member'; index: number } // plain union member
  | { kind: 'side'; side: 'left' | 'right' } // intersection side
  | { kind: 'params' } // the tool's params schema rather than its input
  | { kind: 'extend' }; // the host's extend object

/** What a finding points at, once its trail has been followed to a node. */
export type Anchor =
  | 'node' // the node at the end of the trail (a union, a member, an unrepresentable type)
  | 'key' // the property named by the trail's last key step
  | 'discriminator' // the discriminator property of the variant at the end of the trail
  | 'strict-call' // the `.strict()` / `.passthrough()` / `.catchall()` / `.refine()` call on the object at the end of the trail
  | 'tool'; // the tool's registration

/** One place a finding concerns, e.g. one variant's declaration of a colliding key. */
export interface FindingSite {
  trail: Step[];
  anchor: Anchor;
  /** Variant label when the site is inside a particular variant. */
  variant?: string;
  /** With anchor `node`: the zod calls that produced what the finding is about (`url` for a format "uri"); it lands on the first of them in the node's chain. */
  call?: string[];
}

/** A check's stable id within its finding code (see `RULES` in findings/index.ts). */
export type FindingRule =
  'duplicate-name' | 'unrepresentable' | 'tool-over-budget' | 'server-over-budget' | 'workspace-without-tools' | import('./clients/types').RuleId;

export interface Finding {
  code: FindingCode;
  severity: Severity;
  message: string;
  /**
   * Which check raised it, where one code has several (`RULES` in findings/index.ts): code downstream that must
   * tell them apart reads this, never the message.
   */
  rule?: FindingRule;
  tool?: string;
  /** Schema path in the original input: keys, and `*` for array items and record values. */
  path: string[];
  /** Variant labels involved, in first-seen order. */
  variants?: string[];
  /** Where the finding lives; for a collision, one site per declaring variant. Never empty. */
  sites: FindingSite[];
  /** For collisions: the key and the discriminator of the union it collided in. */
  key?: string;
  discriminator?: string;
  /** For union-shipped: what flattening the union would lose (its flatten findings), shown as related information. */
  related?: Finding[];
  /** For client-rejects: the targets (profile ids) that refuse or rewrite it (`rule` is the profile rule broken). */
  targets?: string[];
  /** What to do, where the message's words for it are also data (client-rejects): the same text as its last clause. */
  fix?: string;
}

/** How one key of one flattened union was merged: what a hover explains. */
export interface KeyMerge {
  /** Trail to the union (original schema) and the key inside it. */
  unionTrail: Step[];
  path: string[];
  key: string;
  discriminator: string;
  /** Labels of the variants that declare the key, first-seen order. */
  variants: string[];
  /** Those that require it (the flat field is optional: the flatten made it optional for them); absent when none. */
  requiredIn?: string[];
  outcome: 'kept' | 'enum-widened' | 'widened-unknown' | 'widened-base-type' | 'widened-typed';
  /** Why, in words, when not simply kept. */
  reason?: string;
  /** How a widened key is advertised, in words, when not as unknown: `string`, `string or number`. */
  advertisedAs?: string;
  /** Per-variant JSON shape of the key (normalized, annotations stripped), same order as `variants`. */
  shapes: unknown[];
}

/**
 * How a colliding key is widened (ADR-0033: `unknown`): with `base-type`, declarations that share one JSON type
 * but differ in checks or constraints are advertised as that bare type (`{"type":"string"}`), still a superset;
 * with `type-array`, what every variant's JSON can express is kept: one JSON shape they share (checks aside) as it
 * is, one kind with differing bounds as its bare type, differing kinds as a type array (`["string","number"]`), and
 * `{}` only where a variant's kind cannot be known (or the zod copy cannot say a type array: zod 3 beyond primitives).
 */
export type CollisionWidening = 'unknown' | 'base-type' | 'type-array';

export interface AdvertiseOptions {
  /** How a colliding key is widened (default 'unknown'). */
  collisionWidening?: CollisionWidening;
  /** Flatten discriminated unions into one object (default true). */
  flattenUnionInput?: boolean;
  /** JSON Schema dialect (default 'draft-7', what the MCP TypeScript SDK 1.x sends). */
  target?: Target;
}

/** A tool as a host registers it: a name, an input schema, optional params and a host-wide extend object. */
export interface ToolInput {
  name: string;
  /** `schema` for a schema analysed on its own (an exported schema, not a registered tool): messages say "Schema <name>". */
  subject?: 'tool' | 'schema';
  input: unknown;
  params?: unknown;
  extend?: unknown;
}

/**
 * What the flatten did to cause a client's refusal of a node it made (clients/flattenCause.ts): the finding names the
 * flatten, not a zod call.
 */
export type FlattenCause =
  /** The key is widened (its variants declare it differently): the flatten chose its advertised type. */
  | { kind: 'widened'; key: string; discriminator: string; variants: string[] }
  /** A key some variants require is advertised optional: only the discriminator stays required in a flat object. */
  | { kind: 'made-optional'; key: string; discriminator: string; requiredIn: string[] }
  /** Optional keys counted against a budget, `count` of them optional only because of the flatten. */
  | { kind: 'optional-count'; count: number };
