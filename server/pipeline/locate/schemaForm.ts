/**
 * What a zod expression builds, read from source: an object (with the shape literals that declare
 * its keys), an array, a record, a union, a discriminated union, an intersection, or something
 * opaque (a function call, a parameter, a lazy). Wrappers (optional, nullable, default, describe,
 * meta, brand, ...) and shape-preserving methods (pick, omit, partial, strict, refine, ...) are
 * looked through, as the engine's trail looks through them.
 */
import { Node, type CallExpression } from 'ts-morph';
import { importedBinding, isZodSpecifier, peel } from '../syntax';
import { resolveIdentifier, resolveMember } from './resolve';

export type SchemaForm =
  /** `shapes`: shape expressions in lookup order (a later declaration of a key wins, so extensions come first). */
  /** `strictness`: what set strictness or a refinement, outermost first: `.strict()`-like calls, or the `strictObject` / `looseObject` name. */
  | { kind: 'object'; node: Node; shapes: Node[]; strictness: Node[] }
  | { kind: 'array'; node: Node; element: Node }
  | { kind: 'record'; node: Node; value: Node }
  | { kind: 'du'; node: Node; discriminator?: string; options: Node[] }
  | { kind: 'union'; node: Node; members: Node[] }
  | { kind: 'intersection'; node: Node; left: Node; right: Node }
  | { kind: 'opaque'; node: Node };

/** Methods that return the same schema kind (or wrap it in something the trail looks through). */
const PASS_THROUGH = new Set([
  'optional',
  'nullable',
  'nullish',
  'default',
  'prefault',
  'describe',
  'meta',
  'brand',
  'pick',
  'omit',
  'partial',
  'required',
  'deepPartial',
  'strip',
  'nonoptional',
  'register',
  // Checks on arrays (and strings) keep the kind: `z.array(item).min(2)` is still read into its items.
  'min',
  'max',
  'length',
  'nonempty',
]);
/** Object methods whose call is the anchor of a `strictness-dropped` finding. */
const STRICTNESS = new Set(['strict', 'passthrough', 'loose', 'catchall', 'refine', 'superRefine', 'check']);
/** `z.fn(inner, ...)` wrappers (zod mini and zod 4 top-level forms). */
const FACTORY_WRAPPERS = new Set([
  'optional',
  'nullable',
  'nullish',
  '_default',
  'default',
  'prefault',
  'pick',
  'omit',
  'partial',
  'required',
  'strict',
  'loose',
  'nonoptional',
]);
const OBJECT_FACTORIES = new Set(['object', 'strictObject', 'looseObject', 'interface']);

const MAX_DEPTH = 24;

/** Read the schema an expression builds. */
export function formOf(expr: Node, depth = 0): SchemaForm {
  const node = peel(expr);
  if (depth > MAX_DEPTH) return { kind: 'opaque', node };
  if (Node.isIdentifier(node)) {
    const resolved = resolveIdentifier(node);
    return resolved && resolved !== node ? formOf(resolved, depth + 1) : { kind: 'opaque', node };
  }
  if (Node.isObjectLiteralExpression(node)) return { kind: 'object', node, shapes: [node], strictness: [] };
  // `shipped.inputSchema` (`.shape`, `.original`) of the runtime package's `flattenTool(input)`: the engine judges
  // the input as written, so its trails are read in the input.
  const flattened = flattenToolInput(node);
  if (flattened) return formOf(flattened, depth + 1);
  // `Input.shape` passed where a raw shape goes: the object's own keys.
  if (Node.isPropertyAccessExpression(node) && node.getName() === 'shape') {
    const inner = formOf(node.getExpression(), depth + 1);
    return inner.kind === 'object' ? { ...inner, node } : { kind: 'opaque', node };
  }
  if (Node.isPropertyAccessExpression(node)) {
    // `shapes.Base` (a namespace import) or `Schemas.base` (a const object of schemas).
    const member = isZodNamespace(node.getExpression()) ? undefined : resolveMember(node);
    return member && member !== node ? formOf(member, depth + 1) : { kind: 'opaque', node };
  }
  if (!Node.isCallExpression(node)) return { kind: 'opaque', node };
  const callee = node.getExpression();
  const args = node.getArguments();
  if (Node.isIdentifier(callee)) {
    const name = importedZodName(callee);
    return name ? factoryForm(node, name, args, depth) : { kind: 'opaque', node };
  }
  if (!Node.isPropertyAccessExpression(callee)) return { kind: 'opaque', node };
  const method = callee.getName();
  const receiver = callee.getExpression();
  if (isZodNamespace(receiver)) return factoryForm(node, method, args, depth);
  return methodForm(node, method, receiver, args, depth);
}

function factoryForm(node: CallExpression, name: string, args: Node[], depth: number): SchemaForm {
  const [first, second] = args;
  if (OBJECT_FACTORIES.has(name) && first) {
    const callee = node.getExpression();
    const named = name !== 'object' && name !== 'interface' && Node.isPropertyAccessExpression(callee) ? [callee.getNameNode()] : [];
    return { kind: 'object', node, shapes: [first], strictness: named };
  }
  if (name === 'array' && first) return { kind: 'array', node, element: first };
  if (name === 'record' && first) return { kind: 'record', node, value: args[args.length - 1] };
  if (name === 'discriminatedUnion' && first) {
    const options = second ?? first;
    const discriminator = second ? stringOf(first) : undefined;
    return { kind: 'du', node, discriminator, options: elementsOf(options) };
  }
  if (name === 'union' && first) return { kind: 'union', node, members: elementsOf(first) };
  if (name === 'intersection' && first && second) return { kind: 'intersection', node, left: first, right: second };
  if ((name === 'extend' || name === 'safeExtend') && first && second) return extended(node, formOf(first, depth + 1), [second]);
  if (name === 'merge' && first && second) return extended(node, formOf(first, depth + 1), formShapes(formOf(second, depth + 1)));
  if (FACTORY_WRAPPERS.has(name) && first) return formOf(first, depth + 1);
  // A pipe is read on the side that ships, as the engine walks it: `z.preprocess(fn, union)` its schema,
  // `z.pipe(a, b)` its input unless that is a transform.
  if (name === 'preprocess' && second) return formOf(second, depth + 1);
  if (name === 'pipe' && first && second) return formOf(isTransformCall(first) ? second : first, depth + 1);
  return { kind: 'opaque', node };
}

function isTransformCall(expr: Node): boolean {
  const node = peel(expr);
  if (!Node.isCallExpression(node)) return false;
  const callee = node.getExpression();
  return (Node.isIdentifier(callee) || Node.isPropertyAccessExpression(callee)) && /(^|\.)transform$/.test(callee.getText());
}

function methodForm(node: CallExpression, method: string, receiver: Node, args: Node[], depth: number): SchemaForm {
  // `.transform(fn)` and `.pipe(next)` ship their receiver (the input side).
  if (PASS_THROUGH.has(method) || method === 'transform' || method === 'pipe') return withNode(formOf(receiver, depth + 1), node);
  if (STRICTNESS.has(method)) {
    const inner = formOf(receiver, depth + 1);
    if (inner.kind !== 'object') return withNode(inner, node);
    return { ...inner, node, strictness: [node, ...inner.strictness] };
  }
  if ((method === 'extend' || method === 'safeExtend') && args[0]) return extended(node, formOf(receiver, depth + 1), [args[0]]);
  if (method === 'merge' && args[0]) return extended(node, formOf(receiver, depth + 1), formShapes(formOf(args[0], depth + 1)));
  if (method === 'array' && args.length === 0) return { kind: 'array', node, element: receiver };
  if (method === 'or' && args[0]) return { kind: 'union', node, members: [receiver, args[0]] };
  if (method === 'and' && args[0]) return { kind: 'intersection', node, left: receiver, right: args[0] };
  return { kind: 'opaque', node };
}

/** An object extended by more shapes: the extension's keys win, so they are searched first. */
function extended(node: Node, base: SchemaForm, extra: Node[]): SchemaForm {
  const baseShapes = base.kind === 'object' ? base.shapes : [base.node];
  return { kind: 'object', node, shapes: [...extra, ...baseShapes], strictness: base.kind === 'object' ? base.strictness : [] };
}

function formShapes(form: SchemaForm): Node[] {
  return form.kind === 'object' ? form.shapes : [form.node];
}

function withNode(form: SchemaForm, node: Node): SchemaForm {
  return { ...form, node };
}

/** Array literal elements, directly or through a const; empty when not statically known. */
export function elementsOf(expr: Node, depth = 0): Node[] {
  let node = peel(expr);
  if (Node.isIdentifier(node)) node = resolveIdentifier(node) ?? node;
  if (!Node.isArrayLiteralExpression(node) || depth > 4) return [];
  // `[...baseVariants, extra]`: spread arrays count as their elements, so indexes match the runtime union.
  return node.getElements().flatMap((e) => (Node.isSpreadElement(e) ? elementsOf(e.getExpression(), depth + 1) : [e]));
}

function stringOf(expr: Node): string | undefined {
  let node = peel(expr);
  if (Node.isIdentifier(node)) node = resolveIdentifier(node) ?? node;
  return Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) ? node.getLiteralValue() : undefined;
}

/** `z`, or any namespace/named import from a zod module (`import * as z from 'zod/mini'`, `import { z } from 'zod'`). */
export function isZodNamespace(node: Node): boolean {
  if (!Node.isIdentifier(node)) return false;
  const name = node.getText();
  const sf = node.getSourceFile();
  for (const decl of sf.getImportDeclarations()) {
    if (!isZodSpecifier(decl.getModuleSpecifierValue())) continue;
    if (decl.getNamespaceImport()?.getText() === name || decl.getDefaultImport()?.getText() === name) return true;
    if (decl.getNamedImports().some((s) => (s.getAliasNode()?.getText() ?? s.getName()) === name)) return true;
  }
  return name === 'z';
}

/** `import { object, literal } from 'zod/mini'` called bare: the zod function's name. */
function importedZodName(id: Node): string | undefined {
  const name = id.getText();
  for (const decl of id.getSourceFile().getImportDeclarations()) {
    if (!isZodSpecifier(decl.getModuleSpecifierValue())) continue;
    const spec = decl.getNamedImports().find((s) => (s.getAliasNode()?.getText() ?? s.getName()) === name);
    if (spec) return spec.getName();
  }
  return undefined;
}

const FLATTEN_TOOL_MEMBERS = new Set(['inputSchema', 'shape', 'original']);

/** The input passed to `flattenTool(input, ...)` (imported from the runtime package) behind `x.inputSchema`, if that is what `node` is. */
function flattenToolInput(node: Node): Node | undefined {
  if (!Node.isPropertyAccessExpression(node) || !FLATTEN_TOOL_MEMBERS.has(node.getName())) return undefined;
  let target = peel(node.getExpression());
  if (Node.isIdentifier(target)) target = resolveIdentifier(target) ?? target;
  if (!Node.isCallExpression(target)) return undefined;
  const callee = target.getExpression();
  if (!Node.isIdentifier(callee)) return undefined;
  const binding = importedBinding(callee.getSourceFile(), callee.getText());
  if (binding?.specifier !== '@tool-schema-lens/runtime' || binding.name !== 'flattenTool') return undefined;
  return target.getArguments()[0];
}
