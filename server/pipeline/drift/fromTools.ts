import type { ToolReport } from '../assemble/report';
import { buildSnapshot, type Snapshot, type SnapshotTool } from './snapshot';

/** What of a tool report a snapshot reads (the CLI's and the editor's tools both have it). */
export type SnapshotSourceTool = Pick<
  ToolReport,
  'name' | 'kind' | 'advertised' | 'description' | 'outputSchema' | 'shipped' | 'compare' | 'server' | 'toolSet'
>;

/** One tool as the snapshot records it, or undefined for an exported schema. */
export function snapshotToolOf(t: SnapshotSourceTool): SnapshotTool | undefined {
  if (t.kind === 'exported') return undefined;
  const flattened = t.shipped?.flattened === true;
  const definition = t.shipped?.definition ?? {
    name: t.name,
    ...(t.description !== undefined ? { description: t.description } : {}),
    inputSchema: t.advertised,
    ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema } : {}),
  };
  return {
    server: t.server?.name ?? t.toolSet ?? '',
    ...(t.shipped?.library ? { library: t.shipped.library } : {}),
    ...(t.shipped?.libraryVersion ? { libraryVersion: t.shipped.libraryVersion } : {}),
    name: t.name,
    flattened,
    definition,
    ...(flattened && t.compare ? { source: t.compare.asWritten } : {}),
  };
}

/** The snapshot of every listed tool among these (each tool once, even when reached from two roots). */
export function snapshotOfTools(tools: readonly SnapshotSourceTool[]): Snapshot {
  const seen = new Set<string>();
  const list: SnapshotTool[] = [];
  for (const t of tools) {
    const s = snapshotToolOf(t);
    if (!s) continue;
    const key = JSON.stringify([s.server, s.library, s.libraryVersion, s.name, s.definition]);
    if (seen.has(key)) continue;
    seen.add(key);
    list.push(s);
  }
  return buildSnapshot(list);
}
