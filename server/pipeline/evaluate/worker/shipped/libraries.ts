/**
 * Which library ships each recorded tool, and asking it what it sends. MCP servers (SDK 1.x and 2.x) are asked
 * through a real client's `tools/list` (./mcpTools); another library is asked for its own conversion where its
 * recorder knows how to ship the tool (`Recording.ship`); only a tool no library could be asked about is the
 * engine's emulation, labelled as such.
 */
import { libraryNames } from '../../../sdks';
import type { ShippedInfo } from '../../contract';
import type { Recording, RecordedServer } from '../recorders/session';
import { listMcpTools } from './mcpTools';
import { packageOf, zodVersionOf } from './packageInfo';

/** What the library answered for one tool. */
export interface LibraryAnswer {
  /** The tool's definition as sent; absent when the library's list failed. */
  definition?: Record<string, unknown>;
  /** The input JSON Schema inside `definition` (its key differs per library). */
  inputSchema?: unknown;
  listFailure?: { error: string; failsAlone: boolean; toolCount: number };
  note?: string;
  /** The server's list fails; `definition` is what a server holding only this tool lists. */
  listedAlone?: boolean;
}

/** The library (and versions) a recording's tool ships through. */
export function shippingLibraryOf(
  r: Recording,
  input: unknown,
  zodModules: ReadonlyMap<string, unknown>,
): Pick<ShippedInfo, 'library' | 'libraryVersion' | 'zodVersion'> {
  const module = r.mcpServer?.module ?? r.libraryModule;
  const pkg = module ? packageOf(module) : undefined;
  const zodVersion = zodVersionOf(input, zodModules);
  return { library: pkg?.name ?? libraryNames(r.sdk).package, ...(pkg ? { libraryVersion: pkg.version } : {}), ...(zodVersion ? { zodVersion } : {}) };
}

/**
 * Every recorded MCP server's `tools/list`, and every other library's own conversion, as answers per recording. `swaps` holds, per recording, the schema
 * it ships instead of the registered one (a tool counted as flattened). Never throws: a server that cannot be
 * asked leaves its tools emulated.
 */
export async function askLibraries(recordings: readonly Recording[], swaps: ReadonlyMap<Recording, unknown>): Promise<Map<Recording, LibraryAnswer>> {
  const answers = new Map<Recording, LibraryAnswer>();
  const byServer = new Map<object, { server: RecordedServer; recordings: Recording[] }>();
  for (const r of recordings) {
    if (!r.mcpServer && r.ship) answers.set(r, await shipAlone(r, swaps.get(r)));
    if (!r.mcpServer) continue;
    const entry = byServer.get(r.mcpServer.instance) ?? { server: r.mcpServer, recordings: [] };
    entry.recordings.push(r);
    byServer.set(r.mcpServer.instance, entry);
  }
  for (const { server, recordings: mine } of byServer.values()) {
    const swapped = new Map<string, unknown>();
    for (const r of mine) if (swaps.has(r) && r.name !== undefined) swapped.set(r.name, swaps.get(r));
    let listing;
    try {
      listing = await listMcpTools(server.instance, server.Real, server.module, swapped);
    } catch (error) {
      listing = undefined;
      for (const r of mine) answers.set(r, { note: `its tools/list could not be taken: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    if (!listing) continue;
    for (const r of mine) {
      if (listing.tools) {
        const definition = r.name === undefined ? undefined : listing.tools.get(r.name);
        answers.set(
          r,
          definition
            ? { definition, inputSchema: definition.inputSchema }
            : { note: "not in the server's tools/list (disabled, or replaced by a later registration)" },
        );
      } else if (listing.failure) {
        const alone = r.name === undefined ? undefined : listing.failure.perTool.get(r.name);
        const note = `the server's tools/list fails (${listing.failure.error})`;
        if (alone?.definition) {
          answers.set(r, { definition: alone.definition, inputSchema: alone.definition.inputSchema, listedAlone: true, note });
          continue;
        }
        answers.set(r, {
          listFailure: { error: alone?.error ?? listing.failure.error, failsAlone: alone !== undefined, toolCount: listing.failure.perTool.size },
          note,
        });
      }
    }
  }
  return answers;
}

/** A function library's own conversion of one tool; a converter that throws or cannot load leaves it emulated. */
async function shipAlone(r: Recording, swap: unknown): Promise<LibraryAnswer> {
  try {
    const shipment = await r.ship!(swap);
    if (!shipment) return { note: "the library's converter could not be loaded" };
    return { definition: shipment.definition, inputSchema: shipment.inputSchema };
  } catch (error) {
    return { note: `its conversion threw: ${error instanceof Error ? error.message : String(error)}` };
  }
}
