/**
 * Running the engine over what one file produced (inside the worker). Each registration is judged as it
 * ships: flattened when its server flattens it (the runtime package's marker on its input, or the setting says
 * every tool is), as written otherwise, with the flattened preview and its losses alongside; then the library's
 * own answer (see ./shipped) replaces the emulation where there is one. Registrations are probed together (so
 * duplicate names are found); exported schemas keep their flatten findings only, since they may not be a whole
 * tool input; tagged ones are judged as a whole tool input.
 */
import { advertise, duplicateToolNames, isProbeFinding } from '../../../../../shared/index';
import { judgeTool, placeViolation, siteOfPointer, type PlacedViolation, type ToolDefinition } from '../../../../../shared/clients/index';
import { withFlattenCauses } from '../../../../../shared/clients/flattenCause';
import { injectedFault, noteInternalError } from '../sandbox/internalErrors';
import type { AdvertiseOptions, CollisionWidening, Finding, Target, ToolInput } from '../../../../../shared/types';
import type { EvaluatedTool, FlattenMode, ShippedInfo } from '../../contract';
import type { ModuleSchema } from './exportedSchemas';
import { isZodSchemaSafe } from '../../../../../shared/zod/read';
import type { Recording } from '../recorders/session';
import { flattenMarkOf } from '../shipped/flattenMark';
import { shippedFindings } from '../shipped/shippedFindings';
import { shippingLibraryOf, type LibraryAnswer } from '../shipped/libraries';
import { headerFindings } from '../shipped/definitionFindings';
import { outputDropped } from '../shipped/outputDropped';
import { EMPTY_OBJECT_SCHEMA, hasNonObjectRoot, shipsEmptyForNonObject } from '../shipped/emptyRoot';

export interface NamedRecording extends Recording {
  name: string;
  /** This tool as judged alone when it was recorded under the same name (its advertisement is not redone). */
  early?: { tool: EvaluatedTool; judgement: Judgement };
}

export interface Advertised {
  jsonSchema: unknown;
  findings: Finding[];
  merges: EvaluatedTool['merges'];
  mountable: boolean;
  /** The advertised zod schema (flattened when flattening), built with the input's own zod copy. */
  schema?: unknown;
  /** The engine threw: worth trying again later (a z.lazy may only resolve once the module has loaded). */
  refused?: true;
}

/** One tool input judged as it ships. */
export interface Judgement {
  /** The engine's advertisement of what ships (flattened or as written): its findings are the tool's. */
  ships: Advertised;
  /** Shipped as written: the flattened preview (undefined when flattening changes nothing). */
  preview?: Advertised;
  flattened: boolean;
  /** What the engine analysed: the marker's original for a schema the runtime package flattened. */
  input: unknown;
  /** `true` mode: the flattened zod schema the library is asked to send instead of the registered one. */
  swap?: unknown;
}

/** The engine's options as the pipeline was given them (only the flatten mode is decided per tool), and the zod files. */
export interface JudgeOptions {
  flattenUnionInput?: FlattenMode;
  target?: Target;
  collisionWidening?: CollisionWidening;
  /** The zod modules the workspace loaded, by file: which copy made a zod 3 schema, and so its version. */
  zodModules?: ReadonlyMap<string, unknown>;
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
    const { jsonSchema, findings, merges, mountable, schema } = advertise(input, options);
    return { jsonSchema, findings, merges, mountable, schema };
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
    injectedFault('client-rules');
    return judgeTool(definition, { server }).map((v) =>
      placeViolation(v, (pointer) => siteOfPointer(input, pointer), definition.inputSchema, definition.outputSchema),
    );
  } catch (error) {
    // A rule must never cost the tool its other findings; what it cost is traced, never silent.
    noteInternalError(`judging tool ${definition.name} against the client rules failed, so its client-rejects findings are missing`, error);
    return [];
  }
}

/** The client violations of an advertised tool; none for one the engine could not advertise or mount. */
function advertisedViolations(name: string, input: unknown, advertised: Advertised, server?: string): PlacedViolation[] {
  return advertised.refused || !advertised.mountable ? [] : clientViolations({ name, inputSchema: advertised.jsonSchema }, input, server);
}

/** Judges one input as it ships under the flatten mode. */
export function judgeInput(name: string, raw: unknown, options: JudgeOptions, subject?: ToolInput['subject']): Judgement {
  const mark = flattenMarkOf(raw);
  const input = mark ? mark.original : raw;
  const flattened = mark !== undefined || options.flattenUnionInput === true;
  // The runtime package flattened params and extend with the input (ADR-0033 §4): judged the same way.
  const parts = mark ? { params: mark.options.params ?? undefined, extend: mark.options.extend ?? undefined } : {};
  // The runtime package flattened with its own widening; otherwise the user's setting says how a collision ships.
  const marked = mark?.options.collisionWidening;
  const collisionWidening = marked === 'unknown' || marked === 'base-type' || marked === 'type-array' ? marked : options.collisionWidening;
  const flat = advertiseSafely({ name, input, subject, ...parts }, { ...engineOptions(options), collisionWidening, flattenUnionInput: true });
  if (flattened) return { ships: flat, flattened, input, swap: mark ? undefined : flat.schema };
  const changed = flat.merges.length > 0 || flat.findings.some((f) => !isProbeFinding(f));
  // Flattening gave back the very input with nothing to say (no union, as in most servers): advertised as written it
  // is the same walk-free build, conversion and probe, so it is not made a second time.
  const same = !changed && !flat.refused && flat.schema === input && !parts.params && !parts.extend;
  const asWritten = same ? flat : advertiseSafely({ name, input, subject }, { ...engineOptions(options), flattenUnionInput: false });
  return { ships: asWritten, preview: changed && !flat.refused ? flat : undefined, flattened, input };
}

/** The tool as reported: the engine's judgement, and the library's answer where it gave one. */
function composeTool(r: NamedRecording, judgement: Judgement, answer: LibraryAnswer | undefined, options: JudgeOptions): EvaluatedTool {
  const library = shippingLibraryOf(r, judgement.input, options.zodModules ?? new Map());
  const definition = answer?.definition;
  // Not asked (or it failed): SDK 1.23–1.32 are known to send an empty object for a non-object root.
  const emptyRoot =
    !definition &&
    !answer?.listFailure?.failsAlone &&
    !judgement.flattened &&
    shipsEmptyForNonObject(library.library, library.libraryVersion) &&
    hasNonObjectRoot(judgement.input);
  const inputSchema = definition ? answer?.inputSchema : emptyRoot ? EMPTY_OBJECT_SCHEMA : judgement.ships.jsonSchema;
  const losses = judgement.preview?.findings.filter((f) => !isProbeFinding(f)) ?? [];
  const discriminators = discriminatorsOf(judgement);
  const findings = shippedFindings(judgement.ships.findings, {
    tool: r.name,
    libraryLabel: [library.library, library.libraryVersion].filter(Boolean).join(' '),
    ...(library.zodVersion ? { zodVersion: library.zodVersion } : {}),
    input: judgement.input,
    inputSchema,
    fromLibrary: definition !== undefined || emptyRoot,
    flattened: judgement.flattened,
    losses,
    preview: judgement.preview?.jsonSchema,
    discriminators,
    widenedAs: new Map((judgement.preview?.merges ?? []).flatMap((m) => (m.advertisedAs ? [[m.path.join('.'), m.advertisedAs] as const] : []))),
    listFailure: answer?.listFailure,
  });
  // The rest of an MCP tool's definition, as its library sent it: its header parameters.
  if (definition && r.mcpServer) findings.push(...headerFindings(r.name, inputSchema, judgement.input));
  const shipped: ShippedInfo = {
    ...library,
    source: definition ? 'library' : 'emulated',
    ...(definition ? { definition } : {}),
    flattened: judgement.flattened,
    ...(answer?.note ? { note: answer.note } : {}),
    ...(answer?.listedAlone ? { listedAlone: true } : {}),
  };
  const compare = compareFor(judgement, inputSchema, options);
  // What ships: the library's output schema where it answered (SDK 1.x sends none for a non-object output).
  const outputSchema = definition ? definition.outputSchema : outputFor(r, options);
  if (definition && outputSchema === undefined && isZodSchemaSafe(r.output)) findings.push(outputDropped(r.name, library, r.output));
  return {
    name: r.name,
    kind: 'registration',
    sdk: r.sdk,
    callSite: r.callSite,
    ...(r.description ? { description: r.description } : {}),
    advertised: inputSchema,
    // The findings say it: schema-dropped replaces the engine's "not an object" (the library mounted it after all).
    mountable: !findings.some((f) => f.code === 'not-mountable' || f.code === 'list-fails'),
    findings,
    merges: judgement.flattened ? judgement.ships.merges : [],
    ...(r.server ? { server: r.server } : {}),
    ...(r.calledFactory ? { calledFactory: r.calledFactory } : {}),
    ...(r.inventedArguments ? { inventedArguments: r.inventedArguments } : {}),
    ...(r.toolSet ? { toolSet: r.toolSet } : {}),
    ...(r.inputSite ? { inputSite: r.inputSite } : {}),
    ...(r.frames ? { frames: r.frames } : {}),
    // Judged on what really ships: the library's definition where it answered, else the emulation; on a flattened
    // tool each refusal the flatten caused says so.
    violations: withFlattenCauses(
      definition
        ? clientViolations({ ...definition, name: r.name, inputSchema, sent: true }, judgement.input, r.server?.name)
        : emptyRoot
          ? clientViolations({ name: r.name, inputSchema }, judgement.input, r.server?.name)
          : advertisedViolations(r.name, judgement.input, judgement.ships, r.server?.name),
      judgement.flattened ? judgement.ships.merges : [],
    ),
    shipped,
    ...(judgement.preview?.mountable && !judgement.preview.refused ? { flattenedViolations: previewViolations(r, judgement, judgement.preview) } : {}),
    ...(judgement.preview ? { flattened: { advertised: judgement.preview.jsonSchema, losses, merges: judgement.preview.merges } } : {}),
    ...(compare ? { compare } : {}),
    ...(outputSchema !== undefined ? { outputSchema } : {}),
  };
}

/**
 * What a judgement gives whatever the library answers, kept with it: a registration is composed twice (streamed
 * the moment it is recorded, again with the library's definition), and on an edit's re-check both composes are
 * on the keystroke's path. Judgements are made per evaluation, so nothing outlives the file's run.
 */
const previewViolationsKept = new WeakMap<Judgement, Map<string, PlacedViolation[]>>();
const asWrittenKept = new WeakMap<Judgement, Advertised>();

/** The client violations of the flattened preview (the same for the early and the final compose). */
function previewViolations(r: NamedRecording, judgement: Judgement, preview: Advertised): PlacedViolation[] {
  let byTool = previewViolationsKept.get(judgement);
  if (!byTool) previewViolationsKept.set(judgement, (byTool = new Map<string, PlacedViolation[]>()));
  const key = `${r.name}\u0000${r.server?.name ?? ''}`;
  let violations = byTool.get(key);
  if (!violations) byTool.set(key, (violations = withFlattenCauses(advertisedViolations(r.name, judgement.input, preview, r.server?.name), preview.merges)));
  return violations;
}

/**
 * The tool's input schema as written and flattened, for Compare: the shipped definition beside the flattened preview
 * when it ships as written, the engine's as-written conversion beside it when it ships flattened; only where they differ.
 */
function compareFor(judgement: Judgement, shipped: unknown, options: JudgeOptions): EvaluatedTool['compare'] {
  if (judgement.ships.refused) return undefined;
  if (judgement.preview) return { asWritten: shipped, flattened: judgement.preview.jsonSchema };
  if (!judgement.flattened || judgement.ships.merges.length === 0) return undefined;
  let asWritten = asWrittenKept.get(judgement);
  if (!asWritten) {
    asWritten = advertiseSafely({ name: 'as-written', input: judgement.input }, { ...engineOptions(options), flattenUnionInput: false });
    asWrittenKept.set(judgement, asWritten);
  }
  if (asWritten.refused || JSON.stringify(asWritten.jsonSchema) === JSON.stringify(shipped)) return undefined;
  return { asWritten: asWritten.jsonSchema, flattened: shipped };
}

/**
 * The options the engine takes, from the judge's: never rebuilt field by field, so a new engine option reaches it.
 * The flatten mode is the one thing decided per tool (the callers set it).
 */
function engineOptions(options: JudgeOptions): Omit<AdvertiseOptions, 'flattenUnionInput'> {
  const { zodModules: _zodModules, flattenUnionInput: _mode, ...engine } = options;
  return engine;
}

/** The output schema as JSON Schema (never flattened: servers flatten inputs only), for its token count. */
function outputFor(recording: Recording, options: JudgeOptions): unknown {
  if (recording.output === undefined || !isZodSchemaSafe(recording.output)) return undefined;
  const result = advertiseSafely({ name: 'output', input: recording.output }, { ...engineOptions(options), flattenUnionInput: false });
  return result.refused ? undefined : result.jsonSchema;
}

const sameFinding = (a: Finding, b: Finding) => a.code === b.code && a.message === b.message && a.path.join('\u0000') === b.path.join('\u0000');

/** The input a registration is judged with; `emptyInput` stands in for a tool registered without a schema. */
export function inputOf(r: Recording, emptyInput: () => unknown): unknown {
  return r.input === undefined ? emptyInput() : r.input;
}

/**
 * Judges a file's registrations together, given each one's judgement and the libraries' answers. Undefined
 * judgements are inputs that are not zod schemas (not reported).
 */
export function judgeRegistrations(
  recordings: NamedRecording[],
  judgements: ReadonlyArray<Judgement | undefined>,
  answers: ReadonlyMap<Recording, LibraryAnswer>,
  options: JudgeOptions,
): EvaluatedTool[] {
  const judged = recordings
    .map((r, i) => ({ r, judgement: judgements[i] }))
    .filter((j): j is { r: NamedRecording; judgement: Judgement } => j.judgement !== undefined);
  // Each tool's own advertise already carries its probe findings (probe parity); across tools only the
  // duplicate names are new, so the tools are not advertised a second time here.
  // Per server instance: two servers in one program may each have a tool of the same name.
  // A tool with no server (an AI SDK, Agents, LangChain or Mastra tool) is one entry of a tool set the program hands
  // to a model; two sets may name the same tool (one per provider, one per agent), and only one is sent: no duplicate.
  const probedByServer = new Map<number, ReturnType<typeof duplicateToolNames>>();
  for (const { r } of judged) {
    const id = r.server?.id;
    if (id !== undefined && !probedByServer.has(id))
      probedByServer.set(id, duplicateToolNames(judged.filter((j) => j.r.server?.id === id).map((j) => j.r.name)));
  }
  return judged.map(({ r, judgement }) => {
    const answer = answers.get(r);
    const probed = (r.server ? probedByServer.get(r.server.id) : undefined) ?? [];
    // A registration through a shared wrapper gets its frames after it was streamed: composed again with them.
    const tool = !answer && r.early?.judgement === judgement && !r.frames ? r.early.tool : composeTool(r, judgement, answer, options);
    const extra: Finding[] = [];
    for (const f of probed) {
      if (f.tool === r.name && ![...tool.findings, ...extra].some((known) => sameFinding(known, f))) extra.push(f);
    }
    // Nothing the probe across tools added: the very tool already streamed (the worker sends a reference).
    if (extra.length === 0) return tool;
    return { ...tool, findings: [...tool.findings, ...extra], mountable: false };
  });
}

/** Judges one registration's input, or undefined when it is not a zod schema. */
export function judgeRecording(recording: NamedRecording, options: JudgeOptions, emptyInput: () => unknown): Judgement | undefined {
  const input = inputOf(recording, emptyInput);
  if (!isZodSchemaSafe(input)) return undefined;
  return judgeInput(recording.name, input, options);
}

/**
 * One registration judged alone, the moment it is recorded (no probe across tools, no library answer yet):
 * streamed to the parent so a module that hangs later still reports it. Undefined when its input is not a zod schema.
 */
export function judgeAlone(
  recording: NamedRecording,
  options: JudgeOptions,
  emptyInput: () => unknown,
): { tool: EvaluatedTool; judgement: Judgement } | undefined {
  const judgement = judgeRecording(recording, options, emptyInput);
  if (!judgement) return undefined;
  return { tool: composeTool(recording, judgement, undefined, options), judgement };
}

/**
 * Judges exported and tagged schemas, each on its own. An exported schema counts as flattened like a tool
 * (its marker, or the setting); as written, its unions are only what some tool may ship: no findings of its own.
 */
export function judgeModuleSchemas(schemas: ModuleSchema[], options: JudgeOptions): EvaluatedTool[] {
  return schemas.map(({ kind, name, schema }) => {
    const judgement = judgeInput(name, schema, options, kind === 'exported' ? 'schema' : 'tool');
    const result = judgement.ships;
    const findings = kind === 'exported' ? result.findings.filter((f) => !isProbeFinding(f)) : tagFindings(name, judgement);
    const compare = compareFor(judgement, result.jsonSchema, options);
    return {
      name,
      kind,
      exportName: name,
      advertised: result.jsonSchema,
      mountable: kind === 'exported' ? true : result.mountable,
      findings,
      merges: judgement.flattened ? result.merges : [],
      // An exported schema may be only part of a tool's input: judged against clients only when tagged as a whole one.
      ...(kind === 'tagged' ? { violations: advertisedViolations(name, judgement.input, result) } : {}),
      ...(judgement.preview
        ? {
            flattened: {
              advertised: judgement.preview.jsonSchema,
              losses: judgement.preview.findings.filter((f) => !isProbeFinding(f)),
              merges: judgement.preview.merges,
            },
          }
        : {}),
      ...(compare ? { compare } : {}),
    };
  });
}

/** A `@toolSchema` declaration is a whole tool input no library was seen sending: its unions ship as the emulation says. */
function tagFindings(name: string, judgement: Judgement): Finding[] {
  const losses = judgement.preview?.findings.filter((f) => !isProbeFinding(f)) ?? [];
  return shippedFindings(judgement.ships.findings, {
    tool: name,
    libraryLabel: 'the engine',
    input: judgement.input,
    inputSchema: judgement.ships.jsonSchema,
    fromLibrary: false,
    flattened: judgement.flattened,
    losses,
    preview: judgement.preview?.jsonSchema,
    discriminators: discriminatorsOf(judgement),
  });
}

/** The discriminator of each union the flattened preview flattened, by the union's dotted path. */
function discriminatorsOf(judgement: Judgement): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of judgement.preview?.merges ?? []) {
    const unionPath = m.path.slice(0, -1).join('.');
    if (!out.has(unionPath)) out.set(unionPath, m.discriminator);
  }
  return out;
}

/**
 * A registration whose input is not a zod schema but plain JSON Schema through its library's own helper (the AI SDK's
 * `jsonSchema({...})`, MCP SDK 2's `fromJsonSchema`, a LangChain tool built from JSON Schema), which its library
 * answered for: a tool like the low-level servers' plain ones, judged by the client rules on what it sends, its
 * definition saying there is no zod behind it. Undefined when the library gave no definition.
 */
export function judgePlainRegistration(
  r: NamedRecording,
  answer: LibraryAnswer | undefined,
  library: string,
  libraryVersion?: string,
): EvaluatedTool | undefined {
  const definition = answer?.definition;
  if (!definition || answer.inputSchema === undefined) return undefined;
  const description = r.description ?? (typeof definition.description === 'string' ? definition.description : undefined);
  return {
    name: r.name,
    kind: 'registration',
    sdk: r.sdk,
    ...(r.callSite ? { callSite: r.callSite } : {}),
    ...(description ? { description } : {}),
    ...(r.server ? { server: r.server } : {}),
    ...(r.calledFactory ? { calledFactory: r.calledFactory } : {}),
    ...(r.inventedArguments ? { inventedArguments: r.inventedArguments } : {}),
    ...(r.toolSet ? { toolSet: r.toolSet } : {}),
    advertised: answer.inputSchema,
    mountable: true,
    findings: [],
    merges: [],
    shipped: {
      library,
      ...(libraryVersion ? { libraryVersion } : {}),
      source: 'library',
      definition,
      flattened: false,
      note: 'its input is plain JSON Schema through its library: no zod schema behind it',
      plainJson: true,
    },
    violations: clientViolations({ ...definition, name: r.name, inputSchema: answer.inputSchema, sent: true }, undefined, r.server?.name),
  };
}
