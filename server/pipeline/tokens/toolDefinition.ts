/**
 * A tool's definition as a client sends it to the model: its name, its description and its input schema, as
 * compact JSON (the form of MCP's `tools/list` entry and of the providers' function definitions). The output
 * schema is a separate definition: clients that pass it on send it beside the input, not inside it.
 */
export interface SentDefinition {
  name: string;
  description?: string;
  inputSchema: unknown;
  outputSchema?: unknown;
}

/** `{"name":…,"description":…,"inputSchema":…}`, the text that is counted. */
export function definitionText(def: SentDefinition): string {
  return JSON.stringify({ name: def.name, ...(def.description ? { description: def.description } : {}), inputSchema: def.inputSchema ?? {} });
}

/** `"key":<subschema>` for each top-level property of the input schema: what removing that key would save. */
export function propertyTexts(inputSchema: unknown): Array<{ key: string; value: unknown; text: string }> {
  const properties = isObject(inputSchema) && isObject(inputSchema.properties) ? inputSchema.properties : undefined;
  if (!properties) return [];
  return Object.entries(properties).map(([key, value]) => ({ key, value, text: `${JSON.stringify(key)}:${JSON.stringify(value ?? {})}` }));
}

/** Every `description` string inside a subschema: what shortening descriptions could save. */
export function descriptionTexts(schema: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 64) return out;
  if (Array.isArray(schema)) for (const item of schema) descriptionTexts(item, out, depth + 1);
  else if (isObject(schema)) {
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'description' && typeof v === 'string') out.push(v);
      else descriptionTexts(v, out, depth + 1);
    }
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
