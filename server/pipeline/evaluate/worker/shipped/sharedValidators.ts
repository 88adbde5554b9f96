/**
 * The validators an SDK client compiles on every `tools/list`, shared within a worker. After listing, the SDK's
 * client compiles each tool's output schema with its own Ajv (`cacheToolMetadata`), and a schema Ajv cannot
 * compile makes the whole `tools/list` reject: that is part of what a real client does, so it stays. But every
 * listing is a fresh client with a fresh Ajv, and compiling is code generation (tens of milliseconds for a large
 * output schema): an editor that re-runs an entry on each keystroke compiled the same schemas again every time.
 *
 * A self-contained schema (no `$id`, anchor or reference outside itself) compiles the same in every fresh Ajv of
 * one SDK copy, so its outcome, the validator or the error, is kept by its JSON text and handed to later clients of
 * that copy. Any other schema goes to the client's own validator every time, where it may meet the ids earlier
 * tools of the same listing added, exactly as it would in the SDK.
 */

interface JsonSchemaValidator {
  getValidator(schema: unknown): unknown;
}

type Outcome = { validator: unknown } | { error: unknown };

/** Kept per validator class (one per SDK copy the worker loaded); the oldest go first past the bound. */
const outcomes = new WeakMap<object, Map<string, Outcome>>();
const MAX_PER_COPY = 500;

/** An identifier, an anchor, or a reference that leaves the schema: compiling it depends on the Ajv's other schemas. */
const NOT_SELF_CONTAINED = /"\$(?:id|anchor|dynamicAnchor|recursiveAnchor)"\s*:|"\$(?:ref|dynamicRef|recursiveRef)"\s*:\s*"(?!#)/;

/** The key a self-contained schema is kept by; undefined for one that is not (or cannot be written as JSON). */
export function selfContainedKey(schema: unknown): string | undefined {
  let text: string | undefined;
  try {
    text = JSON.stringify(schema);
  } catch {
    return undefined;
  }
  return text === undefined || NOT_SELF_CONTAINED.test(text) ? undefined : text;
}

/** Gives `client` (an SDK client just constructed) validators shared with the worker's earlier clients of its SDK copy. */
export function shareCompiledValidators(client: unknown): void {
  const holder = client as { _jsonSchemaValidator?: JsonSchemaValidator } | null;
  const own = holder?._jsonSchemaValidator;
  // An SDK without the validator seam (older 1.x compiles inline) keeps its own way.
  if (!own || typeof own.getValidator !== 'function' || typeof own.constructor !== 'function') return;
  let kept = outcomes.get(own.constructor);
  if (!kept) outcomes.set(own.constructor, (kept = new Map()));
  const shared = kept;
  holder._jsonSchemaValidator = {
    getValidator(schema: unknown): unknown {
      const key = selfContainedKey(schema);
      if (key === undefined) return own.getValidator(schema);
      let outcome = shared.get(key);
      if (!outcome) {
        try {
          outcome = { validator: own.getValidator(schema) };
        } catch (error) {
          outcome = { error };
        }
        if (shared.size >= MAX_PER_COPY) shared.delete(shared.keys().next().value!);
        shared.set(key, outcome);
      }
      if ('error' in outcome) throw outcome.error;
      return outcome.validator;
    },
  };
}
