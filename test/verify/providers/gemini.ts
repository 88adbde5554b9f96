// Gemini's generateContent as the loopback answers it. `parameters` is a proto message (Schema): a key it has no
// field for is refused, every one in one body, a line each, as quoted in public threads: {"error": {"code": 400,
// "message": "Invalid JSON payload received. Unknown name \"$schema\" at 'tools[0].function_declarations[0].parameters':
// Cannot find field.\n…", "status": "INVALID_ARGUMENT", "details": [{"@type": "…BadRequest", "fieldViolations": […]}]}}
// (router-for-me/CLIProxyAPI#97; openswarm-ai/openswarm#24 with "additionalProperties"; zed-industries/zed#44875 with
// "const" at '…parameters.properties[8].value.any_of[2]'). `parametersJsonSchema` takes JSON Schema as it is.
import type { Answer } from './shared';

/** The fields of the API's Schema message, by their JSON names. */
const SCHEMA_FIELDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);

/** Each key of `schema` the Schema message has no field for, with the proto path the API names it at. */
function unknownNames(schema: any, at: string, out: Array<{ name: string; field: string }>): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
  for (const key of Object.keys(schema)) if (!SCHEMA_FIELDS.has(key)) out.push({ name: key, field: at });
  if (schema.properties && typeof schema.properties === 'object')
    Object.values(schema.properties).forEach((value, k) => unknownNames(value, `${at}.properties[${k}].value`, out));
  if (schema.items) unknownNames(schema.items, `${at}.items`, out);
  if (Array.isArray(schema.anyOf)) schema.anyOf.forEach((s: unknown, k: number) => unknownNames(s, `${at}.any_of[${k}]`, out));
}

export function geminiAnswer(body: any): Answer {
  const violations: Array<{ field: string; description: string }> = [];
  for (const [t, tool] of (body.tools ?? []).entries())
    for (const [i, declaration] of (tool.functionDeclarations ?? []).entries()) {
      if (!declaration.parameters) continue;
      const found: Array<{ name: string; field: string }> = [];
      unknownNames(declaration.parameters, `tools[${t}].function_declarations[${i}].parameters`, found);
      for (const { name, field } of found)
        violations.push({ field, description: `Invalid JSON payload received. Unknown name "${name}" at '${field}': Cannot find field.` });
    }
  if (violations.length)
    return {
      status: 400,
      body: {
        error: {
          code: 400,
          message: violations.map((v) => v.description).join('\n'),
          status: 'INVALID_ARGUMENT',
          details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: violations }],
        },
      },
    };
  return {
    status: 200,
    body: {
      candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'MAX_TOKENS', index: 0 }],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
      modelVersion: body.model ?? 'gemini',
    },
  };
}
