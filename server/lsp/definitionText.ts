/**
 * The parts of a tool's definition besides its input schema, as its library sent them, for the hover: title,
 * annotations (each hint a client reads, with the spec's default where the tool sets none), the output schema
 * with the dialect it declares, and `_meta`. A client reads the defaults as much as the hints a tool sets.
 */
import type { ToolReport } from '../pipeline';
import { inlineJson, schemaJson } from './schemaText';
import { dialectOf } from './toolFacts';

/** MCP's defaults for a tool that sets no annotations (schema `ToolAnnotations`). */
const HINT_DEFAULTS: ReadonlyArray<[string, boolean]> = [
  ['readOnlyHint', false],
  ['destructiveHint', true],
  ['idempotentHint', false],
  ['openWorldHint', true],
];

/** Names that say a tool only reads (`get_user`, `listFiles`, `search`): there the destructive default is worth a word. */
const READS = /^(get|list|search|find|read|fetch|query|lookup|show|describe|count|view)([_\-.A-Z0-9]|$)/;

/** `readOnlyHint: true · destructiveHint: true (default) · …`. */
export function hintsText(annotations: unknown): string {
  const set = annotations && typeof annotations === 'object' ? (annotations as Record<string, unknown>) : {};
  return HINT_DEFAULTS.map(([hint, byDefault]) => (typeof set[hint] === 'boolean' ? `\`${hint}: ${set[hint]}\`` : `\`${hint}: ${byDefault}\` (default)`)).join(
    ' · ',
  );
}

/** The hover's lines for the rest of the definition; empty when the library did not answer with one. */
export function definitionLines(tool: Pick<ToolReport, 'shipped'>): string[] {
  const definition = tool.shipped?.definition;
  if (!definition || !('inputSchema' in definition)) return [];
  const lines: string[] = [];
  if (typeof definition.title === 'string') lines.push(`Title: ${definition.title}`);
  lines.push(`Annotations: ${hintsText(definition.annotations)}`);
  const hints = definition.annotations && typeof definition.annotations === 'object' ? (definition.annotations as Record<string, unknown>) : {};
  if (
    typeof definition.name === 'string' &&
    READS.test(definition.name) &&
    typeof hints.readOnlyHint !== 'boolean' &&
    typeof hints.destructiveHint !== 'boolean'
  )
    lines.push(
      "_Its name says it reads, but with no hint clients take the spec's default `destructiveHint: true` and may ask to confirm every call: add `annotations: { readOnlyHint: true }`._",
    );
  if (definition.outputSchema !== undefined) {
    const dialect = dialectOf(definition.outputSchema);
    const { text } = schemaJson(definition.outputSchema, 20);
    lines.push(`**Output schema**${dialect ? ` (JSON Schema ${dialect})` : ''}:\n\n\`\`\`json\n${text}\n\`\`\``);
  }
  if (definition._meta !== undefined) lines.push(`\`_meta\`: \`${inlineJson(definition._meta, 120)}\``);
  return lines;
}
