/**
 * What the deep walk (walk.ts) carries from node to node, and which nodes it enters: apart from the walk, so that
 * flattening a union (flattenUnion.ts) walks its variants' keys without importing the walk that calls it.
 */
import type { Who } from '../findings';
import type { CollisionWidening, Finding, KeyMerge, Step } from '../types';
import { readNode, type AnyZod } from '../zod/read';
import { isUnwalked } from './inspect';

export interface WalkContext {
  tool?: string;
  /** How messages name what is analysed (the tool, or an exported schema); defaults to the tool. */
  who?: Who;
  findings: Finding[];
  merges: KeyMerge[];
  /** Each flattened union (original node) and its keys widened to unknown: the probe follows the original through these. */
  flattened: Map<AnyZod, Set<string>>;
  /** Objects being walked (a getter or z.lazy recursion reaches them again): their rebuilt twin, made on first re-entry. */
  active: Map<AnyZod, { placeholder?: AnyZod; shape: Record<string, AnyZod> }>;
  /** Counts real changes (flattened unions), so a cycle alone never forces a rebuild. */
  changes: number;
  /** How a colliding key is widened (AdvertiseOptions.collisionWidening). */
  widening?: CollisionWidening;
  /** Discriminated unions being flattened: met again inside themselves, they are kept there (no endless recursion). */
  unions?: Set<AnyZod>;
}

export type Walk = (schema: AnyZod, trail: Step[], path: string[], ctx: WalkContext) => AnyZod;

/** Whether walking the schema could change it or report anything: not for a leaf (string, number, literal, ...). */
export function needsWalk(schema: AnyZod): boolean {
  const kind = readNode(schema)?.kind;
  return kind !== undefined && (WALKED.has(kind) || isUnwalked(kind));
}
const WALKED = new Set(['discriminated-union', 'object', 'array', 'optional', 'nullable', 'default', 'intersection', 'union', 'record', 'pipe', 'effects']);
