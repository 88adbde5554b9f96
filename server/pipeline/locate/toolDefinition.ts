/**
 * Where a tool was written when that is not where it is registered: a tool file that defines
 * `{ name, description, parameters: ArgsSchema, execute }` and a helper in another file that hands it to the SDK.
 * Found from the input schema's creation site (evaluate/creationSites.ts): the schema expression there, the object
 * literal that holds it (directly, or through the `const` it is bound to), that object's `name` and its binding.
 */
import { Node, SyntaxKind, type Identifier, type ObjectLiteralExpression } from 'ts-morph';
import type { Range, ToolDefinition } from '../types';
import { filePathOf, peel, propertyName, rangeOf, transparentParent } from '../syntax';
import { formOf } from './schemaForm';
import { findKey } from './shapeKeys';

/** Keys per tool looked up at most (a generated schema can have hundreds; the hover needs the ones written here). */
const MAX_KEYS = 64;

/** The tool's definition around its input schema expression, with the top-level keys of `advertised` placed. */
export function definitionAround(input: Node, advertised: unknown): ToolDefinition {
  const schema = outermostExpression(input);
  const schemaRanges: Range[] = [rangeOf(schema)];
  const nameRanges: Range[] = [];
  const tool = toolObjectOf(schema);
  let range = rangeOf(schema);
  if (tool) {
    range = rangeOf(tool.object);
    if (tool.holder) schemaRanges.push(rangeOf(tool.holder));
    const name = tool.object.getProperty('name');
    if (name) nameRanges.push(rangeOf(name));
    const binding = bindingOf(tool.object);
    if (binding) nameRanges.push(rangeOf(binding));
  }
  const binding = bindingOf(schema);
  if (binding) schemaRanges.push(rangeOf(binding));
  return { file: filePathOf(input.getSourceFile()), range, nameRanges, schemaRanges, keys: topLevelKeys(input, advertised) };
}

/** `z.object({...}).describe(...)`: the schema as a whole is the last call of the chain started at the creation site. */
function outermostExpression(node: Node): Node {
  let current = node;
  for (let depth = 0; depth < 16; depth++) {
    const parent = current.getParent();
    if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === current) {
      const call = parent.getParent();
      if (Node.isCallExpression(call) && call.getExpression() === parent) {
        current = call;
        continue;
      }
    }
    if (parent && (Node.isAsExpression(parent) || Node.isSatisfiesExpression(parent) || Node.isParenthesizedExpression(parent))) {
      current = parent;
      continue;
    }
    break;
  }
  return current;
}

/**
 * The object literal a tool was written as, and the property of it holding the schema: the schema written in one
 * of its properties, or bound to a `const` that a property of an object literal in the same file names.
 */
function toolObjectOf(schema: Node): { object: ObjectLiteralExpression; holder?: Node } | undefined {
  const parent = transparentParent(schema);
  if (Node.isPropertyAssignment(parent)) {
    const object = parent.getParent();
    if (Node.isObjectLiteralExpression(object) && object.getProperty('name')) return { object, holder: parent };
  }
  const name = bindingOf(schema);
  if (!name) return undefined;
  const text = name.getText();
  for (const id of schema.getSourceFile().getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (id === name || id.getText() !== text) continue;
    const holder = id.getParent();
    const named = Node.isShorthandPropertyAssignment(holder) || (Node.isPropertyAssignment(holder) && peel(holder.getInitializerOrThrow()) === id);
    const object = holder?.getParent();
    if (named && Node.isObjectLiteralExpression(object) && object.getProperty('name')) return { object, holder };
  }
  return undefined;
}

/** The `const` name an expression is bound to (through `as` / `satisfies`), if any. */
function bindingOf(node: Node): Identifier | undefined {
  const declaration = transparentParent(node);
  const name = Node.isVariableDeclaration(declaration) ? declaration.getNameNode() : undefined;
  return Node.isIdentifier(name) ? name : undefined;
}

/** Each top-level key of the advertised object, where this schema declares it (possibly in another file, through a spread). */
function topLevelKeys(input: Node, advertised: unknown): ToolDefinition['keys'] {
  const properties = (advertised as { properties?: unknown } | undefined)?.properties;
  if (!properties || typeof properties !== 'object') return [];
  const form = formOf(input);
  if (form.kind !== 'object') return [];
  const keys: ToolDefinition['keys'] = [];
  for (const key of Object.keys(properties).slice(0, MAX_KEYS)) {
    const found = findKey(form.shapes, key).found;
    if (found && propertyName(found.nameNode) === key) keys.push({ key, file: filePathOf(found.nameNode.getSourceFile()), range: rangeOf(found.nameNode) });
  }
  return keys;
}
