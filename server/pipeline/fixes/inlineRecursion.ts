/**
 * "Inline the recursive schema 3 levels deep": a client that refuses the `$ref` a recursive `z.lazy` ships gets the
 * schema written out to a fixed depth instead, by a function that builds one level per call, any value below the
 * last. Offered only for the plain pattern `const X: T = z.lazy(() => body)` at a file's top level whose body names
 * `X`: anything else (mutual recursion through other schemas, a chain on the lazy, a name declared after it that the
 * body reads, which the eager call would reach before its declaration) gets no edit. Only for a tool built with
 * zod 4: zod 3's converter leaves `items` out for `z.any()` and writes a schema used at every level (a shared
 * `Title`) as a `$ref` again, so the finding would stay.
 */
import { ts } from 'ts-morph';
import type { Diagnostic, ToolReport } from '../assemble/report';
import { freshName } from './freshName';
import type { PlannedEdit, PlannedFix, TextOf } from './plan';
import { offsetAt, positionAt } from './positions';

/** How many levels the schema is written out to: the usual tree an agent sends is shallower. */
export const INLINE_DEPTH = 3;

const REF_RULES: ReadonlySet<string> = new Set(['ref', 'ref-recursive']);

/** The recursive lazy at the finding as a function of the depth, called for `INLINE_DEPTH` levels. */
export function inlineRecursionFix(d: Diagnostic, textOf: TextOf, tools: readonly ToolReport[]): PlannedFix | undefined {
  if (d.code !== 'client-rejects' || !d.rule || !REF_RULES.has(d.rule)) return undefined;
  const zodMajor = Number(tools.find((t) => t.id === d.toolId)?.shipped?.zodVersion?.split('.')[0]);
  if (!(zodMajor >= 4)) return undefined;
  const text = textOf(d.file);
  if (text === undefined) return undefined;
  const source = ts.createSourceFile(d.file, text, ts.ScriptTarget.Latest, true);
  const found = recursiveLazyAt(source, offsetAt(text, d.range.start));
  if (!found) return undefined;
  const { statement, declaration, lazy, body, name, zod } = found;
  const typed = declaration.type?.getText(source);
  if (!typed && !/\.(js|jsx|mjs|cjs)$/.test(d.file)) return undefined;
  const fn = freshName(source, `${name.charAt(0).toLowerCase()}${name.slice(1)}ToDepth`);
  const deeper = `depth > 1 ? ${fn}(depth - 1) : ${zod}.any()`;
  let written = body.getText(source);
  for (const ref of [...selfReferences(body, name)].reverse()) {
    const at = ref.getStart(source) - body.getStart(source);
    written = written.slice(0, at) + (standsAlone(ref) ? deeper : `(${deeper})`) + written.slice(at + name.length);
  }
  const indent = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', statement.getStart(source)) + 1))![0];
  const fnText = [
    '',
    '',
    `${indent}/** \`${name}\` written out ${INLINE_DEPTH} levels deep, any value below: a client refuses the recursive $ref. */`,
    `${indent}function ${fn}(depth: number)${typed ? `: ${typed}` : ''} {`,
    `${indent}  return ${written};`,
    `${indent}}`,
  ].join('\n');
  const jsFnText = typed ? fnText : fnText.replace('(depth: number)', '(depth)');
  const range = (start: number, end: number) => ({ start: positionAt(text, start), end: positionAt(text, end) });
  const edits: PlannedEdit[] = [
    { file: d.file, range: range(lazy.getStart(source), lazy.getEnd()), newText: `${fn}(${INLINE_DEPTH})` },
    { file: d.file, range: range(statement.getEnd(), statement.getEnd()), newText: jsFnText },
  ];
  return { title: `Inline the recursive schema ${INLINE_DEPTH} levels deep`, edits };
}

interface RecursiveLazy {
  statement: ts.VariableStatement;
  declaration: ts.VariableDeclaration;
  lazy: ts.CallExpression;
  body: ts.Expression;
  name: string;
  /** The namespace the lazy was called on (`z`), for `z.any()`. */
  zod: string;
}

function recursiveLazyAt(source: ts.SourceFile, offset: number): RecursiveLazy | undefined {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const lazy = declaration.initializer;
      if (!ts.isIdentifier(declaration.name) || !lazy || lazy.getStart(source) !== offset || !ts.isCallExpression(lazy)) continue;
      const callee = lazy.expression;
      if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'lazy' || !ts.isIdentifier(callee.expression)) return undefined;
      const body = lazyBody(lazy);
      const name = declaration.name.text;
      // `depth` is the function's parameter: a body reading a `depth` of its own is left alone.
      if (!body || selfReferences(body, name).length === 0 || declaresName(body, name) || selfReferences(body, 'depth').length > 0) return undefined;
      if (readsLaterDeclaration(source, body, statement.getStart(source), name)) return undefined;
      return { statement, declaration, lazy, body, name, zod: callee.expression.text };
    }
  }
  return undefined;
}

/** The expression a lazy's function returns: `() => expr` or `() => { return expr; }`, with no parameters. */
function lazyBody(lazy: ts.CallExpression): ts.Expression | undefined {
  const fn = lazy.arguments.length === 1 ? lazy.arguments[0] : undefined;
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || fn.parameters.length > 0) return undefined;
  if (!ts.isBlock(fn.body)) return fn.body;
  const [only] = fn.body.statements;
  return fn.body.statements.length === 1 && ts.isReturnStatement(only) && only.expression ? only.expression : undefined;
}

/** The identifiers in `body` that read `name` (not a property name, not a key). */
function selfReferences(body: ts.Node, name: string): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name && isRead(node)) out.push(node);
    ts.forEachChild(node, visit);
  };
  visit(body);
  return out;
}

function isRead(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === id) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isGetAccessor(parent)) && parent.name === id) return false;
  if (ts.isTypeReferenceNode(parent) || ts.isQualifiedName(parent) || ts.isTypeQueryNode(parent)) return false;
  return !ts.isShorthandPropertyAssignment(parent);
}

/** True where a conditional in place of `id` needs no parentheses: a whole argument, element or property value. */
function standsAlone(id: ts.Identifier): boolean {
  const parent = id.parent;
  return (
    (ts.isCallExpression(parent) && parent.arguments.some((a) => a === id)) ||
    ts.isArrayLiteralExpression(parent) ||
    (ts.isPropertyAssignment(parent) && parent.initializer === id) ||
    ts.isParenthesizedExpression(parent)
  );
}

/** True where the body binds `name` itself (a parameter, a variable), so a textual swap would change its meaning. */
function declaresName(body: ts.Node, name: string): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if ((ts.isParameter(node) || ts.isVariableDeclaration(node) || ts.isBindingElement(node)) && ts.isIdentifier(node.name) && node.name.text === name)
      found = true;
    if (ts.isShorthandPropertyAssignment(node) && node.name.text === name) found = true;
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/** True where the body reads a top-level `const`, `let` or class declared after `from`: the eager call would throw. */
function readsLaterDeclaration(source: ts.SourceFile, body: ts.Node, from: number, self: string): boolean {
  const later = new Set<string>();
  for (const statement of source.statements) {
    if (statement.getStart(source) <= from) continue;
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) later.add(d.name.text);
    }
    if (ts.isClassDeclaration(statement) && statement.name) later.add(statement.name.text);
  }
  let reads = false;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text !== self && later.has(node.text) && isRead(node)) reads = true;
    ts.forEachChild(node, visit);
  };
  visit(body);
  return reads;
}
