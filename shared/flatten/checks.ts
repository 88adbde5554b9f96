/**
 * The deep check rule (ADR-0033, release 0.15.1): does a schema carry any check anywhere inside it?
 * A check (`.min`, `.int`, `.regex`, `.refine`, a transform or pipe, ...) does not fully survive as JSON Schema,
 * so on a key shared by several variants the flat field would apply it to every variant.
 */
import { checkNamesOf } from '../zod/checks';
import { childrenOf, readNode, type AnyZod } from '../zod/read';

/** Names of the checks found inside `schema` (deduplicated, first-found order; empty when none). */
export function findChecks(schema: AnyZod): string[] {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: AnyZod) => {
    if (!value || seen.has(value)) return;
    seen.add(value);
    const node = readNode(value);
    if (!node) return;
    for (const name of checkNamesOf(node)) found.add(name);
    for (const child of childrenOf(node)) visit(child);
  };
  visit(schema);
  return [...found];
}
