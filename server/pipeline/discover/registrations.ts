/**
 * Tool registrations: calls into an SDK that receive a tool's name and input schema.
 * Recognised by the library the callee or receiver comes from (its import, its construction or
 * its declared type), with a textual fallback (the file imports the SDK + the method name) when
 * the receiver cannot be followed syntactically.
 */
import { Node, SyntaxKind, ts, type CallExpression, type NewExpression, type SourceFile } from 'ts-morph';
import type { DiscoveredSite } from './contract';
import { TOOL_LIBRARIES, type RegistrationForm, type ServerClass, type ToolLibrary, type ToolSdk } from '../sdks';
import { calleeExport, readSdkBindings, type SdkBindings } from './sdkImports';
import { unstructuredReturns } from './handlerReturns';
import {
  importedBinding,
  isStringish,
  localDeclaration,
  objectLiteralOf,
  peel,
  propertyName,
  propertyOf,
  rangeOf,
  stringValue,
  transparentParent,
  type ImportFollower,
} from '../syntax';

/** A receiver that is a library's server; 'other': followed to something that is certainly none (an object literal). */
type ReceiverKind = { library: ToolLibrary<ToolSdk>; server: ServerClass } | 'other' | 'unknown';

const MCP_ANNOTATION_KEYS = new Set(['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

/** Each library's server classes (its own, or the one its host function calls back with), in preference order. */
const SERVERS: Array<{ library: ToolLibrary<ToolSdk>; server: ServerClass }> = TOOL_LIBRARIES.flatMap((library) =>
  Object.values(library.exports).flatMap((e) => (e.kind === 'tool' ? [] : [{ library, server: e.server }])),
);

/** Method names that register a tool on some server class. */
const METHODS = new Set(SERVERS.flatMap(({ server }) => Object.keys(server.methods)));

function formOf(server: ServerClass, method: string): RegistrationForm | undefined {
  return Object.prototype.hasOwnProperty.call(server.methods, method) ? server.methods[method] : undefined;
}

export function findRegistrations(sourceFile: SourceFile, bindings: SdkBindings, follow?: ImportFollower): DiscoveredSite[] {
  const sites: DiscoveredSite[] = [];
  for (const node of candidateCalls(sourceFile, bindings)) {
    const site = Node.isCallExpression(node)
      ? registrationOfCall(node, bindings, follow)
      : Node.isNewExpression(node)
        ? registrationOfNew(node, bindings)
        : undefined;
    if (site) sites.push(site);
  }
  return sites;
}

/**
 * Calls and `new`s that may be registrations, found on the raw compiler tree: wrapping every node in
 * ts-morph objects costs more than the parse itself, so only the few candidates are wrapped.
 */
function candidateCalls(sourceFile: SourceFile, bindings: SdkBindings): Node[] {
  const found: ts.Node[] = [];
  const interesting = (callee: ts.Expression): boolean => {
    if (ts.isIdentifier(callee)) return bindings.named.has(callee.text);
    if (!ts.isPropertyAccessExpression(callee)) return false;
    const name = callee.name.text;
    return METHODS.has(name) || (ts.isIdentifier(callee.expression) && bindings.namespaces.has(callee.expression.text));
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && interesting(node.expression)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile.compilerNode);
  // ts-morph's own (internal but long-stable) accessor: wraps a compiler node within this file's tree.
  const wrap = (sourceFile as unknown as { _getNodeFromCompilerNode(n: ts.Node): Node })._getNodeFromCompilerNode.bind(sourceFile);
  return found.map(wrap);
}

/** `new DynamicStructuredTool({ name, schema })`: a class whose construction is the registration. */
function registrationOfNew(created: NewExpression, bindings: SdkBindings): DiscoveredSite | undefined {
  const bound = calleeExport(created.getExpression(), bindings);
  if (bound?.export.kind !== 'tool' || bound.export.call !== 'new') return undefined;
  return fromForm(created, bound.export.form, bound.library.sdk);
}

function registrationOfCall(call: CallExpression, bindings: SdkBindings, follow: ImportFollower | undefined): DiscoveredSite | undefined {
  const callee = call.getExpression();
  const bound = calleeExport(callee, bindings);
  if (bound?.export.kind === 'tool' && bound.export.call === 'call') return fromForm(call, bound.export.form, bound.library.sdk);
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.getName();
  if (!METHODS.has(method)) return undefined;
  let receiver = receiverKind(callee.getExpression(), bindings);
  // The textual fallback: the file imports a library whose server has this method.
  const fallback = SERVERS.find(({ library, server }) => bindings.libraries.has(library) && formOf(server, method));
  // `import { server } from './server'` in a file that never imports the SDK itself: look at its construction.
  if (receiver === 'unknown' && !fallback && follow) receiver = importedReceiverKind(callee.getExpression(), follow);
  const owner = receiver === 'unknown' ? fallback : receiver === 'other' ? undefined : receiver;
  const form = owner && formOf(owner.server, method);
  return owner && form ? fromForm(call, form, owner.library.sdk) : undefined;
}

function fromForm(call: CallExpression | NewExpression, form: RegistrationForm, sdk: ToolSdk): DiscoveredSite | undefined {
  switch (form.form) {
    case 'positional':
      return Node.isCallExpression(call) ? fromPositional(call, sdk) : undefined;
    case 'nameThenConfig':
      return fromNameThenConfig(call, sdk, form.schemaKey);
    case 'config':
      return fromConfigObject(call, call.getArguments()[form.arg], sdk, form.nameKey ?? 'name', form.schemaKeys);
  }
}

/** `server.tool(name, [description], [shape], [annotations], cb)`: the callback is always last. */
function fromPositional(call: CallExpression, sdk: ToolSdk): DiscoveredSite | undefined {
  const args = call.getArguments();
  const nameArg = args[0];
  if (!nameArg || args.length < 2 || !isStringish(nameArg)) return undefined;
  const middle = args.slice(1, -1);
  let schema: Node | undefined;
  if (middle.length === 1) schema = isStringish(middle[0]) ? undefined : middle[0];
  else if (middle.length === 2) {
    const [first, second] = middle;
    schema = isStringish(first) ? second : isMcpAnnotations(second) || looksLikeSchema(first) ? first : second;
  } else if (middle.length >= 3) schema = middle[1];
  return withHandler(site(call, sdk, nameArg, stringValue(nameArg), schema), args[args.length - 1]);
}

/** `server.registerTool(name, { description, inputSchema, ... }, cb)`. */
function fromNameThenConfig(call: CallExpression | NewExpression, sdk: ToolSdk, schemaKey: string): DiscoveredSite | undefined {
  const [nameArg, configArg, handler] = call.getArguments();
  if (!nameArg || !isStringish(nameArg)) return undefined;
  const config = objectLiteralOf(configArg);
  const schema = config ? propertyOf(config, schemaKey)?.value : undefined;
  return withHandler(site(call, sdk, nameArg, stringValue(nameArg), schema), handler);
}

/** `tool({ name?, inputSchema | parameters | schema })` and friends: config object holds name and schema. */
function fromConfigObject(
  call: CallExpression | NewExpression,
  configArg: Node | undefined,
  sdk: ToolSdk,
  nameKey: string,
  schemaKeys: readonly string[],
): DiscoveredSite | undefined {
  const config = objectLiteralOf(configArg);
  if (!config) return undefined;
  let schema: Node | undefined;
  for (const key of schemaKeys) {
    schema = propertyOf(config, key)?.value;
    if (schema) break;
  }
  const nameProp = propertyOf(config, nameKey);
  if (nameProp) return site(call, sdk, nameProp.value, stringValue(nameProp.value), schema);
  // The AI SDK names a tool by the key (or variable) it is assigned to.
  const holder = contextualName(call);
  return site(call, sdk, holder, holder ? (propertyName(holder) ?? holder.getText()) : undefined, schema);
}

/** The property key or variable name a value is assigned to: `weather: tool(...)`, `const weather = tool(...)`. */
function contextualName(node: Node): Node | undefined {
  const parent = transparentParent(node);
  if (!parent) return undefined;
  if (Node.isPropertyAssignment(parent)) return parent.getNameNode();
  if (Node.isVariableDeclaration(parent)) return parent.getNameNode();
  if (Node.isPropertyDeclaration(parent)) return parent.getNameNode();
  return undefined;
}

function site(call: Node, sdk: ToolSdk, nameNode: Node | undefined, name: string | undefined, schema: Node | undefined): DiscoveredSite {
  return {
    kind: 'registration',
    sdk,
    name,
    range: rangeOf(call),
    nameRange: nameNode ? rangeOf(nameNode) : undefined,
    schemaRange: schema ? rangeOf(peel(schema)) : undefined,
  };
}

/** The site with the returns its inline handler shows without `structuredContent` (judged once the output schema is known). */
function withHandler(found: DiscoveredSite, handler: Node | undefined): DiscoveredSite {
  const returns = unstructuredReturns(handler);
  return returns.length > 0 ? { ...found, unstructuredReturns: returns } : found;
}

function isMcpAnnotations(node: Node): boolean {
  const obj = objectLiteralOf(node);
  if (!obj) return false;
  const names = obj.getProperties().map((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) ? p.getName() : ''));
  return names.length > 0 && names.every((n) => MCP_ANNOTATION_KEYS.has(n));
}

function looksLikeSchema(node: Node): boolean {
  const n = peel(node);
  return Node.isObjectLiteralExpression(n) || Node.isCallExpression(n) || Node.isPropertyAccessExpression(n);
}

/** What a method's receiver is, followed syntactically: its construction, declared type, or host callback. */
function receiverKind(receiver: Node, bindings: SdkBindings): ReceiverKind {
  const expr = peel(receiver);
  if (Node.isNewExpression(expr)) return constructed(expr, bindings);
  if (Node.isIdentifier(expr)) {
    const decl = localDeclaration(expr, expr.getText());
    if (!decl) return 'unknown';
    const byType = typed(decl.getTypeNode(), bindings);
    if (byType !== 'unknown') return byType;
    if (Node.isParameterDeclaration(decl)) return hostedServer(decl, bindings);
    const init = decl.getInitializer();
    if (!init) return 'unknown';
    const value = peel(init);
    if (Node.isNewExpression(value)) return constructed(value, bindings);
    return Node.isObjectLiteralExpression(value) ? 'other' : 'unknown';
  }
  if (Node.isPropertyAccessExpression(expr) && expr.getExpression().getKind() === SyntaxKind.ThisKeyword) {
    return classMemberKind(expr, expr.getName(), bindings);
  }
  return 'unknown';
}

/** A receiver imported from a sibling module: what its declaration there constructs. */
function importedReceiverKind(receiver: Node, follow: ImportFollower): ReceiverKind {
  const expr = peel(receiver);
  if (!Node.isIdentifier(expr)) return 'unknown';
  const sourceFile = expr.getSourceFile();
  const binding = importedBinding(sourceFile, expr.getText());
  const init = binding && follow(sourceFile, binding.specifier, binding.name);
  const value = init && peel(init);
  return value && Node.isNewExpression(value) ? constructed(value, readSdkBindings(value.getSourceFile())) : 'unknown';
}

function constructed(created: NewExpression, bindings: SdkBindings): ReceiverKind {
  const bound = calleeExport(created.getExpression(), bindings);
  return bound?.export.kind === 'server' ? { library: bound.library, server: bound.export.server } : 'unknown';
}

function typed(typeNode: Node | undefined, bindings: SdkBindings): ReceiverKind {
  if (!typeNode || !Node.isTypeReference(typeNode)) return 'unknown';
  const name = typeNode.getTypeName().getText();
  const bound = bindings.named.get(name) ?? bindings.named.get(name.split('.').pop() ?? '');
  return bound?.export.kind === 'server' ? { library: bound.library, server: bound.export.server } : 'unknown';
}

/** `createMcpHandler((server) => { ... })`: the first parameter of a host function's callback is its server. */
function hostedServer(param: Node, bindings: SdkBindings): ReceiverKind {
  const fn = param.getParent();
  if (!fn || !(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn))) return 'unknown';
  if (fn.getParameters()[0] !== param) return 'unknown';
  const call = transparentParent(fn);
  const bound = call && Node.isCallExpression(call) ? calleeExport(call.getExpression(), bindings) : undefined;
  return bound?.export.kind === 'host' ? { library: bound.library, server: bound.export.server } : 'unknown';
}

/** `this.server`: a property declaration, a constructor parameter property, or an assignment in the class. */
function classMemberKind(access: Node, name: string, bindings: SdkBindings): ReceiverKind {
  const cls = access.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
  if (!cls || !(Node.isClassDeclaration(cls) || Node.isClassExpression(cls))) return 'unknown';
  const prop = cls.getProperty(name);
  if (prop) {
    const byType = typed(prop.getTypeNode(), bindings);
    if (byType !== 'unknown') return byType;
    const init = prop.getInitializer();
    if (init && Node.isNewExpression(peel(init))) return constructed(peel(init) as NewExpression, bindings);
    if (init && Node.isObjectLiteralExpression(peel(init))) return 'other';
  }
  for (const ctor of cls.getConstructors()) {
    const param = ctor.getParameters().find((p) => p.getName() === name && p.isParameterProperty());
    if (param) return typed(param.getTypeNode(), bindings);
  }
  for (const assign of cls.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
    if (assign.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    if (assign.getLeft().getText() !== `this.${name}`) continue;
    const right = peel(assign.getRight());
    if (Node.isNewExpression(right)) return constructed(right, bindings);
  }
  return 'unknown';
}
