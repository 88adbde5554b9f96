/**
 * "Replace `.nullable()` with `.optional()`": a client that refuses the `null` a `.nullable()` adds (a type list, a
 * `type: "null"` member) takes the key left out instead. The finding already lands on the call (`withCall` in
 * shared/clients), so the edit is that call's text, made only where it is written exactly `nullable()` there and
 * its chain is a key's whole value in an object literal (a shape): `.optional()` means "leave the key out" only
 * there, and a chain going on past it (`.default(null)`, a transform) may not take `undefined`.
 */
import { ts } from 'ts-morph';
import type { Diagnostic } from '../assemble/report';
import type { PlannedFix, TextOf } from './plan';
import { offsetAt } from './positions';

/** The client rules whose node a `.nullable()` makes (`zodCallOf` names it for each). */
const NULL_RULES: ReadonlySet<string> = new Set(['type-array', 'null-type']);

/** Calls that may follow the swapped one: they say something about the key, not about its values. */
const AFTER: ReadonlySet<string> = new Set(['describe', 'meta', 'optional']);

/** The call `.nullable()` swapped for `.optional()`, where the finding sits on it and it ends a key's value. */
export function nullableOptionalFix(d: Diagnostic, textOf: TextOf): PlannedFix | undefined {
  if (d.code !== 'client-rejects' || !d.rule || !NULL_RULES.has(d.rule)) return undefined;
  const text = textOf(d.file);
  if (text === undefined) return undefined;
  const start = offsetAt(text, d.range.start);
  const end = offsetAt(text, d.range.end);
  if (text.slice(start, end) !== 'nullable()' || !isKeyValueCall(d.file, text, start, end)) return undefined;
  return { title: 'Replace `.nullable()` with `.optional()`', edits: [{ file: d.file, range: d.range, newText: 'optional()' }] };
}

/** True where `start..end` is the name and parentheses of a method call `x.nullable()` whose chain is a key's value. */
function isKeyValueCall(file: string, text: string, start: number, end: number): boolean {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  let node: ts.Node | undefined = source;
  // The innermost node that starts at the method's name: its identifier, under `x.nullable`.
  for (let next: ts.Node | undefined = source; next;) {
    node = next;
    next = node.getChildren(source).find((c) => c.getStart(source) <= start && start < c.getEnd());
  }
  const access = node?.parent;
  if (!access || !ts.isPropertyAccessExpression(access) || access.name !== node) return false;
  let top: ts.Node = access.parent;
  if (!ts.isCallExpression(top) || top.expression !== access || top.arguments.length > 0 || top.getEnd() !== end) return false;
  // Only key-level calls may follow before the chain ends at the key.
  while (ts.isPropertyAccessExpression(top.parent) && ts.isCallExpression(top.parent.parent) && AFTER.has(top.parent.name.text)) top = top.parent.parent;
  return ts.isPropertyAssignment(top.parent) && top.parent.initializer === top && ts.isObjectLiteralExpression(top.parent.parent);
}
