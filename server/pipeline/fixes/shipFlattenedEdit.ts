/**
 * The text edits of "Ship `name` flattened": a registration rewritten to go through the runtime package, so the
 * server sends the flat schema the editor previews and parses each call with the original. Pure over one file's
 * text (TypeScript's parser, no program), so it is planned on the unsaved buffer and tested without an editor.
 *
 *   server.registerTool('send', { inputSchema: X }, H)
 * becomes
 *   const sendShipped = flattenTool(X);
 *   server.registerTool('send', { inputSchema: sendShipped.inputSchema }, sendShipped.handler(H))
 * plus `import { flattenTool } from '@tool-schema-lens/runtime'`.
 */
import { ts } from 'ts-morph';
import { freshName } from './freshName';

export const RUNTIME_PACKAGE = '@tool-schema-lens/runtime';

export interface OffsetEdit {
  start: number;
  end: number;
  newText: string;
}

export type ShipFlattenedPlan = { edits: OffsetEdit[]; binding: string } | { refused: string };

export interface ShipFlattenedOptions {
  /** The workspace's MCP SDK takes raw shapes only (before 1.20): register `.shape` instead of `.inputSchema`. */
  rawShapeOnly?: boolean;
}

interface Registration {
  /** The expression that is the tool's input schema, and how to replace it. */
  schema: ts.Expression;
  /** A shorthand property `{ inputSchema }` is replaced whole. */
  shorthand?: ts.ShorthandPropertyAssignment;
  schemaKey: string;
  handler: ts.Expression;
  wrapper: 'handler' | 'execute';
}

/** Plan the rewrite of the registration call that starts at `callStart` (its first character) in `text`. */
export function planShipFlattened(text: string, fileName: string, callStart: number, toolName: string, options: ShipFlattenedOptions = {}): ShipFlattenedPlan {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const call = callAt(source, callStart);
  if (!call) return { refused: 'no registration call found here (the file changed?)' };
  const found = registrationOf(call);
  if ('refused' in found) return found;
  const statement = enclosingStatement(call);
  if (!statement) return { refused: 'the registration is inside an expression; move it into a statement first' };

  const binding = freshName(source, `${camel(toolName)}Shipped`);
  const indent = indentationAt(text, statement.getStart(source));
  const member = found.wrapper === 'handler' && options.rawShapeOnly ? 'shape' : 'inputSchema';
  // Moved out of the call to the statement's level: its later lines move left with it.
  const schemaText = reindent(found.schema.getText(source), indentationAt(text, found.schema.getStart(source)), indent);
  const edits: OffsetEdit[] = [
    { start: statement.getStart(source), end: statement.getStart(source), newText: `const ${binding} = flattenTool(${schemaText});\n${indent}` },
    found.shorthand
      ? { start: found.shorthand.getStart(source), end: found.shorthand.getEnd(), newText: `${found.schemaKey}: ${binding}.${member}` }
      : { start: found.schema.getStart(source), end: found.schema.getEnd(), newText: `${binding}.${member}` },
    { start: found.handler.getStart(source), end: found.handler.getEnd(), newText: `${binding}.${found.wrapper}(${found.handler.getText(source)})` },
  ];
  const importEdit = importFlattenTool(source, text);
  if (importEdit) edits.push(importEdit);
  return { edits: edits.sort((a, b) => a.start - b.start), binding };
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (/\.[cm]?tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.[cm]?ts$/.test(fileName)) return ts.ScriptKind.TS;
  if (/\.jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

function callAt(source: ts.SourceFile, start: number): ts.CallExpression | undefined {
  let best: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (node.getStart(source) > start || node.getEnd() <= start) return;
    if (ts.isCallExpression(node) && node.getStart(source) === start) best ??= node;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return best;
}

function registrationOf(call: ts.CallExpression): Registration | { refused: string } {
  const method = ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : ts.isIdentifier(call.expression) ? call.expression.text : '';
  const args = call.arguments;
  if (method === 'registerTool') {
    const config = args[1];
    const handler = args[args.length - 1];
    if (!config || !ts.isObjectLiteralExpression(config) || args.length < 3) return { refused: 'registerTool without an inline config object and a handler' };
    return fromProperty(config, ['inputSchema'], handler, 'handler');
  }
  if (method === 'tool' && args.length >= 3) {
    const handler = args[args.length - 1];
    const schema = args.slice(1, -1).find((a) => !ts.isStringLiteralLike(a));
    if (!schema) return { refused: 'this tool takes no input schema' };
    return { schema, schemaKey: '', handler, wrapper: 'handler' };
  }
  if (method === 'addTool' && args[0] && ts.isObjectLiteralExpression(args[0])) {
    const execute = propertyValue(args[0], 'execute');
    if (!execute) return { refused: 'addTool without an execute function' };
    return fromProperty(args[0], ['parameters'], execute, 'handler');
  }
  if (method === 'tool' && args[0] && ts.isObjectLiteralExpression(args[0])) {
    if (propertyValue(args[0], 'parameters') && !propertyValue(args[0], 'inputSchema')) {
      return { refused: 'an OpenAI Agents tool ships flattened as JSON Schema with strict: false; see the runtime README' };
    }
    const execute = propertyValue(args[0], 'execute');
    if (!execute) return { refused: 'tool() without an execute function' };
    return fromProperty(args[0], ['inputSchema'], execute, 'execute');
  }
  return { refused: 'not a registration this quick fix knows (registerTool, tool, addTool)' };
}

function fromProperty(
  config: ts.ObjectLiteralExpression,
  keys: string[],
  handler: ts.Expression,
  wrapper: Registration['wrapper'],
): Registration | { refused: string } {
  for (const property of config.properties) {
    const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
    if (!name || !keys.includes(name)) continue;
    if (ts.isPropertyAssignment(property)) return { schema: property.initializer, schemaKey: name, handler, wrapper };
    if (ts.isShorthandPropertyAssignment(property)) return { schema: property.name, shorthand: property, schemaKey: name, handler, wrapper };
  }
  return { refused: `no ${keys.join(' or ')} in the registration` };
}

function propertyValue(config: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  for (const property of config.properties) {
    const name = property.name && ts.isIdentifier(property.name) ? property.name.text : undefined;
    if (name !== key) continue;
    if (ts.isPropertyAssignment(property)) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property)) return property.name;
    if (ts.isMethodDeclaration(property)) return undefined; // `execute() {}`: no expression to wrap
  }
  return undefined;
}

/** The statement the call is the whole of, or an initializer of; a call deeper in an expression has none. */
function enclosingStatement(call: ts.CallExpression): ts.Statement | undefined {
  let node: ts.Node = call;
  while (
    ts.isAwaitExpression(node.parent) ||
    ts.isParenthesizedExpression(node.parent) ||
    ts.isVariableDeclaration(node.parent) ||
    ts.isVariableDeclarationList(node.parent)
  )
    node = node.parent;
  const parent = node.parent;
  if (ts.isExpressionStatement(parent) || ts.isVariableStatement(parent) || ts.isReturnStatement(parent)) return parent;
  if (ts.isVariableStatement(node)) return node;
  return undefined;
}

function importFlattenTool(source: ts.SourceFile, text: string): OffsetEdit | undefined {
  let lastImport: ts.Statement | undefined;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    lastImport = statement;
    const from = ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : '';
    const named = statement.importClause?.namedBindings;
    if (from === RUNTIME_PACKAGE && named && ts.isNamedImports(named) && named.elements.some((e) => e.name.text === 'flattenTool')) return undefined;
  }
  const usesRequire = !lastImport && /\brequire\(/.test(text);
  const line = usesRequire ? `const { flattenTool } = require('${RUNTIME_PACKAGE}');\n` : `import { flattenTool } from '${RUNTIME_PACKAGE}';\n`;
  const at = lastImport ? lastImport.getEnd() : 0;
  return { start: at, end: at, newText: lastImport ? `\n${line.trimEnd()}` : line };
}

function camel(toolName: string): string {
  const words = toolName.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  const safe = /^[A-Za-z_$]/.test(joined) ? joined : `tool${joined}`;
  return safe || 'tool';
}

/** `text` whose lines after the first started at `from` indentation, re-indented to start at `to`. */
function reindent(text: string, from: string, to: string): string {
  const lines = text.split('\n');
  return [lines[0], ...lines.slice(1).map((line) => (line.startsWith(from) ? to + line.slice(from.length) : line))].join('\n');
}

function indentationAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}
