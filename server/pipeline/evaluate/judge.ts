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

const sameFinding = (a: Finding, b: Finding) => a.code === b.code && a.message === b.message && a.path.join('\u0000') === b.path.join('\u0000');

/** Judges a file's registrations together; `emptyInput` stands in for a tool registered without a schema. */
export function judgeRegistrations(recordings: NamedRecording[], options: AdvertiseOptions, emptyInput: () => unknown): EvaluatedTool[] {
  const judged = recordings
    .map((r) => ({ r, input: r.input === undefined ? emptyInput() : r.input }))
    .filter(({ input }) => isZodSchemaSafe(input));
  // Each tool's own advertise already carries its probe findings (probe parity); across tools only the
  // duplicate names are new, so the tools are not advertised a second time here.
  // Per server instance: two servers in one program may each have a tool of the same name.
  const probedByServer = new Map<number | undefined, ReturnType<typeof duplicateToolNames>>();
  for (const { r } of judged) {
    const id = r.server?.id;
    if (!probedByServer.has(id)) probedByServer.set(id, duplicateToolNames(judged.filter((j) => j.r.server?.id === id).map((j) => j.r.name)));
  }
  return judged.map(({ r, input }) => {
    const probed = probedByServer.get(r.server?.id) ?? [];
    const result = r.early?.advertised ?? advertiseSafely({ name: r.name, input }, options);
    const findings = [...result.findings];
    for (const f of probed) {
      if (f.tool === r.name && !findings.some((known) => sameFinding(known, f))) findings.push(f);
    }
    // Nothing the probe across tools added: the very tool already streamed (the worker sends a reference).
    if (r.early && findings.length === result.findings.length && !r.frames) return r.early.tool;
    return {
      name: r.name,
      kind: 'registration',
      sdk: r.sdk,
      callSite: r.callSite,
      ...(r.server ? { server: r.server } : {}),
      ...(r.inputSite ? { inputSite: r.inputSite } : {}),
      ...(r.frames ? { frames: r.frames } : {}),
      advertised: result.jsonSchema,
      mountable: result.mountable && !findings.some((f) => f.code === 'not-mountable'),
      findings,
      merges: result.merges,
      violations: advertisedViolations(r.name, input, result, r.server?.name),
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
  const tool: EvaluatedTool = {
    name: recording.name,
    kind: 'registration',
    sdk: recording.sdk,
    callSite: recording.callSite,
    ...(recording.server ? { server: recording.server } : {}),
    ...(recording.inputSite ? { inputSite: recording.inputSite } : {}),
    advertised: advertised.jsonSchema,
    mountable: advertised.mountable && !advertised.findings.some((f) => f.code === 'not-mountable'),
    findings: advertised.findings,
    merges: advertised.merges,
    violations: advertisedViolations(recording.name, input, advertised, recording.server?.name),
  };
  return { tool, advertised };
}

/** Judges exported and tagged schemas, each on its own. */
export function judgeModuleSchemas(schemas: ModuleSchema[], options: AdvertiseOptions): EvaluatedTool[] {
  return schemas.map(({ kind, name, schema }) => {
    const result = advertiseSafely({ name, input: schema, subject: kind === 'exported' ? 'schema' : 'tool' }, options);
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
    };
  });
}
