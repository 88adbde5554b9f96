/**
 * `--format json`: one object, `{ tools, diagnostics }`, exactly the shape of the CLI contract. `path`
 * is the schema path in dotted form (`content.parts[*].url`; the root is `""`).
 */
import { countNotEvaluated, dottedPath, driftView, oneBasedRange, TOKENIZER, type ToolDrift } from '../pipeline';
import { displayPath, type CheckReport } from './report';

/** A tool's id as the JSON carries it: its kind, name and place, the place relative to the checked folder. */
export function toolIdOf(cwd: string, t: Pick<CheckReport['tools'][number], 'kind' | 'name' | 'location'>): string {
  const { file, range } = t.location;
  return `${t.kind}:${t.name}@${displayPath(cwd, file)}:${range.start.line + 1}:${range.start.character + 1}`;
}

export function formatJson(report: CheckReport, drift?: readonly ToolDrift[]): string {
  const notEvaluated = countNotEvaluated(report.diagnostics);
  // Diagnostics name their tool by the pipeline's id; the JSON says the same id as its tools do.
  const ids = new Map(report.tools.map((t) => [t.id, toolIdOf(report.cwd, t)]));
  const out = {
    tools: inSnapshotOrder(report).map((t) => ({
      id: ids.get(t.id) ?? toolIdOf(report.cwd, t),
      name: t.name,
      file: displayPath(report.cwd, t.location.file),
      line: t.location.range.start.line + 1,
      column: t.location.range.start.character + 1,
      advertised: t.advertised ?? null,
      ...(t.flattened ? { flattened: t.flattened.advertised } : {}),
      tokens: t.tokens,
      mountable: t.mountable,
      // Found by calling a factory no run's start reached (a per-request server, a set-up left to a caller).
      ...(t.calledFactory ? { calledFactory: t.calledFactory } : {}),
      // Found by a run of its start with placeholder values for these unset variables: set them for the real configuration.
      ...(t.placeholders ? { placeholders: t.placeholders } : {}),
      // Found by calling calledFactory with made-up values for these parameters: the real start may build it otherwise.
      ...(t.inventedArguments ? { inventedArguments: t.inventedArguments } : {}),
      ...(t.shipped
        ? {
            library: t.shipped.library,
            libraryVersion: t.shipped.libraryVersion ?? null,
            zodVersion: t.shipped.zodVersion ?? null,
            source: t.shipped.source,
            shipsFlattened: t.shipped.flattened,
            ...(t.shipped.listedAlone ? { listedAlone: true } : {}),
            ...(t.shipped.definition ? { definition: t.shipped.definition } : {}),
          }
        : {}),
      ...(t.verdicts ? { targets: t.verdicts.map((v) => ({ target: v.target, loads: v.broken.length === 0, broken: v.broken })) } : {}),
      // What the providers answered `verify`, while the tool is as it was sent (toolschemalens.verified.json).
      ...(t.verified ? { verified: t.verified } : {}),
    })),
    diagnostics: report.diagnostics.map((d) => ({
      file: displayPath(report.cwd, d.file),
      ...oneBasedRange(d.range),
      severity: d.severity,
      code: d.code,
      tool: d.tool ?? null,
      ...(d.toolId && ids.has(d.toolId) ? { toolId: ids.get(d.toolId) } : {}),
      path: dottedPath(d.path),
      message: d.message,
      ...(d.targets ? { targets: d.targets, rule: d.rule ?? null, ...(d.fix ? { fix: d.fix } : {}) } : {}),
      ...(d.failure ? { failure: d.failure } : {}),
    })),
    tokens: { encoding: TOKENIZER.encoding, total: report.tokens.total, windowShare: Number(report.tokens.windowShare.toFixed(4)) },
    ...(report.servers.length
      ? { servers: report.servers.map((s) => ({ name: s.label, tools: s.tools, total: s.total, windowShare: Number(s.windowShare.toFixed(4)) })) }
      : {}),
    // Factories that registered only with arguments built from their parameter types (see docs/architecture.md).
    ...(report.stubbed.length ? { stubbed: report.stubbed } : {}),
    ...(notEvaluated.files ? { notEvaluated } : {}),
    ...(report.notRun.length ? { notRun: report.notRun.map((n) => ({ file: displayPath(report.cwd, n.file), reason: n.reason })) } : {}),
    ...(report.programsNotLoaded.length
      ? { programsNotLoaded: report.programsNotLoaded.map((p) => ({ file: displayPath(report.cwd, p.file), reason: p.reason })) }
      : {}),
    ...(report.argvUnused ? { argvUnused: true } : {}),
    ...(report.unreadableEnv.length ? { unreadableEnv: report.unreadableEnv } : {}),
    ...(drift ? { drift: driftView(drift) } : {}),
    ...(report.typedCalls.length ? { typedCalls: report.typedCalls.map((c) => ({ file: displayPath(report.cwd, c.file), factory: c.factory })) } : {}),
  };
  return JSON.stringify(out, null, 2) + '\n';
}

/** Tools in the order a snapshot lists them: by server (or tool set), then name, then where they are registered. */
function inSnapshotOrder(report: CheckReport): CheckReport['tools'] {
  const serverOf = (t: CheckReport['tools'][number]) => t.server?.name ?? t.toolSet ?? '';
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...report.tools].sort(
    (a, b) =>
      text(serverOf(a), serverOf(b)) ||
      text(a.name, b.name) ||
      text(displayPath(report.cwd, a.location.file), displayPath(report.cwd, b.location.file)) ||
      a.location.range.start.line - b.location.range.start.line,
  );
}

/** `media`, `content.parts[*].url`; `""` for the schema root. */
