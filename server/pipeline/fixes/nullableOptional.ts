/**
 * "Replace `.nullable()` with `.optional()`": a client that refuses the `null` a `.nullable()` adds (a type list, a
 * `type: "null"` member) takes the key left out instead. The finding already lands on the call (`withCall` in
 * shared/clients), so the edit is that call's text, made only where it is written exactly `nullable()` there.
 */
import type { Diagnostic } from '../assemble/report';
import type { PlannedFix, TextOf } from './plan';
import { offsetAt } from './positions';

/** The client rules whose node a `.nullable()` makes (`zodCallOf` names it for each). */
const NULL_RULES: ReadonlySet<string> = new Set(['type-array', 'null-type']);

/** The call `.nullable()` swapped for `.optional()`, where the finding sits on it. */
export function nullableOptionalFix(d: Diagnostic, textOf: TextOf): PlannedFix | undefined {
  if (d.code !== 'client-rejects' || !d.rule || !NULL_RULES.has(d.rule)) return undefined;
  const text = textOf(d.file);
  if (text === undefined) return undefined;
  const start = offsetAt(text, d.range.start);
  const end = offsetAt(text, d.range.end);
  // `z.nullable(x)` (the schema as an argument) is left alone: only the method `.nullable()` maps to `.optional()`.
  if (text.slice(start, end) !== 'nullable()' || !/\.\s*$/.test(text.slice(Math.max(0, start - 20), start))) return undefined;
  if (/\bz\s*\.\s*$/.test(text.slice(Math.max(0, start - 20), start))) return undefined;
  return { title: 'Replace `.nullable()` with `.optional()`', edits: [{ file: d.file, range: d.range, newText: 'optional()' }] };
}
