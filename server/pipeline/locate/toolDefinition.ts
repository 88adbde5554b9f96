/**
 * Where a tool is defined when its registration does not name it as written: a loop over a registry
 * (`tools.forEach((t) => server.registerTool(t.name, t.definition, ...))`) or a helper registers every tool at one
 * call, and the tool itself is the object literal that says `name: 'manage_contact'` (or `name: ToolNames.MANAGE`),
 * or the class whose property says so (`class ManageContact extends BaseTool { name = 'manage_contact'; ... }`).
 * Found by the name the library recorded; only a single such literal answers (two are a guess).
 */
import * as path from 'node:path';
import { Node, type ObjectLiteralExpression, type SourceFile } from 'ts-morph';
import type { Location } from '../syntax/places';
import { followImportedName, localInitializer, locationOf, peel, propertyName, propertyOf, stringValue } from '../syntax';

/** Properties that say an object literal is a tool's definition rather than something else with that name. */
const TOOL_PROPERTIES = new Set(['inputSchema', 'schema', 'parameters', 'input', 'definition', 'config', 'handler', 'execute', 'description', 'cb']);

export interface DefinitionSearch {
  /** Files to read whatever they say: where the tool's input was created (its definition is often beside it). */
  near: readonly string[];
  /** Other files the evaluation ran: read when they spell the name as a string, or import one that does. */
  ran: readonly string[];
  /** A file's text, read without a parse: only files that spell the name (or import one that does) are parsed. */
  textOf: (file: string) => string | undefined;
  sourceFile: (file: string) => SourceFile | undefined;
}

/** The `name` value of the one object literal that defines the tool; null when none does or several do. */
export function toolDefinitionName(name: string, search: DefinitionSearch): Location | null {
  const node = toolDefinitionNode(name, search);
  return node ? locationOf(node) : null;
}

/** The `name` value node of the one object literal or class that defines the tool; null when none does or several do. */
export function toolDefinitionNode(name: string, search: DefinitionSearch): Node | null {
  const found: Array<{ at: Node; toolLike: boolean }> = [];
  const seen = new Set<string>();
  const read = (file: string) => {
    if (seen.has(file) || /[\\/]node_modules[\\/]/.test(file)) return;
    seen.add(file);
    search.sourceFile(file)?.forEachDescendant((node) => {
      if (!(Node.isPropertyAssignment(node) || Node.isPropertyDeclaration(node)) || propertyName(node.getNameNode()) !== 'name') return;
      const value = node.getInitializer();
      const owner = node.getParent();
      if (!value || nameText(value) !== name) return;
      if (Node.isObjectLiteralExpression(owner))
        found.push({ at: value, toolLike: owner.getProperties().some((p) => TOOL_PROPERTIES.has(memberName(p) ?? '')) });
      else if (Node.isClassDeclaration(owner) || Node.isClassExpression(owner))
        found.push({ at: value, toolLike: owner.getMembers().some((m) => TOOL_PROPERTIES.has(memberName(m) ?? '')) });
    });
  };
  for (const file of search.near) read(file);
  const spelling = search.ran.filter((file) => spellsName(search.textOf(file) ?? '', name));
  for (const file of spelling) read(file);
  // `name: ToolNames.ARCHIVE` spells the name in another module: read the modules that import one that spells it.
  if (found.length === 0) for (const file of search.ran) if (importsOneOf(search.textOf(file), spelling)) read(file);
  const toolLike = found.filter((f) => f.toolLike);
  const one = toolLike.length === 1 ? toolLike[0] : found.length === 1 ? found[0] : undefined;
  return one ? one.at : null;
}

function memberName(p: Node): string | undefined {
  return Node.isPropertyAssignment(p) ||
    Node.isShorthandPropertyAssignment(p) ||
    Node.isMethodDeclaration(p) ||
    Node.isPropertyDeclaration(p) ||
    Node.isGetAccessorDeclaration(p)
    ? propertyName(p.getNameNode())
    : undefined;
}

/** The string a name expression stands for, syntactically: a literal, a const, a property of a const object, across relative imports. */
function nameText(node: Node, depth = 0): string | undefined {
  const n = peel(node);
  const direct = stringValue(n);
  if (direct !== undefined || depth > 4) return direct;
  if (Node.isPropertyAccessExpression(n)) {
    const object = objectNamed(n.getExpression(), depth + 1);
    const property = object && propertyOf(object, n.getName());
    return property ? nameText(property.value, depth + 1) : undefined;
  }
  const target = named(n);
  return target ? nameText(target, depth + 1) : undefined;
}

function objectNamed(node: Node, depth: number): ObjectLiteralExpression | undefined {
  const n = peel(node);
  if (Node.isObjectLiteralExpression(n)) return n;
  const target = depth > 4 ? undefined : named(n);
  return target ? objectNamed(target, depth + 1) : undefined;
}

/** What an identifier names: a same-file const, else a relative import's export. */
function named(n: Node): Node | undefined {
  if (!Node.isIdentifier(n)) return undefined;
  const target = localInitializer(n) ?? followImportedName(n.getSourceFile(), n.getText());
  return target && target !== n ? target : undefined;
}

/** Whether a source text spells `name` as a string literal (it may be in a comment: a prefilter). */
function spellsName(text: string, name: string): boolean {
  return text.includes(`'${name}'`) || text.includes(`"${name}"`) || text.includes(`\`${name}\``);
}

/** Whether a source text imports (by its specifier's last segment) one of these files. */
function importsOneOf(text: string | undefined, files: readonly string[]): boolean {
  if (!text) return false;
  return files.some((file) => {
    const base = path.basename(file).replace(/\.[cm]?[jt]sx?$/, '');
    return [`/${base}'`, `/${base}"`, `/${base}.js'`, `/${base}.js"`, `/${base}.ts'`, `/${base}.ts"`].some((s) => text.includes(s));
  });
}
