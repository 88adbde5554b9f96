/** The public flatten entry: walk a whole schema, never throw. */
import { finding, messages, type Who } from '../findings';
import type { CollisionWidening, Finding, KeyMerge, Step } from '../types';
import { isZodSchemaSafe, type AnyZod } from '../zod/read';
import { walk, type WalkContext } from './walk';

export interface FlattenResult {
  /** The advertised schema, built with the input's own zod copy; the very same object where nothing changed. */
  schema: unknown;
  findings: Finding[];
  merges: KeyMerge[];
}

export interface FlattenOptions {
  tool?: string;
  /** `schema` when what is flattened is a schema on its own (an export) rather than a tool's input: messages say so. */
  subject?: 'tool' | 'schema';
  /** How a colliding key is widened (default 'unknown'). */
  collisionWidening?: CollisionWidening;
}

/**
 * Internal form for a zod schema (callers check, and word a non-zod part themselves): also the flattened unions
 * and their widened keys (for the probe), under a trail prefix.
 */
export function flattenWithTrail(
  schema: unknown,
  trail: Step[],
  tool: string | undefined,
  who: Who = tool,
  widening?: CollisionWidening,
): FlattenResult & { flattened: Map<AnyZod, Set<string>> } {
  const ctx: WalkContext = { tool, who, findings: [], merges: [], flattened: new Map(), active: new Map(), changes: 0, widening };
  try {
    const out = walk(schema, trail, [], ctx);
    return { schema: out, findings: ctx.findings, merges: ctx.merges, flattened: ctx.flattened };
  } catch (error) {
    // A schema that throws while being read (a hostile getter, an unknown zod internals change) is advertised as written.
    const text = error instanceof Error ? error.message : String(error);
    const findings = [finding('union-kept', messages.flattenFailed(who, [], text), { tool, sites: [{ trail, anchor: 'node' }] })];
    return { schema, findings, merges: [], flattened: new Map() };
  }
}

/**
 * Flatten every flattenable discriminated union in `schema` (zod 3 or 4, any copy) into one object, with the
 * findings of what was lost and how each key was merged; a non-zod value comes back as is with a not-mountable finding.
 */
export function flattenUnionsDeep(schema: unknown, options: FlattenOptions = {}): FlattenResult {
  const who = subjectOf(options.tool, options.subject);
  if (!isZodSchemaSafe(schema)) {
    return {
      schema,
      findings: [finding('not-mountable', messages.notZod(who, 'input'), { tool: options.tool, sites: [{ trail: [], anchor: 'tool' }] })],
      merges: [],
    };
  }
  const { flattened: _f, ...result } = flattenWithTrail(schema, [], options.tool, who, options.collisionWidening);
  return result;
}

/** How messages name a tool or schema called `name`. */
export function subjectOf(name: string | undefined, subject: FlattenOptions['subject']): Who {
  return subject === 'schema' && name ? { schema: name } : name;
}
