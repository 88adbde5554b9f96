/**
 * Where a tool was written, for the editor, when that is not where it is registered: a tool file that defines
 * `{ name, description, parameters: ArgsSchema, execute }`, or builds it with a helper call that names it
 * (`defineTool('create_task', description, shape, handler)`), and code in another file that hands it to the SDK.
 * Found from the input schema's creation site (evaluate/worker/recorders/creationSites.ts): the schema expression there, the object
 * literal that holds it (directly, or through the `const` it is bound to), that object's `name` and its binding.
 */
import { Node, SyntaxKind, type CallExpression, type Identifier, type ObjectLiteralExpression } from 'ts-morph';
import type { Range } from '../syntax/places';
import type { SourceDefinition } from '../assemble/report';
import { filePathOf, peel, propertyName, rangeOf, transparentParent } from '../syntax';
import { formOf } from './schemaForm';
import { findKey } from './shapeKeys';

/** Keys per tool placed at most (a generated schema can have hundreds; the hover needs the ones written here). */
const MAX_KEYS = 128;
const MAX_DEPTH = 12;

/** The tool's definition around its input schema expression, with the keys of `advertised` placed. */
export function definitionAround(input: Node, advertised: unknown, name?: string): SourceDefinition {
  const schema = outermostExpression(input);
  const schemaRanges: Range[] = [rangeOf(schema)];
  const nameRanges: Range[] = [];
  const tool = toolObjectOf(schema);
  const helper = tool ? undefined : helperCallOf(schema, name);
  let range = rangeOf(schema);
  if (helper) {
    range = rangeOf(helper.call);
    nameRanges.push(rangeOf(helper.name));
    const binding = bindingOf(helper.call);
    if (binding) nameRanges.push(rangeOf(binding));
  } else if (tool) {
    range = rangeOf(tool.object);
    if (tool.holder) schemaRanges.push(rangeOf(tool.holder));
    const name = tool.object.getProperty('name');
    if (name) nameRanges.push(rangeOf(name));
    const binding = bindingOf(tool.object);
    if (binding) nameRanges.push(rangeOf(binding));
  }
  const binding = bindingOf(schema);
  if (binding) schemaRanges.push(rangeOf(binding));
  return { file: filePathOf(input.getSourceFile()), range, nameRanges, schemaRanges, keys: declaredKeys(input, advertised) };
}

/**
 * A tool's definition found by its `name` alone (a registry entry or class whose input has no zod schema of its own,
 * `inputSchema: {}`): the object or class around the name, with its schema property where it has one.
 */
export function definitionAtName(value: Node): SourceDefinition | undefined {
  const property = value.getParent();
  const owner = property?.getParent();
  if (!property || !owner || !(Node.isObjectLiteralExpression(owner) || Node.isClassDeclaration(owner) || Node.isClassExpression(owner))) return undefined;
  const members: Node[] = Node.isObjectLiteralExpression(owner) ? owner.getProperties() : owner.getMembers();
  const schema = members.find(
    (m) => (Node.isPropertyAssignment(m) || Node.isPropertyDeclaration(m)) && SCHEMA_PROPERTIES.has(propertyName(m.getNameNode()) ?? ''),
  );
  const binding = Node.isObjectLiteralExpression(owner) ? bindingOf(owner) : Node.isClassDeclaration(owner) ? owner.getNameNode() : undefined;
  const schemaValue = schema && (Node.isPropertyAssignment(schema) || Node.isPropertyDeclaration(schema)) ? schema.getInitializer() : undefined;
  return {
    file: filePathOf(owner.getSourceFile()),
    range: rangeOf(owner),
    nameRanges: [rangeOf(property), ...(binding ? [rangeOf(binding)] : [])],
    schemaRanges: schemaValue ? [rangeOf(schemaValue)] : [],
    keys: [],
  };
}

/** Properties that hold a tool's input schema in a definition object or class. */
const SCHEMA_PROPERTIES = new Set(['inputSchema', 'schema', 'parameters', 'input']);

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

/**
 * A helper call that writes a tool from its parts, `defineTool('create_task', 'Create a task.', { ... }, handler)`:
 * the schema is one of its arguments and another is the tool's name as a string.
 */
function helperCallOf(schema: Node, name: string | undefined): { call: CallExpression; name: Node } | undefined {
  if (name === undefined) return undefined;
  const call = transparentParent(schema);
  if (!Node.isCallExpression(call) || !call.getArguments().some((a) => peel(a) === schema || a === schema)) return undefined;
  const named = call.getArguments().find((a) => {
    const arg = peel(a);
    return (Node.isStringLiteral(arg) || Node.isNoSubstitutionTemplateLiteral(arg)) && arg.getLiteralText() === name;
  });
  return named ? { call, name: named } : undefined;
}

/** The `const` name an expression is bound to (through `as` / `satisfies`), if any. */
function bindingOf(node: Node): Identifier | undefined {
  const declaration = transparentParent(node);
  const name = Node.isVariableDeclaration(declaration) ? declaration.getNameNode() : undefined;
  return Node.isIdentifier(name) ? name : undefined;
}

type JsonObject = { properties?: Record<string, unknown>; required?: unknown; items?: unknown; oneOf?: unknown; anyOf?: unknown };

function asJson(schema: unknown): JsonObject | undefined {
  return schema && typeof schema === 'object' ? schema : undefined;
}

/**
 * Each key of the advertised schema where this schema declares it (a spread's keys lie in their own file): the
 * source and the JSON Schema walked together, through objects, arrays and unions (options in order), so a key
 * inside a variant answers with that variant's subschema.
 */
function declaredKeys(input: Node, advertised: unknown): SourceDefinition['keys'] {
  const keys: SourceDefinition['keys'] = [];
  const walk = (node: Node, schema: JsonObject | undefined, path: string[], depth: number): void => {
    if (!schema || depth > MAX_DEPTH || keys.length >= MAX_KEYS) return;
    const form = formOf(throughChecks(node));
    if (form.kind === 'object') {
      const props = schema.properties ?? objectMember(schema)?.properties;
      const required = (schema.properties ? schema.required : objectMember(schema)?.required) ?? [];
      for (const [key, sub] of Object.entries(props ?? {})) {
        if (keys.length >= MAX_KEYS) return;
        const found = findKey(form.shapes, key).found;
        if (!found || propertyName(found.nameNode) !== key) continue;
        const at = [...path, key];
        keys.push({
          path: at,
          file: filePathOf(found.nameNode.getSourceFile()),
          range: rangeOf(found.nameNode),
          advertised: sub,
          required: Array.isArray(required) && required.includes(key),
        });
        if (!Node.isShorthandPropertyAssignment(found.property)) walk(found.value, asJson(sub), at, depth + 1);
      }
    } else if (form.kind === 'array') walk(form.element, asJson(schema.items), [...path, '*'], depth + 1);
    else if (form.kind === 'du' || form.kind === 'union') {
      const options = form.kind === 'du' ? form.options : form.members;
      const advertisedOptions = schema.oneOf ?? schema.anyOf;
      // Options are matched by position only when the library kept them all, in order.
      if (Array.isArray(advertisedOptions) && advertisedOptions.length === options.length)
        options.forEach((o, i) => walk(o, asJson(advertisedOptions[i]), path, depth + 1));
    }
  };
  walk(input, asJson(advertised), [], 0);
  return keys;
}

/** Checks and wrappers that keep a schema's shape (`z.array(x).min(1).max(25).describe(...)`): the schema inside. */
const CHECKS = new Set([
  'min',
  'max',
  'length',
  'nonempty',
  'int',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'gt',
  'gte',
  'lt',
  'lte',
  'multipleOf',
  'regex',
  'trim',
  'describe',
  'meta',
  'optional',
  'nullable',
  'nullish',
  'default',
  'prefault',
  'brand',
  'readonly',
  'catch',
]);

function throughChecks(node: Node): Node {
  let current = peel(node);
  for (let depth = 0; depth < 16 && Node.isCallExpression(current); depth++) {
    const callee = current.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || !CHECKS.has(callee.getName())) break;
    current = peel(callee.getExpression());
  }
  return current === peel(node) ? node : current;
}

/** `.nullable()` advertises `anyOf: [object, null]`: the object among the options. */
function objectMember(schema: JsonObject): JsonObject | undefined {
  const options = schema.anyOf ?? schema.oneOf;
  return Array.isArray(options) ? options.map(asJson).find((o) => o?.properties) : undefined;
}
