/**
 * A variant's label read from source, the way the engine forms it: the discriminator's values
 * (`z.literal('a')`, `z.literal(['a', 'b'])`, `z.enum(['x', 'y'])`) joined by ` | `.
 */
import { Node } from 'ts-morph';
import { peel } from '../syntax';
import { resolveChain } from './resolve';
import { elementsOf, formOf, isZodNamespace, type SchemaForm } from './schemaForm';
import { findKey } from './shapeKeys';

const LOOK_THROUGH = new Set(['describe', 'meta', 'brand']);

/** The label of a variant (an option expression) for a discriminator; undefined when not readable. */
export function variantLabel(option: Node, discriminator: string | undefined): string | undefined {
  const values = discriminatorValues(formOf(option), discriminator);
  return values ? values.join(' | ') : undefined;
}

export function discriminatorValues(form: SchemaForm, discriminator: string | undefined): string[] | undefined {
  if (form.kind !== 'object' || !discriminator) return undefined;
  const found = findKey(form.shapes, discriminator).found;
  return found ? literalValues(found.value) : undefined;
}

/** The values of `z.literal(...)` / `z.enum([...])` (through `.describe()` and consts). */
export function literalValues(expr: Node, depth = 0): string[] | undefined {
  const node = resolveChain(expr);
  if (depth > 6 || !Node.isCallExpression(node)) return undefined;
  const callee = node.getExpression();
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const name = callee.getName();
  if (LOOK_THROUGH.has(name)) return literalValues(callee.getExpression(), depth + 1);
  if (!isZodNamespace(callee.getExpression())) return undefined;
  const arg = node.getArguments()[0];
  if (!arg) return undefined;
  if (name === 'literal') {
    const single = scalarText(arg);
    if (single !== undefined) return [single];
    const items = elementsOf(arg).map(scalarText);
    return items.length > 0 && items.every((v) => v !== undefined) ? items : undefined;
  }
  if (name === 'enum') {
    const items = elementsOf(arg).map(scalarText);
    return items.length > 0 && items.every((v) => v !== undefined) ? items : undefined;
  }
  return undefined;
}

function scalarText(expr: Node): string | undefined {
  const node = resolveChain(peel(expr));
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return node.getLiteralValue();
  if (Node.isNumericLiteral(node)) return String(node.getLiteralValue());
  if (Node.isTrueLiteral(node)) return 'true';
  if (Node.isFalseLiteral(node)) return 'false';
  return undefined;
}

/** Labels match when they hold the same values, whatever the order. */
export function sameLabel(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .split(' | ')
      .map((v) => v.trim())
      .sort()
      .join('\u0000');
  return a === b || norm(a) === norm(b);
}
