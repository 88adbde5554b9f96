/**
 * The flatten a server ships, from the same engine the editor previews with: `flattenTool` gives the flat input
 * schema for the library to advertise, and wrappers that repair and validate every call with the ORIGINAL schema
 * (ADR-0033: the advertised schema is a superset; the original contract is the parser).
 */
import { assembleTool } from '../../shared/probe/assemble';
import { coerceJsonArgs } from '../../shared/coerce';
import { toJsonSchema } from '../../shared/zod/jsonSchema';
import { objectShape, readNode } from '../../shared/zod/read';
import { identityParse, repairedAgainstOriginal } from '../../shared/zod/identityParse';
import { markFlattened } from './marker';
import { issuesText, validateWith, type Issue } from './validate';

export { FLATTENED, flattenedOrigin, type FlattenedOrigin } from './marker';
export type { Issue } from './validate';

/** What a zod schema of either major parses to; a raw shape parses as the object the SDK builds from it. */
export type Output<S> = S extends { _zod: { output: infer O } } ? O : S extends { _output: infer O } ? O : S extends object ? ShapeOutput<S> : unknown;

type ShapeOutput<S> = S[keyof S] extends { _zod: unknown }
  ? import('zod/v4').output<import('zod/v4').ZodObject<Extract<S, import('zod/v4').ZodRawShape>>>
  : S[keyof S] extends { _def: unknown }
    ? import('zod/v3').output<import('zod/v3').ZodObject<Extract<S, import('zod/v3').ZodRawShape>>>
    : unknown;

export interface FlattenToolOptions {
  /** A params object the host merges into every tool's input (flattened separately, then merged). */
  params?: unknown;
  /** A host-wide extend object merged into the input. */
  extend?: unknown;
  /**
   * How a key that variants declare differently is advertised. Default `unknown` (ADR-0033's `{}` with the
   * per-variant shapes in its description), the editor's and `check`'s default too, so what ships is what they
   * preview, and every client profile takes it. `type-array` keeps every variant's JSON type (`["string","number"]`)
   * but Gemini refuses a type list; `base-type` keeps one shared type only.
   */
  collisionWidening?: 'unknown' | 'base-type' | 'type-array';
}

/** The MCP `tools/call` result a validation failure becomes. */
export interface ErrorResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  isError: true;
}

/** Thrown by `execute` wrappers (AI SDK, OpenAI Agents), whose libraries turn a thrown error into their error result. */
export class ToolInputError extends Error {
  readonly issues: ReadonlyArray<Issue>;
  constructor(issues: ReadonlyArray<Issue>) {
    super(issuesText(issues));
    this.name = 'ToolInputError';
    this.issues = issues;
  }
}

/**
 * The issues of a ToolInputError as text for the model, else undefined: an OpenAI Agents `errorFunction`, whose default
 * hides every error's message, can answer with it so the model can correct its call.
 */
export function inputErrorText(error: unknown): string | undefined {
  return error instanceof ToolInputError ? error.message : undefined;
}

export interface FlattenedTool<S> {
  /** The flat object to register as the tool's input schema (a zod object of the input's own zod copy). */
  inputSchema: FlatSchema<S>;
  /** The same flat schema as a raw shape, for SDKs that take only raw shapes (MCP SDK before 1.20). */
  shape: Record<string, unknown>;
  /** The schema as written: what every call is parsed with. */
  original: S;
  /** Wrap an MCP (or fastmcp) handler: repaired, parsed arguments in; a validation failure answers `isError: true`. */
  handler<E, R>(fn: (args: Output<S>, extra: E) => R | Promise<R>): (args: unknown, extra: E) => Promise<R | ErrorResult>;
  /** Wrap an AI SDK / OpenAI Agents `execute`: a validation failure throws ToolInputError, the library's error path. */
  execute<C extends unknown[], R>(fn: (args: Output<S>, ...context: C) => R | Promise<R>): (args: unknown, ...context: C) => Promise<R>;
  /**
   * The flat schema as JSON Schema, as the editor previews it: for libraries that take JSON Schema rather than zod
   * (the OpenAI Agents SDK outside strict mode, which refuses a zod schema whose keys are optional).
   */
  jsonSchema(target?: 'draft-7' | 'draft-2020-12'): Record<string, unknown>;
  /** Repair and parse a call's arguments with the original schema, as the wrappers do. */
  parse(args: unknown): Promise<{ ok: true; value: Output<S> } | { ok: false; issues: ReadonlyArray<Issue> }>;
}

/** The flat schema's static type: a zod object of the input's major, so every SDK's `inputSchema` accepts it. */
export type FlatSchema<S> = S extends { _zod: unknown } ? import('zod/v4').ZodObject<Record<string, import('zod/v4').ZodType>> : import('zod/v3').AnyZodObject;

/** Flatten a tool's input schema the way the editor previews it, with handlers that parse with the original. */
export function flattenTool<S>(inputSchema: S, options: FlattenToolOptions = {}): FlattenedTool<S> {
  const collisionWidening = options.collisionWidening ?? 'unknown';
  const built = assembleTool({ name: '', input: inputSchema, params: options.params, extend: options.extend }, { flattenUnionInput: true, collisionWidening });
  const refusal = built.probeFindings.find((f) => f.code === 'not-mountable' && f.path.length === 0);
  if (built.unmerged || !readNode(built.schema) || refusal) {
    throw new TypeError(`tool-schema-lens runtime: cannot flatten this input: ${refusal?.message ?? 'not an object once flattened'}`);
  }
  const original = assembleTool({ name: '', input: inputSchema, params: options.params, extend: options.extend }, { flattenUnionInput: false }).schema;
  const parts = [options.params, inputSchema, options.extend].filter((p) => p !== undefined && p !== null);
  const flat = identityParse(built.schema, original ?? inputSchema, built.schema === inputSchema, true);
  markFlattened(flat as object, { original: inputSchema, options: { params: options.params, extend: options.extend, collisionWidening } });
  const shape = flatShape(flat);

  const parse = async (args: unknown) => parseWithParts<Output<S>>(args, parts, original ?? inputSchema);
  return {
    inputSchema: flat as FlatSchema<S>,
    shape,
    original: inputSchema,
    parse,
    // Plain JSON: zod 4.6 marks its conversion output as a Standard Schema (non-enumerable), which libraries then
    // treat as a schema to convert rather than as JSON Schema.
    jsonSchema: (target = 'draft-7') => JSON.parse(JSON.stringify(toJsonSchema(flat, target))) as Record<string, unknown>,
    handler: (fn) => async (args, extra) => {
      const parsed = await parse(args);
      if (!parsed.ok) return { content: [{ type: 'text', text: issuesText(parsed.issues) }], isError: true };
      return fn(parsed.value, extra);
    },
    execute:
      (fn) =>
      async (args, ...context) => {
        const parsed = await parse(args);
        if (!parsed.ok) throw new ToolInputError(parsed.issues);
        return fn(parsed.value, ...context);
      },
  };
}

/**
 * Each field as an identity validator, so a raw shape the SDK wraps in its own object still hands on what was sent.
 * A field repairs against its flat declaration (a variant's own, where kept); a widened field accepts anything and is
 * repaired against the original when the handler parses.
 */
function flatShape(flat: unknown): Record<string, unknown> {
  const node = readNode(flat);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(node ? objectShape(node) : {})) out[key] = identityParse(field, field, true);
  return out;
}

/** With params or extend, each part parses the keys it declares; the input part parses the rest. */
async function parseWithParts<T>(
  args: unknown,
  parts: unknown[],
  original: unknown,
): Promise<{ ok: true; value: T } | { ok: false; issues: ReadonlyArray<Issue> }> {
  // Repaired against the original by the flat schema's parse when the library ran it: parse as it is.
  if (args && typeof args === 'object' && repairedAgainstOriginal.has(args)) return validateParts<T>(args, parts, original);
  if (parts.length <= 1) {
    // Valid as sent (the common case): one parse. Otherwise repair (a widened key is repaired only here) and parse again.
    const first = await validateWith<T>(original, args);
    if (first.ok) return first;
    const repaired = coerceJsonArgs(args, original);
    return repaired === args ? first : validateWith<T>(original, repaired);
  }
  return validateParts<T>(coerceJsonArgs(args, original), parts, original);
}

async function validateParts<T>(
  repaired: unknown,
  parts: unknown[],
  original: unknown,
): Promise<{ ok: true; value: T } | { ok: false; issues: ReadonlyArray<Issue> }> {
  if (parts.length <= 1) return validateWith<T>(original, repaired);
  const value: Record<string, unknown> = {};
  const issues: Issue[] = [];
  for (const part of parts) {
    const result = await validateWith<Record<string, unknown>>(partSchema(part), repaired);
    if (result.ok) Object.assign(value, result.value);
    else issues.push(...result.issues);
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: value as T };
}

function partSchema(part: unknown): unknown {
  return assembleTool({ name: '', input: part }, { flattenUnionInput: false }).schema;
}
