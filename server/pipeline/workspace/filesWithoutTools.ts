/**
 * A file that should have yielded tools but did not says so, with what was run and what was not called, instead of
 * a silent nothing.
 */
import path from 'node:path';
import type { AssembledFile, Locator } from '../assemble/assemble';
import { effectiveSeverity, type SeverityOverrides } from '../findings/severities';
import type { Diagnostic } from '../assemble/report';
import type { EvaluatedFile } from '../evaluate/contract';

/** What the pipeline knew about an analysed file before evaluating it. */
export interface AnalysedFile {
  file: string;
  /** A workspace entry point (package.json, a start script, the user's setting). */
  entry: boolean;
  /** Its text builds a server or registers tools. */
  buildsServer: boolean;
  /** Top-level factories found in it. */
  factories: number;
  /** Its abstract classes that register tools (through subclasses only: no factories). */
  abstractBuilders?: readonly string[];
}

/** `no-tools-found` on each file that builds a server or registers tools, ran without failing, and yielded no tool anywhere. */
export function noToolsFindings(
  assembled: readonly AssembledFile[],
  info: ReadonlyMap<string, AnalysedFile>,
  locator: Locator,
  severities: SeverityOverrides,
  buildsServer: (file: string) => boolean = (file) => info.get(file)?.buildsServer ?? false,
): Diagnostic[] {
  const severity = effectiveSeverity('no-tools-found', 'warning', severities);
  if (!severity) return [];
  const filesWithTools = new Set<string>();
  for (const a of assembled) {
    for (const place of a.places) {
      filesWithTools.add(place.location.file);
      // The module that builds the server other modules register on.
      const built = place.tool.server?.site?.file;
      if (built) filesWithTools.add(built);
    }
    if (a.report.tools.length > 0 || (a.evaluated?.tools.length ?? 0) > 0) filesWithTools.add(a.report.file);
  }
  const out: Diagnostic[] = [];
  for (const a of assembled) {
    const file = a.report.file;
    const known = info.get(file);
    const evaluated = a.evaluated;
    if (!known || !evaluated || evaluated.failure || filesWithTools.has(file)) continue;
    // Only a file that builds a server or registers: an entry that is a library's export, or that starts what
    // another module builds, has nothing to register itself, unless no tool was found anywhere and what it ran
    // builds a server (an entry named to start a factory with options that grant nothing).
    const builder = known.entry && filesWithTools.size === 0 ? evaluated.inputs.find((input) => input !== file && buildsServer(input)) : undefined;
    if (!known.buildsServer && !builder) continue;
    out.push({
      file,
      range: locator.firstLine(file),
      severity,
      code: 'no-tools-found',
      message: noToolsMessage(known, evaluated, builder),
      path: [],
      related: [],
    });
  }
  return out;
}

/** Whether the run constructed a server (or registered) in `file`: its reached lines are where that happened. */
function builtIn(evaluated: EvaluatedFile, file: string): boolean {
  return Object.entries(evaluated.reached ?? {}).some(([reached, lines]) => path.resolve(reached) === path.resolve(file) && lines.length > 0);
}

const WAITED_ON: Record<NonNullable<EvaluatedFile['stoppedWaiting']>['on'], string> = {
  request: 'a request (a lookup, a connection, a file read)',
  timer: 'a timer (a poll, a retry)',
  import: 'an import still loading',
};

function noToolsMessage(known: AnalysedFile, evaluated: EvaluatedFile, builder?: string): string {
  const calls = evaluated.factoryCalls ?? [];
  const ran = known.entry ? 'this entry point ran as the program starts' : "this file's top level ran";
  const called = calls.filter((c) => c.outcome === 'called').map((c) => `${c.name}()`);
  const threw = calls.filter((c) => c.outcome === 'threw').map((c) => `${c.name}() threw ${c.reason ?? 'an error'}`);
  const parts = [ran.charAt(0).toUpperCase() + ran.slice(1)];
  if (called.length)
    parts.push(`then ${called.join(', ')} ${called.length === 1 ? 'was' : 'were'} called (a recording server where one is expected) and registered nothing`);
  if (threw.length) parts.push(threw.join('; '));
  for (const c of calls.filter((call) => call.pathNeeded))
    parts.push(`${c.name}() was not called with arguments built from its types: \`${c.pathNeeded}\` is a path and the check invents none`);
  const waited = evaluated.stoppedWaiting;
  if (waited)
    parts.push(
      `and its start was still waiting on ${WAITED_ON[waited.on]} when the check stopped waiting, ${(waited.afterMs / 1000).toFixed(1)} s after its top level ended: ` +
        'tools it registers after that are not seen (if it waits for a variable, set it with toolSchemaLens.evaluation.env or check --env)',
    );
  else if (builder && builtIn(evaluated, builder))
    parts.push(`and the server it built (in ${path.basename(builder)}) got no tool: the options it passed may enable none`);
  else if (builder)
    parts.push(
      `and it loaded ${path.basename(builder)}, which builds a server, but built none: the start may need a variable ` +
        '(check --env, toolSchemaLens.evaluation.env) or an argument (check --entry <this file> --arg <value>, toolSchemaLens.evaluation.argv) it did not get',
    );
  else if (calls.length === 0 && known.abstractBuilders?.length)
    parts.push(
      `and ${known.abstractBuilders.join(', ')} ${known.abstractBuilders.length === 1 ? 'is an abstract class' : 'are abstract classes'}: ` +
        'its tools are registered by the subclasses a start constructs, so they are found when the workspace (or the file that starts the server) is checked',
    );
  else if (calls.length === 0) parts.push('and no top-level function or class here builds a server or registers tools');
  return `no tool was registered; name the entry point or the function that builds your server with check --entry (file#function). ${parts.join(', ')}. In the editor: toolSchemaLens.entryPoints.`;
}
