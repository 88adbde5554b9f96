/**
 * Arguments built from a factory's parameter types, for the factory that registered nothing when called with
 * placeholders (`buildServer({ context })` that filters its tools by `context.grantedSkills`). Required
 * properties get empty values ('' / 0 / false / {} / []), optional ones stay unset, except a set or list of named
 * choices (a union of literals: skills, toolsets, scopes), which gets every choice, and a map of permissions
 * (resource → action → boolean), which grants every one: the widest configuration, so every tool the factory can
 * register is seen. A required string named as a secret (`apiKey`) gets a recognisable placeholder, as an unset
 * variable does (placeholders.ts): evaluation reaches no network, so it goes nowhere. No value is invented beyond that: no secret, no URL, no number,
 * and no path: a required string named as a path (`root`, `dataDir`, `configFile`) would be '' and `${root}/tmp`
 * or `path.join(root, 'build')` would then name a real folder, so such a factory is not called with built
 * arguments at all, and the report says which parameter it needs.
 * This is the one step of discovery that asks the type checker, and only after a call came back empty.
 */
import type { Node, ParameterDeclaration, SourceFile, Type } from 'ts-morph';
import { hasBuiltArguments } from '../evaluate/builtValue';
import { findFactoryDeclarations, type FactoryDeclaration } from './factories';
import type { BuiltValue, FactorySpec, ParamHint } from './contract';
import type { EvaluatedFile } from '../evaluate/contract';
import type { WorkspaceProject } from '../project/project';
import { PLACEHOLDER_MARK } from '../environment/placeholders';

const SERVER_CLASS = /^(?:McpServer|FastMCP|Server)$/;
/** A name that says "a path": the whole name, a snake_case word or a camelCase word at its end. */
const PATH_WORDS = 'path|dir|directory|folder|root|cwd|file|filename|home|workspace|dest|destination';
const PATH_NAME = new RegExp(`(?:^|_)(?:${PATH_WORDS})s?$`, 'i');
const PATH_WORD = new RegExp(`[a-z0-9](?:${PATH_WORDS.replace(/(^|\|)(\w)/g, (_m, bar: string, c: string) => bar + c.toUpperCase())})s?$`);

/** A name that says "a secret": `apiKey`, `secretKey`, `token`, `api_secret`, `password`. */
const SECRET_NAME = /(?:key|token|secret|password|credential)s?$/i;

/** Whether a required string named `name` stands for a path (then the check invents none). */
export function isPathName(name: string): boolean {
  return PATH_NAME.test(name) || PATH_WORD.test(name);
}

/** Thrown while building: a required path, which no built value may stand for. */
class PathNeeded extends Error {
  constructor(readonly parameter: string) {
    super(`${parameter} is a path`);
  }
}
const MAX_DEPTH = 6;

/**
 * Typed factories by file, name and parameter text: a keystroke in a factory's body does not ask the type checker
 * again. `{ pathNeeded }` is a factory left uncalled because a required parameter is a path.
 */
export type TypedFactoryCache = Map<string, FactorySpec | { pathNeeded: string } | undefined>;

const isSpec = (value: FactorySpec | { pathNeeded: string } | undefined): value is FactorySpec => value !== undefined && !('pathNeeded' in value);

/**
 * The factories to call again with built arguments: those that threw with placeholders (a placeholder option is
 * truthy, so `deps.allowedTools.has(name)` filters, and its misuse throws part-way), and, when the evaluation
 * registered nothing, those called; undefined when there is nothing to retry.
 */
export function typedRetry(
  project: WorkspaceProject,
  file: string,
  specs: readonly FactorySpec[],
  evaluated: EvaluatedFile,
  cache: TypedFactoryCache,
): FactorySpec[] | undefined {
  // A realm change was undone and its tools judged without it (the file ran whole): not a failure that stops here.
  if (evaluated.failure && evaluated.failure.phase !== 'realm') return undefined;
  // A factory that threw on a placeholder part-way (after some registrations), or that registered nothing at all.
  const calls = evaluated.factoryCalls ?? [];
  const empty = new Set(calls.filter((c) => c.outcome === 'threw' || (c.outcome === 'called' && evaluated.tools.length === 0)).map((c) => c.name));
  if (empty.size === 0) return undefined;
  let retried = false;
  const next = specs.map((spec) => {
    if (!empty.has(spec.name)) return spec;
    const typed = typedFactory(project, file, spec, cache);
    retried ||= typed !== undefined;
    return typed ?? spec;
  });
  return retried ? next : undefined;
}

/** The required path parameter that kept `spec` from a call with built arguments, from the cache (after typedRetry). */
export function pathNeededBy(file: string, spec: FactorySpec, cache: TypedFactoryCache): string | undefined {
  for (const [key, value] of cache) {
    if (value && 'pathNeeded' in value && key.startsWith(`${file}\0${spec.name}\0`)) return value.pathNeeded;
  }
  return undefined;
}

/**
 * The specs with the typed version of each factory that needed one before (from the cache alone, no type checker):
 * a keystroke in such a file runs once, not once with placeholders and again with built arguments.
 */
export function typedBefore(project: WorkspaceProject, file: string, specs: readonly FactorySpec[], cache: TypedFactoryCache): readonly FactorySpec[] {
  if (cache.size === 0) return specs;
  const typed = specs.map((spec) => typedFactory(project, file, spec, cache, true) ?? spec);
  return typed.some((spec, i) => spec !== specs[i]) ? typed : specs;
}

/** The factory's parameter hints with each non-server argument built from its declared type; undefined when no type helps. */
export function typedFactory(
  project: WorkspaceProject,
  file: string,
  spec: FactorySpec,
  cache?: TypedFactoryCache,
  cachedOnly = false,
): FactorySpec | undefined {
  let sourceFile: SourceFile | undefined;
  try {
    sourceFile = project.sourceFile(file);
  } catch {
    return undefined;
  }
  if (!sourceFile) return undefined;
  try {
    const declared = findFactoryDeclarations(sourceFile, new Set([spec.name])).find((d) => d.spec.name === spec.name && d.spec.lines[0] === spec.lines[0]);
    if (!declared) return undefined;
    const key = [file, spec.name, ...[declared.params, ...declared.methods.map((m) => m.params)].map((ps) => ps.map((p) => p.getText()).join())].join('\0');
    if (cache?.has(key) || cachedOnly) {
      const known = cache?.get(key);
      return isSpec(known) ? known : undefined;
    }
    const typed = buildTyped(spec, declared);
    cache?.set(key, typed);
    return isSpec(typed) ? typed : undefined;
  } catch {
    // A half-typed file mid-edit must never break evaluation: the placeholder call's outcome stands.
    return undefined;
  }
}

function buildTyped(spec: FactorySpec, declared: FactoryDeclaration): FactorySpec | { pathNeeded: string } | undefined {
  try {
    const params = typedHints(declared.params, spec.params);
    const methods = spec.methods?.map((m) => {
      const method = declared.methods.find((d) => d.name === m.name);
      return { ...m, params: method ? typedHints(method.params, m.params) : m.params };
    });
    const typed = { ...spec, params, ...(methods ? { methods } : {}) };
    return hasBuiltArguments(typed) ? typed : undefined;
  } catch (error) {
    if (error instanceof PathNeeded) return { pathNeeded: error.parameter };
    throw error;
  }
}

function typedHints(params: readonly ParameterDeclaration[], hints: readonly ParamHint[]): ParamHint[] {
  return hints.map((hint, i) => {
    const param = params[i];
    if (hint === 'server' || !param) return hint;
    const serverKeys = typeof hint === 'object' && 'serverKeys' in hint ? new Set(hint.serverKeys) : new Set<string>();
    const built = buildValue(param.getType(), param, 0, serverKeys, param.getName());
    return built ? { built } : hint;
  });
}

/** A value of `type` as described above; undefined for a value left unset. */
export function buildValue(type: Type, at: Node, depth: number, serverKeys: ReadonlySet<string> = new Set(), named = ''): BuiltValue | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (type.isUnion() && !type.isBoolean()) {
    const members = presentMembers(type);
    if (members.length === 0) return { literal: null };
    const literals = members.filter(isLiteral);
    // A required choice among named options: the first one, as the program's default most often is.
    if (literals.length === members.length) return literalOf(literals[0]);
    const object = members.find((t) => t.isObject()) ?? members[0];
    return buildValue(object, at, depth, serverKeys, named);
  }
  if ((type.isString() || type.isTemplateLiteral()) && isPathName(named)) throw new PathNeeded(named);
  // A key the toolkit refuses to be built without: a recognisable placeholder, reported with the made-up arguments.
  if ((type.isString() || type.isTemplateLiteral()) && SECRET_NAME.test(named)) return { literal: PLACEHOLDER_MARK };
  if (type.isString() || type.isTemplateLiteral()) return { literal: '' };
  if (type.isNumber()) return { literal: 0 };
  if (type.isBoolean() || type.isBooleanLiteral()) return { literal: type.getText() === 'true' };
  if (isLiteral(type)) return literalOf(type);
  if (type.isAny() || type.isUnknown()) return { placeholder: true };
  if (type.getCallSignatures().length > 0) return { fn: true };
  const name = type.getSymbol()?.getName() ?? '';
  if (SERVER_CLASS.test(name)) return { server: true };
  const collection = collectionOf(type);
  if (collection) {
    const choices = (collection.element && choicesOf(collection.element)) ?? [];
    return collection.kind === 'array' ? { array: choices } : { set: choices };
  }
  if (name === 'Map' || name === 'ReadonlyMap') return { map: true };
  const grants = grantsOf(type, at);
  if (grants) return grants;
  if (name === 'Date' || name === 'Promise' || name === 'URL' || name === 'RegExp') return { placeholder: true };
  if (!type.isObject() && !type.isIntersection()) return { placeholder: true };
  const object: Record<string, BuiltValue> = {};
  for (const property of type.getProperties()) {
    const key = property.getName();
    if (serverKeys.has(key)) {
      object[key] = { server: true };
      continue;
    }
    const propertyType = property.getTypeAtLocation(at);
    const optional = property.isOptional();
    const built = optional ? choicesValue(propertyType, at) : buildValue(propertyType, at, depth + 1, new Set(), key);
    if (built) object[key] = built;
  }
  return { object };
}

/** For an optional property: every choice of a set or list of named options, else unset (a server is passed too). */
function choicesValue(type: Type, at: Node): BuiltValue | undefined {
  for (const member of type.isUnion() ? presentMembers(type) : [type]) {
    if (SERVER_CLASS.test(member.getSymbol()?.getName() ?? '')) return { server: true };
    const collection = collectionOf(member);
    const choices = collection?.element && choicesOf(collection.element);
    if (collection && choices && choices.length > 1) return collection.kind === 'array' ? { array: choices } : { set: choices };
    const grants = grantsOf(member, at);
    if (grants) return grants;
  }
  return undefined;
}

/**
 * A map of permissions, resource by resource (`actions: { invoices: { create?: boolean, read?: boolean } }`): every
 * one granted, the widest configuration, as a set of named choices holds every choice. Two levels of booleans and
 * nothing else, so a lone switch (`{ debug?: boolean }`) is never turned on.
 */
function grantsOf(type: Type, at: Node): BuiltValue | undefined {
  // An intersection too: a mapped type of resources joined with one resource's own (`{ [K in R]?: … } & { … }`).
  const objectLike = (t: Type) => (t.isObject() || t.isIntersection()) && t.getCallSignatures().length === 0 && !collectionOf(t);
  if (!objectLike(type)) return undefined;
  const resources = type.getProperties();
  if (resources.length === 0) return undefined;
  const object: Record<string, BuiltValue> = {};
  for (const resource of resources) {
    const resourceType = resource.getTypeAtLocation(at);
    const members = resourceType.isUnion() ? presentMembers(resourceType) : [resourceType];
    const inner = members.length === 1 && objectLike(members[0]) ? members[0].getProperties() : [];
    if (inner.length === 0) return undefined;
    const granted: Record<string, BuiltValue> = {};
    for (const action of inner) {
      if (!isBooleanType(action.getTypeAtLocation(at))) return undefined;
      granted[action.getName()] = { literal: true };
    }
    object[resource.getName()] = { object: granted };
  }
  return { object };
}

/** `boolean`, `true`, `false`, or one of them optional. */
function isBooleanType(type: Type): boolean {
  if (type.isBoolean() || type.isBooleanLiteral()) return true;
  const members = type.isUnion() ? presentMembers(type) : [];
  return members.length > 0 && members.every((t) => t.isBooleanLiteral());
}

/** A union's members other than `undefined` and `null`. */
function presentMembers(type: Type): Type[] {
  return type.getUnionTypes().filter((t) => !t.isUndefined() && !t.isNull());
}

/** An array (readonly too) or a Set (ReadonlySet too), with its element type. */
function collectionOf(type: Type): { kind: 'array' | 'set'; element: Type | undefined } | undefined {
  if (type.isArray() || type.isReadonlyArray()) return { kind: 'array', element: type.getArrayElementType() ?? type.getTypeArguments()[0] };
  const name = type.getSymbol()?.getName();
  return name === 'Set' || name === 'ReadonlySet' ? { kind: 'set', element: type.getTypeArguments()[0] } : undefined;
}

/** Every member of a finite union of literals (an enum included), or undefined. */
function choicesOf(type: Type): BuiltValue[] | undefined {
  const members = type.isUnion() ? type.getUnionTypes() : [type];
  if (members.length < 1 || !members.every(isLiteral)) return undefined;
  return members.map(literalOf);
}

function isLiteral(type: Type): boolean {
  return type.isStringLiteral() || type.isNumberLiteral() || type.isEnumLiteral();
}

function literalOf(type: Type): BuiltValue {
  const value = type.getLiteralValue();
  // An enum member's value is a string or a number; a bigint literal (no JSON) is taken as its text.
  return { literal: typeof value === 'string' || typeof value === 'number' ? value : type.getText() };
}
