/**
 * Factories: top-level functions and classes whose body builds a server or registers tools
 * (`export function getMcpServer(opts)`, `class Toolkit { constructor(server) {...} }`). Real servers
 * call them from a route, a `main()` or another package; the worker calls each one the module's own
 * start did not reach, with a recording server where a server is expected (see "Running servers the way they start" in docs/architecture.md).
 * Recognised by their text, not their types: discovery never asks the type checker.
 */
import * as path from 'node:path';
import { Node, SyntaxKind, type BindingElement, type ClassDeclaration, type ParameterDeclaration, type SourceFile } from 'ts-morph';
import { parseEntry } from '../plan/entryPoints';
import { withCommentsBlanked } from './codeText';
import type { WorkspaceProject } from '../project/project';
import type { FactorySpec, ParamHint } from './contract';

/** A body that builds a server or registers tools. */
const BUILDS_OR_REGISTERS =
  /\bnew\s+(?:McpServer|FastMCP|Server|DynamicStructuredTool|DynamicTool)\s*\(|\.(?:registerTool|tool|addTool|addTools)\s*\(|\bcreateMcpHandler\s*\(|\b(?:getTools|get_tools)\s*\(|\bcreateTool\s*\(|\b(?:tool|dynamicTool)\s*\(\s*(?:\{|async\b|\()/;

const SERVER_TYPE = /\b(?:McpServer|FastMCP|Server)\b/;
const SERVER_NAME = /^(?:server|mcpServer|mcp|srv)$/i;

/** A parameter that most likely receives the server (by its type, else its name), or an options object holding one. */
function hintOf(param: ParameterDeclaration): ParamHint {
  const typeNode = param.getTypeNode();
  const name = param.getNameNode();
  if (Node.isObjectBindingPattern(name)) {
    // `({ tool, server }: { tool: Tool; server: McpServer })`
    const keyOf = (element: BindingElement) => element.getPropertyNameNode()?.getText() ?? element.getName();
    const serverKeys = name.getElements().flatMap((element) => {
      const key = keyOf(element);
      const member = typeNode && Node.isTypeLiteral(typeNode) ? typeNode.getProperty(key) : undefined;
      return SERVER_NAME.test(key) || SERVER_TYPE.test(member?.getTypeNode()?.getText() ?? '') ? [key] : [];
    });
    // `{ skipImages = false }`: a placeholder there is truthy and would take the branch the default does not.
    const defaulted = name
      .getElements()
      .filter((element) => element.hasInitializer() && !serverKeys.includes(keyOf(element)))
      .map(keyOf);
    if (defaulted.length) return { serverKeys, defaulted };
    return serverKeys.length ? { serverKeys } : 'value';
  }
  if (SERVER_TYPE.test(typeNode?.getText() ?? '')) return 'server';
  if (Node.isIdentifier(name) && SERVER_NAME.test(name.getText())) return 'server';
  // Settings that are all optional (`options: MailOptions` of `defaultSender?`): a caller that configures nothing
  // passes none; a truthy placeholder would take the branches a configured option takes (`from` made optional).
  if (param.hasInitializer() || (typeNode && allOptional(typeNode))) return 'options';
  return 'value';
}

/** Whether a type annotation is an object type whose every member is optional: a literal, `Partial<…>`, or an interface or type alias of the file. */
function allOptional(typeNode: Node): boolean {
  if (Node.isTypeLiteral(typeNode))
    return typeNode.getMembers().length > 0 && typeNode.getMembers().every((m) => Node.isPropertySignature(m) && m.hasQuestionToken());
  if (!Node.isTypeReference(typeNode)) return false;
  const name = typeNode.getTypeName().getText();
  if (name === 'Partial') return true;
  const file = typeNode.getSourceFile();
  const declared = file.getInterface(name) ?? file.getTypeAlias(name)?.getTypeNode();
  if (!declared) return false;
  if (Node.isInterfaceDeclaration(declared))
    return declared.getExtends().length === 0 && declared.getProperties().length > 0 && declared.getProperties().every((p) => p.hasQuestionToken());
  return allOptional(declared);
}

function linesOf(node: Node): [number, number] {
  return [node.getStartLineNumber() - 1, node.getEndLineNumber() - 1];
}

/** A file's factories, and whether its text builds a server or registers tools at all (what "no tool found" is judged by). */
export function factoriesOf(
  project: WorkspaceProject,
  file: string,
  root: string,
  entryPoints: readonly string[] = [],
): { specs: FactorySpec[]; buildsServer: boolean; abstractBuilders: string[] } {
  const named = new Set(
    entryPoints
      .map((e) => parseEntry(root, e))
      .filter((e) => e.factory && path.resolve(e.file) === file)
      .map((e) => e.factory!),
  );
  const text = project.readText(file);
  // Tested again without comments only when the text matches at all: a documented example is not a builder.
  const buildsServer = text !== undefined && BUILDS_OR_REGISTERS.test(text) && BUILDS_OR_REGISTERS.test(withCommentsBlanked(text));
  if (!buildsServer && named.size === 0) return { specs: [], buildsServer, abstractBuilders: [] };
  try {
    const sourceFile = project.sourceFile(file);
    return {
      specs: sourceFile ? findFactories(sourceFile, named) : [],
      buildsServer,
      abstractBuilders: sourceFile ? findAbstractBuilders(sourceFile, named) : [],
    };
  } catch {
    return { specs: [], buildsServer, abstractBuilders: [] };
  }
}

/** The abstract classes that build a server or register tools, which are no factories (see findFactoryDeclarations). */
export function findAbstractBuilders(sourceFile: SourceFile, named: ReadonlySet<string> = new Set()): string[] {
  return sourceFile
    .getStatements()
    .filter((s) => Node.isClassDeclaration(s) && s.isAbstract() && BUILDS_OR_REGISTERS.test(s.getText()))
    .map((s) => (s as ClassDeclaration).getName() ?? 'default')
    .filter((name) => !named.has(name));
}

/** How a report names a parameter: its name, or the keys a destructuring takes (`{ apiKey, configuration }`). */
function paramName(param: ParameterDeclaration): string {
  const name = param.getNameNode();
  if (Node.isIdentifier(name)) return name.getText();
  if (!Node.isObjectBindingPattern(name)) return '[…]';
  const keys = name.getElements().map((e) => e.getPropertyNameNode()?.getText() ?? e.getName());
  return `{ ${keys.slice(0, 3).join(', ')}${keys.length > 3 ? ', …' : ''} }`;
}

/** A factory with the parameters it was read from: the type checker builds arguments from them (factoryArguments.ts). */
export interface FactoryDeclaration {
  spec: FactorySpec;
  params: ParameterDeclaration[];
  methods: Array<{ name: string; lines: [number, number]; params: ParameterDeclaration[] }>;
}

/** The file's factories, in source order; `named` are taken whatever their body says (the user named them). */
export function findFactories(sourceFile: SourceFile, named: ReadonlySet<string> = new Set()): FactorySpec[] {
  return findFactoryDeclarations(sourceFile, named).map((d) => d.spec);
}

/** The file's factories with their declarations' parameters. */
export function findFactoryDeclarations(sourceFile: SourceFile, named: ReadonlySet<string> = new Set()): FactoryDeclaration[] {
  const text = sourceFile.getFullText();
  if (!BUILDS_OR_REGISTERS.test(text) && named.size === 0) return [];
  const builds = (name: string | undefined, body: string) => (name !== undefined && named.has(name)) || BUILDS_OR_REGISTERS.test(body);
  const found: FactoryDeclaration[] = [];
  const add = (spec: Omit<FactorySpec, 'params' | 'methods'>, params: ParameterDeclaration[], methods?: FactoryDeclaration['methods']) =>
    found.push({
      spec: {
        ...spec,
        params: params.map(hintOf),
        paramNames: params.map(paramName),
        ...(methods ? { methods: methods.map((m) => ({ ...m, params: m.params.map(hintOf) })) } : {}),
      },
      params,
      methods: methods ?? [],
    });
  for (const statement of sourceFile.getStatements()) {
    if (Node.isFunctionDeclaration(statement)) {
      const body = statement.getBody();
      if (!body || !builds(statement.getName() ?? (isDefault(statement) ? 'default' : undefined), body.getText())) continue;
      const binding = bindingOf(statement.getName(), isDefault(statement));
      if (binding) add({ ...binding, kind: 'function', lines: linesOf(statement) }, statement.getParameters());
    } else if (Node.isClassDeclaration(statement)) {
      const className = statement.getName() ?? (isDefault(statement) ? 'default' : undefined);
      // The program never constructs an abstract class, only its subclasses, whose members its code reads: an
      // instance of it has none (a registration under an undefined name, a throw), so it is no factory unless named.
      if (statement.isAbstract() && !(className !== undefined && named.has(className))) continue;
      if (!builds(className, statement.getText())) continue;
      const binding = bindingOf(statement.getName(), isDefault(statement));
      if (!binding) continue;
      const ctor = statement.getConstructors()[0];
      const methods = statement.getMethods().filter((m) => !m.isStatic() && !m.isAbstract() && BUILDS_OR_REGISTERS.test(m.getBody()?.getText() ?? ''));
      add(
        { ...binding, kind: 'class', lines: linesOf(statement) },
        ctor ? ctor.getParameters() : [],
        methods.map((m) => ({ name: m.getName(), lines: linesOf(m), params: m.getParameters() })),
      );
    } else if (Node.isVariableStatement(statement)) {
      for (const decl of statement.getDeclarations()) {
        const init = decl.getInitializer();
        if (!init || !(Node.isArrowFunction(init) || Node.isFunctionExpression(init))) continue;
        const nameNode = decl.getNameNode();
        if (!Node.isIdentifier(nameNode) || !builds(nameNode.getText(), init.getBody().getText())) continue;
        add({ name: nameNode.getText(), kind: 'function', lines: linesOf(decl) }, init.getParameters());
      }
    } else if (Node.isExportAssignment(statement) && !statement.isExportEquals()) {
      // `export default async (server) => {...}`
      const value = statement.getExpression();
      if ((Node.isArrowFunction(value) || Node.isFunctionExpression(value)) && builds('default', value.getBody().getText())) {
        add({ name: 'default', exportName: 'default', kind: 'function', lines: linesOf(statement) }, value.getParameters());
      }
    }
  }
  return found;
}

function bindingOf(name: string | undefined, isDefault: boolean): Pick<FactorySpec, 'name' | 'exportName'> | undefined {
  if (name) return { name };
  return isDefault ? { name: 'default', exportName: 'default' } : undefined;
}

/** `export default function` / `export default class`, syntactically (ts-morph's isDefaultExport binds the program). */
function isDefault(statement: Node): boolean {
  return Node.isModifierable(statement) && statement.hasModifier(SyntaxKind.DefaultKeyword);
}
