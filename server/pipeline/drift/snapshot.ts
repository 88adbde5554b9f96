/**
 * A tools snapshot: every server's tools as they ship (the whole definition, per library and version), canonical and
 * byte-stable so it can be committed and reviewed. Tools are identified by server and name, never by file: moving
 * code is not a change of what the model sees. Where a tool ships flattened, its source form (the union as written)
 * is kept beside it, so a change inside a union is classified on the union.
 */
import { canonicalJson, digestOf, sortedKeys } from './canonicalJson';

/** One tool as the snapshot records it. */
export interface SnapshotTool {
  /** The server's name (or the tool set's); empty for a tool on no named server. */
  server: string;
  library?: string;
  libraryVersion?: string;
  name: string;
  /** Ships with its unions flattened. */
  flattened: boolean;
  /** The definition as the library sends it (name, description, inputSchema, outputSchema, annotations, …). */
  definition: Record<string, unknown>;
  /** The input schema as written, where it ships flattened (a change inside a union is classified on the union). */
  source?: unknown;
}

export interface SnapshotServer {
  server: string;
  library: string | null;
  libraryVersion: string | null;
  tools: Array<{ name: string; digest: string; flattened: boolean; definition: Record<string, unknown>; source?: unknown }>;
}

export interface Snapshot {
  format: 1;
  servers: SnapshotServer[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The snapshot of these tools: servers sorted by name and library, tools by name then digest. */
export function buildSnapshot(tools: readonly SnapshotTool[]): Snapshot {
  const servers = new Map<string, SnapshotServer>();
  for (const t of tools) {
    const key = JSON.stringify([t.server, t.library ?? null, t.libraryVersion ?? null]);
    let server = servers.get(key);
    if (!server) servers.set(key, (server = { server: t.server, library: t.library ?? null, libraryVersion: t.libraryVersion ?? null, tools: [] }));
    const definition = sortedKeys(t.definition) as Record<string, unknown>;
    server.tools.push({
      name: t.name,
      digest: digestOf(definition),
      flattened: t.flattened,
      definition,
      ...(t.flattened && t.source !== undefined ? { source: sortedKeys(t.source) } : {}),
    });
  }
  const list = [...servers.values()].sort(
    (a, b) => byText(a.server, b.server) || byText(a.library ?? '', b.library ?? '') || byText(a.libraryVersion ?? '', b.libraryVersion ?? ''),
  );
  for (const s of list) s.tools.sort((a, b) => byText(a.name, b.name) || byText(a.digest, b.digest));
  return { format: 1, servers: list };
}

/** The snapshot's file text. */
export function snapshotText(snapshot: Snapshot): string {
  return canonicalJson(snapshot);
}

/** A snapshot read back from its file text, or what is wrong with it. */
export function parseSnapshot(text: string): Snapshot | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `it is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const v = value as Partial<Snapshot> | null;
  if (!v || typeof v !== 'object' || v.format !== 1 || !Array.isArray(v.servers)) {
    return { problem: 'it is not a tool-schema-lens snapshot (expected {"format": 1, "servers": [...]}; write one with `tool-schema-lens snapshot`)' };
  }
  for (const s of v.servers) {
    if (!s || typeof s.server !== 'string' || !Array.isArray(s.tools) || s.tools.some((t) => !t || typeof t.name !== 'string' || !t.definition)) {
      return { problem: 'a server or tool in it lacks its name or definition' };
    }
  }
  return v as Snapshot;
}
