/**
 * A schema whose parse is a validator only: it repairs double-serialized arguments, checks them against the flat
 * schema (what the library sees), and hands on the repaired value AS SENT instead of the flat schema's output.
 * The flat schema applies every variant's defaults and transforms side by side; only the original union knows which
 * apply, so the original does the parsing in the wrapped handler. JSON Schema conversion reads `def`s, which are
 * untouched, so what the library advertises is exactly the flat schema.
 */
import { coerceJsonArgs } from '../../shared/coerce';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- zod internals of either major

/** A copy of `schema` (never the caller's instance) whose parse validates, repairs with `repairAgainst`, and returns the repaired input. */
export function identityParse(schema: Any, repairAgainst: unknown, copy: boolean): Any {
  const target = copy ? cloneSchema(schema) : schema;
  if (target?._zod) wrapV4(target, repairAgainst);
  else wrapV3(target, repairAgainst);
  return target;
}

function cloneSchema(schema: Any): Any {
  if (schema?._zod) return typeof schema.clone === 'function' ? schema.clone() : new schema._zod.constr(schema._zod.def);
  return new schema.constructor(schema._def);
}

function wrapV4(schema: Any, repairAgainst: unknown): void {
  const internals = schema._zod;
  const run = internals.run as (payload: Any, ctx: Any) => Any;
  internals.run = (payload: Any, ctx: Any) => {
    const repaired = coerceJsonArgs(payload.value, repairAgainst);
    payload.value = repaired;
    const restore = (result: Any) => {
      if (result.issues.length === 0) result.value = repaired;
      return result;
    };
    const result = run(payload, ctx);
    return result instanceof Promise ? result.then(restore) : restore(result);
  };
}

function wrapV3(schema: Any, repairAgainst: unknown): void {
  const parse = schema._parse as (input: Any) => Any;
  schema._parse = function (input: Any) {
    const repaired = coerceJsonArgs(input.data, repairAgainst);
    const restore = (result: Any) => (result.status === 'aborted' ? result : { status: result.status, value: repaired });
    // The input may be a lazy-path object whose getters live on its prototype: keep them, override only `data`.
    const next = repaired === input.data ? input : Object.create(input, { data: { value: repaired, enumerable: true } });
    const result = parse.call(this, next);
    return result instanceof Promise ? result.then(restore) : restore(result);
  };
}
