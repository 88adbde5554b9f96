/** What one tool advertises to the model, and the probe over the whole tool list. */
import { finding, RULES, messages } from './findings';
import { assembleTool } from './probe/assemble';
import { convertToJsonSchema } from './zod/jsonSchema';
import type { AdvertiseOptions, Finding, KeyMerge, ToolInput } from './types';

export interface AdvertiseResult {
  /** The advertised JSON Schema in the requested dialect (display form: unrepresentable nodes as `{}`). */
  jsonSchema: unknown;
  /** Flatten findings of this tool, then its own probe (not-mountable) findings; duplicate names come only from probeTools. */
  findings: Finding[];
  merges: KeyMerge[];
  /** False when the probe refuses the tool (any not-mountable finding). */
  mountable: boolean;
  /** The advertised zod schema, built with the input's own zod copy. */
  schema: unknown;
}

/**
 * The schema a host ships for one tool (flattened params + input + extend, merged) as JSON Schema, with the
 * flatten findings and this tool's probe findings; never throws.
 */
export function advertise(tool: ToolInput, options: AdvertiseOptions = {}): AdvertiseResult {
  const target = options?.target ?? 'draft-7';
  let name: string | undefined;
  try {
    name = typeof tool?.name === 'string' ? tool.name : undefined;
    const built = assembleTool({ name: name ?? '', input: tool?.input, params: tool?.params, extend: tool?.extend, subject: tool?.subject }, options ?? {});
    const probe = [...built.probeFindings];
    let jsonSchema: unknown = {};
    try {
      jsonSchema = built.unmerged
        ? { allOf: built.unmerged.map((s) => stripSchemaKeyword(convertToJsonSchema(s, target))) }
        : convertToJsonSchema(built.schema, target);
    } catch (error) {
      if (!probe.some((f) => f.code === 'not-mountable')) {
        probe.push(finding('not-mountable', messages.conversionFailed(name, errorText(error)), { tool: name, sites: [{ trail: [], anchor: 'tool' }] }));
      }
    }
    return {
      jsonSchema,
      findings: [...built.flattenFindings, ...probe],
      merges: built.merges,
      mountable: !probe.some((f) => f.code === 'not-mountable'),
      schema: built.schema,
    };
  } catch (error) {
    const f = finding('not-mountable', messages.conversionFailed(name, errorText(error)), { tool: name, sites: [{ trail: [], anchor: 'tool' }] });
    return { jsonSchema: {}, findings: [f], merges: [], mountable: false, schema: undefined };
  }
}

/** The probe over a tool list: every tool's not-mountable findings (exactly the schema advertise builds) and duplicate names, in one pass. */
export function probeTools(tools: ToolInput[], options: AdvertiseOptions = {}): Finding[] {
  const out: Finding[] = [];
  const list = Array.isArray(tools) ? tools : [];
  const names = list.map(nameOf);
  const counts = countNames(names);
  list.forEach((tool, i) => {
    out.push(...advertise(tool, options).findings.filter((f) => f.code === 'not-mountable'));
    out.push(...duplicateOf(names[i], counts));
  });
  return out;
}

/**
 * The duplicate-name findings of a tool list, one per registration of a shared name, in list order: for a host
 * that already advertised each tool (probeTools minus the per-tool work it would redo).
 */
export function duplicateToolNames(names: ReadonlyArray<string | undefined>): Finding[] {
  const counts = countNames(names);
  return names.flatMap((name) => duplicateOf(name, counts));
}

function nameOf(tool: ToolInput): string | undefined {
  try {
    return typeof tool?.name === 'string' ? tool.name : undefined;
  } catch {
    return undefined;
  }
}

function countNames(names: ReadonlyArray<string | undefined>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

function duplicateOf(name: string | undefined, counts: ReadonlyMap<string, number>): Finding[] {
  const count = name === undefined ? 0 : (counts.get(name) ?? 0);
  if (name === undefined || count < 2) return [];
  return [finding('not-mountable', messages.duplicateName(name, count), { rule: RULES.duplicateName, tool: name, sites: [{ trail: [], anchor: 'tool' }] })];
}

function stripSchemaKeyword(json: unknown): unknown {
  if (!json || typeof json !== 'object') return json;
  const { $schema: _s, ...rest } = json as Record<string, unknown>;
  return rest;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
