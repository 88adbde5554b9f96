/**
 * Running the engine over what one file produced (inside the worker): registrations are advertised one by
 * one and probed together (so duplicate names are found); exported schemas keep their flatten findings
 * only, since they may not be a whole tool input; tagged ones are judged as a whole tool input.
 */
import { advertise, duplicateToolNames } from '../../../shared/index';
import { judgeTool, placeViolation, siteOfPointer, type PlacedViolation, type ToolDefinition } from '../../../shared/clients/index';
import type { AdvertiseOptions, Finding, ToolInput } from '../../../shared/types';
import type { EvaluatedTool } from '../types';
import type { ModuleSchema } from './exportedSchemas';
import { isZodSchemaSafe } from '../../../shared/zod/read';
import type { Recording } from './recorders/session';

export interface NamedRecording extends Recording {
  name: string;
  /** This tool as judged alone when it was recorded under the same name (its advertisement is not redone). */
  early?: { tool: EvaluatedTool; advertised: Advertised };
}

export interface Advertised {
  jsonSchema: unknown;
  findings: Finding[];
  merges: EvaluatedTool['merges'];
  mountable: boolean;
  /** The engine threw: worth trying again later (a z.lazy may only resolve once the module has loaded). */
  refused?: true;
}

/** A tool the engine could not process: shown as unmountable with the engine's own complaint. */
function refused(tool: string, error: unknown): Advertised {
  const message = `Tool "${tool}" could not be analysed: ${error instanceof Error ? error.message : String(error)}`;
  return {
    jsonSchema: {},
    findings: [{ code: 'not-mountable', severity: 'error', message, tool, path: [], sites: [{ trail: [], anchor: 'tool' }] }],
    merges: [],
    mountable: false,
    refused: true,
  };
}

function advertiseSafely(input: ToolInput, options: AdvertiseOptions): Advertised {
  try {
    const { jsonSchema, findings, merges, mountable } = advertise(input, options);
    return { jsonSchema, findings, merges, mountable };
  } catch (error) {
    return refused(input.name, error);
  }
}

/**
 * Every profile rule a tool definition breaks, at every target (the pipeline keeps the targets the user selected),
 * each placed on the node of the zod `input` behind it (at the registration when there is none). Feed it the
 * definition the tool really ships; never throws.
 */
export function clientViolations(definition: ToolDefinition, input: unknown, server?: string): PlacedViolation[] {
  try {
    return judgeTool(definition, { server }).map((v) => placeViolation(v, (pointer) => siteOfPointer(input, pointer), definition.inputSchema));
  } catch {
    return []; // a rule must never cost the tool its other findings
  }
}

/** The client violations of an advertised tool; none for one the engine could not advertise or mount. */
function advertisedViolations(name: string, input: unknown, advertised: Advertised, server?: string): PlacedViolation[] {
  return advertised.refused || !advertised.mountable ? [] : clientViolations({ name, inputSchema: advertised.jsonSchema }, input, server);
}

/**
 * The tool's input schema both as written and flattened, for Compare: computed by the engine with the other
 * flatten option, and kept only when flattening changes something (a union was flattened, or would be).
 */
function compareFor(input: ToolInput, options: AdvertiseOptions, result: Advertised): EvaluatedTool['compare'] {
  if (result.refused) return undefined;
  const flattened = options.flattenUnionInput !== false;
  if (flattened && result.merges.length === 0) return undefined;
  if (!flattened && !/"(oneOf|anyOf)"/.test(JSON.stringify(result.jsonSchema))) return undefined;
  const other = advertiseSafely(input, { ...options, flattenUnionInput: !flattened });
  if (other.refused || JSON.stringify(other.jsonSchema) === JSON.stringify(result.jsonSchema)) return undefined;
  return flattened ? { asWritten: other.jsonSchema, flattened: result.jsonSchema } : { asWritten: result.jsonSchema, flattened: other.jsonSchema };
}

/** The output schema as JSON Schema (never flattened: servers flatten inputs only), for its token count. */
function outputFor(recording: Recording, options: AdvertiseOptions): unknown {
  if (recording.output === undefined || !isZodSchemaSafe(recording.output)) return undefined;
  const result = advertiseSafely({ name: 'output', input: recording.output }, { ...options, flattenUnionInput: false });
  return result.refused ? undefined : result.jsonSchema;
}

const sameFinding = (a: Finding, b: Finding) => a.code === b.code && a.message === b.message && a.path.join('\u0000') === b.path.join('\u0000');

/** Judges a file's registrations together; `emptyInput` stands in for a tool registered without a schema. */
export function judgeRegistrations(recordings: NamedRecording[], options: AdvertiseOptions, emptyInput: () => unknown): EvaluatedTool[] {
  const judged = recordings
    .map((r) => ({ r, input: r.input === undefined ? emptyInput() : r.input }))
    .filter(({ input }) => isZodSchemaSafe(input));
  // Each tool's own advertise already carries its probe findings (probe parity); across tools only the
  // duplicate names are new, so the tools are not advertised a second time here.
  const probed = duplicateToolNames(judged.map(({ r }) => r.name));
  return judged.map(({ r, input }) => {
    const result = r.early?.advertised ?? advertiseSafely({ name: r.name, input }, options);
    const compare = r.early ? r.early.tool.compare : compareFor({ name: r.name, input }, options, result);
    const outputSchema = r.early ? r.early.tool.outputSchema : outputFor(r, options);
    const findings = [...result.findings];
    for (const f of probed) {
      if (f.tool === r.name && !findings.some((known) => sameFinding(known, f))) findings.push(f);
    }
    // Nothing the probe across tools added: the very tool already streamed (the worker sends a reference).
    if (r.early && findings.length === result.findings.length) return r.early.tool;
    return {
      name: r.name,
      kind: 'registration',
      sdk: r.sdk,
      callSite: r.callSite,
      ...(r.description ? { description: r.description } : {}),
      advertised: result.jsonSchema,
      mountable: result.mountable && !findings.some((f) => f.code === 'not-mountable'),
      findings,
      merges: result.merges,
      ...(r.server !== undefined ? { server: r.server } : {}),
      violations: advertisedViolations(r.name, input, result, r.server),
      ...(compare ? { compare } : {}),
      ...(outputSchema !== undefined ? { outputSchema } : {}),
    };
  });
}

/**
 * One registration judged alone, the moment it is recorded (no probe across tools): streamed to the parent
 * so a module that hangs later still reports it. Undefined when its input is not a zod schema.
 */
export function judgeAlone(recording: NamedRecording, options: AdvertiseOptions, emptyInput: () => unknown): { tool: EvaluatedTool; advertised: Advertised } | undefined {
  const input = recording.input === undefined ? emptyInput() : recording.input;
  if (!isZodSchemaSafe(input)) return undefined;
  const advertised = advertiseSafely({ name: recording.name, input }, options);
  const compare = compareFor({ name: recording.name, input }, options, advertised);
  const outputSchema = outputFor(recording, options);
  const tool: EvaluatedTool = {
    name: recording.name,
    kind: 'registration',
    sdk: recording.sdk,
    callSite: recording.callSite,
    ...(recording.description ? { description: recording.description } : {}),
    advertised: advertised.jsonSchema,
    mountable: advertised.mountable && !advertised.findings.some((f) => f.code === 'not-mountable'),
    findings: advertised.findings,
    merges: advertised.merges,
    ...(recording.server !== undefined ? { server: recording.server } : {}),
    violations: advertisedViolations(recording.name, input, advertised, recording.server),
    ...(compare ? { compare } : {}),
    ...(outputSchema !== undefined ? { outputSchema } : {}),
  };
  return { tool, advertised };
}

/** Judges exported and tagged schemas, each on its own. */
export function judgeModuleSchemas(schemas: ModuleSchema[], options: AdvertiseOptions): EvaluatedTool[] {
  return schemas.map(({ kind, name, schema }) => {
    const toolInput: ToolInput = { name, input: schema, subject: kind === 'exported' ? 'schema' : 'tool' };
    const result = advertiseSafely(toolInput, options);
    const compare = compareFor(toolInput, options, result);
    const findings = kind === 'exported' ? result.findings.filter((f) => f.code !== 'not-mountable') : result.findings;
    return {
      name,
      kind,
      exportName: name,
      advertised: result.jsonSchema,
      mountable: kind === 'exported' ? true : result.mountable,
      findings,
      merges: result.merges,
      // An exported schema may be only part of a tool's input: judged against clients only when tagged as a whole one.
      ...(kind === 'tagged' ? { violations: advertisedViolations(name, schema, result) } : {}),
      ...(compare ? { compare } : {}),
    };
  });
}
