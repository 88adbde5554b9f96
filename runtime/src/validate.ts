/** Validating against the original schema through Standard Schema, which zod 3.25+ and every zod 4 flavour implement. */

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ReadonlyArray<Issue> };

export interface Issue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

interface StandardSchema {
  '~standard': { validate(value: unknown): { value?: unknown; issues?: ReadonlyArray<Issue> } | Promise<{ value?: unknown; issues?: ReadonlyArray<Issue> }> };
}

/** Parse `value` with `schema` (async refinements and transforms included); never throws for invalid input. */
export async function validateWith<T>(schema: unknown, value: unknown): Promise<ValidationResult<T>> {
  const standard = (schema as Partial<StandardSchema> | undefined)?.['~standard'];
  if (!standard) throw new TypeError('tool-schema-lens runtime: the original schema is not a zod schema (zod 3.25+ or 4 required)');
  const result = await standard.validate(value);
  return result.issues ? { ok: false, issues: result.issues } : { ok: true, value: result.value as T };
}

/** The issues as the text a model reads: one line each, `path: message`. */
export function issuesText(issues: ReadonlyArray<Issue>): string {
  const lines = issues.map((issue) => {
    const path = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return `Invalid arguments:\n${lines.join('\n')}`;
}
