/**
 * A schema whose parse is a validator only: it repairs double-serialized arguments, checks them against the flat
 * schema (what the library sees), and hands on the repaired value AS SENT instead of the flat schema's output.
 * The flat schema applies every variant's defaults and transforms side by side; only the original union knows which
 * apply, so the original does the parsing in the wrapped handler. JSON Schema conversion reads `def`s, which are
 * untouched, so what the library advertises is exactly the flat schema.
 */
import { coerceJsonArgs } from '../coerce';
import type { AnyZod, Internals } from './read';

/**
 * Objects a root wrapper handed on after repairing them against the original schema: the handler's parse need not
 * repair them again (a second walk of a 200,000-item array).
 */
export const repairedAgainstOriginal = new WeakSet<object>();

/**
 * A copy of `schema` (never the caller's instance) whose parse validates, repairs with `repairAgainst`, and returns
 * the repaired input; `root` when `repairAgainst` is the original schema (its repairs need not be redone).
 */
export function identityParse(schema: AnyZod, repairAgainst: unknown, copy: boolean, root = false): AnyZod {
  const target: Internals = copy ? cloneSchema(schema) : schema;
  if (target?._zod) wrapV4(target, repairAgainst, root);
  else wrapV3(target, repairAgainst, root);
  return target;
}

function remember(value: unknown, root: boolean): void {
  if (root && value && typeof value === 'object') repairedAgainstOriginal.add(value);
}

function cloneSchema(schema: Internals): Internals {
  if (schema?._zod) return typeof schema.clone === 'function' ? schema.clone() : new schema._zod.constr(schema._zod.def);
  return new schema.constructor(schema._def);
}

/**
 * zod 4 parses into a fresh payload per run, so a value valid as sent costs one parse: only when the flat schema
 * refuses it is it repaired (against the original) and parsed again. A double-serialized value at a key the flat
 * schema leaves open passes as sent and is repaired by the handler's parse with the original.
 */
function wrapV4(schema: Internals, repairAgainst: unknown, root: boolean): void {
  const internals = schema._zod;
  const run = internals.run as (payload: Internals, ctx: Internals) => Internals;
  internals.run = (payload: Internals, ctx: Internals) => {
    const sent = payload.value;
    const handOn = (result: Internals, value: unknown, repaired: boolean) => {
      if (result.issues.length === 0) {
        result.value = value;
        if (repaired) remember(value, root);
      }
      return result;
    };
    const retry = (first: Internals) => {
      if (first.issues.length === 0) return handOn(first, sent, false);
      const repaired = coerceJsonArgs(sent, repairAgainst);
      if (repaired === sent) return first;
      const second = run({ ...payload, value: repaired, issues: [] }, ctx);
      return second instanceof Promise ? second.then((r: Internals) => handOn(r, repaired, true)) : handOn(second, repaired, true);
    };
    const first = run({ ...payload, value: sent, issues: [] }, ctx);
    return first instanceof Promise ? first.then(retry) : retry(first);
  };
}

/** zod 3 adds issues to a context shared with the caller, so a failed first try cannot be undone: repair first. */
function wrapV3(schema: Internals, repairAgainst: unknown, root: boolean): void {
  const parse = schema._parse as (input: Internals) => Internals;
  schema._parse = function (input: Internals) {
    const repaired = coerceJsonArgs(input.data, repairAgainst);
    const restore = (result: Internals) => {
      if (result.status === 'aborted') return result;
      remember(repaired, root);
      return { status: result.status, value: repaired };
    };
    // The input may be a lazy-path object whose getters live on its prototype: keep them, override only `data`.
    const next = repaired === input.data ? input : Object.create(input, { data: { value: repaired, enumerable: true } });
    const result = parse.call(this, next);
    return result instanceof Promise ? result.then(restore) : restore(result);
  };
}
