import type { EvaluatedTool, SourcePoint } from '../../contract';
import { notedRefusals } from '../sandbox/refusals';
import { clientViolations } from '../judge/judge';
import type { Conversion, LowLevelServer, Recording, RecordingSession } from '../recorders/session';
import { clientKit, EVERY_CAPABILITY, listThrough } from './mcpTools';
import { packageOf } from './packageInfo';

type Definition = Record<string, unknown>;

/** What the low-level servers answered: recordings for tools with a zod schema behind them, and the others. */
export interface Served {
  recordings: Recording[];
  plain: EvaluatedTool[];
  /** Servers whose `tools/list` handler failed: every tool they serve is lost, and the client gets the error. */
  failed: Array<{ reason: string; at?: SourcePoint }>;
}

function hasToolsHandler(server: LowLevelServer): boolean {
  const handlers = (server.instance as { _requestHandlers?: Map<string, unknown> })._requestHandlers;
  return typeof handlers?.has === 'function' && handlers.has('tools/list');
}

/** The conversion a listed input schema came from: the same JSON, else the same properties. */
function conversionOf(inputSchema: unknown, conversions: readonly Conversion[]): Conversion | undefined {
  const json = JSON.stringify(inputSchema);
  const exact = conversions.find((c) => c.json === json);
  if (exact) return exact;
  const properties = JSON.stringify((inputSchema as { properties?: unknown } | undefined)?.properties ?? null);
  if (properties === 'null') return undefined;
  return conversions.find((c) => JSON.stringify((JSON.parse(c.json) as { properties?: unknown }).properties ?? null) === properties);
}

/** The handler's error in one line, and the connections the check refused while it ran. */
function listFailure(error: unknown, refused: readonly string[]): string {
  const text = (error instanceof Error ? error.message : String(error)).split('\n')[0].trim();
  const hosts = [...new Set(refused)];
  return hosts.length
    ? `${text} (the check refused its connection to ${hosts.join(', ')} while it listed: stub the module that connects with toolSchemaLens.evaluation.stubs or check --stub)`
    : text;
}

/** Lists every low-level server of the session that handles `tools/list`; never throws. */
export async function listLowLevelServers(session: RecordingSession): Promise<Served> {
  const served: Served = { recordings: [], plain: [], failed: [] };
  for (const server of session.lowLevelServers.filter(hasToolsHandler)) {
    const kit = await clientKit(server.module);
    if (!kit) continue;
    let tools: Definition[];
    const refusedBefore = notedRefusals().length;
    try {
      tools = await listThrough(
        kit,
        (serverSide) => server.Real.prototype.connect.call(server.instance, serverSide) as Promise<unknown>,
        () => (server.instance as { close?: () => Promise<void> }).close?.(),
        EVERY_CAPABILITY,
        true,
      );
    } catch (error) {
      // Its handler needs what is not here (a service, a key): said, with what the check refused meanwhile, since
      // that is usually why (a description fetched from the network when tools are listed).
      const refused = notedRefusals()
        .slice(refusedBefore)
        .flatMap((r) => (r.attempt === 'network' && r.resource ? [r.resource] : []));
      served.failed.push({ reason: listFailure(error, refused), ...(server.site ? { at: server.site } : {}) });
      continue;
    }
    const pkg = packageOf(server.module);
    for (const definition of tools) {
      const name = String(definition.name);
      const conversion = conversionOf(definition.inputSchema, session.conversions);
      if (conversion) {
        served.recordings.push({
          sdk: 'mcp',
          name,
          input: conversion.schema,
          description: typeof definition.description === 'string' ? definition.description : undefined,
          callSite: conversion.callSite ?? server.site,
          server: server.server,
          libraryModule: server.module,
          ship: () => Promise.resolve({ definition, inputSchema: definition.inputSchema }),
        });
        continue;
      }
      served.plain.push({
        name,
        kind: 'registration',
        sdk: 'mcp',
        ...(server.site ? { callSite: server.site } : {}),
        ...(typeof definition.description === 'string' ? { description: definition.description } : {}),
        ...(server.server ? { server: server.server } : {}),
        advertised: definition.inputSchema,
        mountable: true,
        findings: [],
        merges: [],
        shipped: {
          library: pkg?.name ?? '@modelcontextprotocol/sdk',
          ...(pkg?.version ? { libraryVersion: pkg.version } : {}),
          source: 'library',
          definition,
          flattened: false,
          note: 'served as plain JSON Schema by its tools/list handler: no zod schema behind it',
          plainJson: true,
        },
        violations: clientViolations({ ...definition, name, inputSchema: definition.inputSchema, sent: true }, undefined, server.server?.name),
        ...(definition.outputSchema ? { outputSchema: definition.outputSchema } : {}),
      });
    }
  }
  return served;
}
