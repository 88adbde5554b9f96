/** Drift as the outputs print it: the CLI's JSON and the MCP server's `diff_tools` give the same view. */
import type { ChangeClass, ToolDrift } from './drift';
import type { SchemaChange } from './schemaChanges';

/** One tool's drift as data: where, what kind of change, and each change. */
export interface DriftView {
  server: string;
  tool: string;
  status: ToolDrift['status'];
  class: ChangeClass;
  flattened: boolean;
  from?: string;
  changes: SchemaChange[];
}

/** Each tool's drift, ready for JSON. */
export function driftView(drift: readonly ToolDrift[]): DriftView[] {
  return drift.map((d) => ({
    server: d.server,
    tool: d.tool,
    status: d.status,
    class: d.class,
    flattened: d.flattened,
    ...(d.from ? { from: d.from } : {}),
    changes: d.changes.map((c) => ({ class: c.class, path: c.path, what: c.what })),
  }));
}

/** How many tools changed, by the worst class of their changes. */
export function driftCounts(drift: readonly ToolDrift[]): Record<ChangeClass, number> {
  const counts: Record<ChangeClass, number> = { breaking: 0, 'non-breaking': 0, descriptive: 0 };
  for (const d of drift) counts[d.class]++;
  return counts;
}
