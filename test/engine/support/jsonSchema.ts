/**
 * Reading and validating advertised JSON Schema in tests: a real validator per dialect (ajv for draft-7,
 * ajv/dist/2020 for 2020-12) and small structural queries.
 */
import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Target } from '../../../shared/types';

const validators = {
  'draft-7': addFormats(new (Ajv as any)({ strict: false, allErrors: true })),
  'draft-2020-12': addFormats(new (Ajv2020 as any)({ strict: false, allErrors: true })),
} as Record<Target, any>;

const compiled = new WeakMap<object, (value: unknown) => boolean>();

const BY_SCHEMA_URI: Record<string, any> = {
  'http://json-schema.org/draft-07/schema#': validators['draft-7'],
  'https://json-schema.org/draft/2020-12/schema': validators['draft-2020-12'],
  'https://json-schema.org/draft/2019-09/schema#': addFormats(new (Ajv2019 as any)({ strict: false, allErrors: true })),
};

/**
 * A validator for the dialect the schema itself declares in `$schema` (falling back to `target`), for checks
 * that are about soundness rather than about the dialect.
 */
export function declaredDialectValidator(jsonSchema: { $schema?: string }, target: Target) {
  const ajv = (jsonSchema.$schema && BY_SCHEMA_URI[jsonSchema.$schema]) || validators[target];
  const validate = ajv.compile(jsonSchema);
  const predicate = Object.assign(
    (value: unknown) => {
      const ok = validate(value) as boolean;
      predicate.errors = validate.errors;
      return ok;
    },
    { errors: undefined },
  );
  return predicate;
}

/** Compile once per schema object; returns a predicate that also keeps the last errors readable. */
export function validatorFor(jsonSchema: object, target: Target = 'draft-7'): ((value: unknown) => boolean) & { errors?: unknown } {
  const cached = compiled.get(jsonSchema);
  if (cached) return cached;
  const validate = validators[target].compile(jsonSchema);
  const predicate = Object.assign(
    (value: unknown) => {
      const ok = validate(value) as boolean;
      predicate.errors = validate.errors;
      return ok;
    },
    { errors: undefined },
  );
  compiled.set(jsonSchema, predicate);
  return predicate;
}

/** Whether the JSON Schema accepts the value, with ajv's errors in the failure message. */
export function jsonAccepts(jsonSchema: object, value: unknown, target: Target = 'draft-7'): { ok: boolean; errors: unknown } {
  const v = validatorFor(jsonSchema, target);
  const ok = v(value);
  return { ok, errors: v.errors };
}

/** Every JSON pointer-ish path at which a keyword occurs, at any depth. */
export function keywordPaths(json: unknown, keywords: string[], at = '#'): string[] {
  const found: string[] = [];
  if (Array.isArray(json)) {
    json.forEach((item, i) => found.push(...keywordPaths(item, keywords, `${at}/${i}`)));
  } else if (json && typeof json === 'object') {
    for (const [k, v] of Object.entries(json)) {
      if (keywords.includes(k)) found.push(`${at}/${k}`);
      found.push(...keywordPaths(v, keywords, `${at}/${k}`));
    }
  }
  return found;
}

export const UNION_KEYWORDS = ['oneOf', 'anyOf'];

/** Follow `properties`/`items`/`additionalProperties` by a schema path of keys and `*`. */
export function propertyAt(json: any, path: string[]): any {
  let node = json;
  for (const seg of path) {
    if (!node) return undefined;
    if (seg === '*') node = node.items ?? node.additionalProperties;
    else node = node.properties?.[seg];
  }
  return node;
}
