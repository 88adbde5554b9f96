/**
 * What changed between two snapshots, per tool: added, removed, renamed (the same input under a new name), or changed,
 * each change classed (schemaChanges.ts). A tool that ships flattened is compared on its union as written (its
 * source), and on the flat form only where the source did not change (a new widening setting, say).
 */
import { sortedKeys } from './canonicalJson';
import { inputChanges, outputChanges, type ChangeClass, type SchemaChange } from './schemaChanges';
import type { Snapshot, SnapshotServer } from './snapshot';

export type { ChangeClass, SchemaChange } from './schemaChanges';

export interface ToolDrift {
  server: string;
  tool: string;
  status: 'added' | 'removed' | 'renamed' | 'changed';
  /** The worst of its changes. */
  class: ChangeClass;
  changes: SchemaChange[];
  /** Ships flattened (after the change; before, for a removed tool). */
  flattened: boolean;
  /** For a rename: the name before. */
  from?: string;
}

type Tool = SnapshotServer['tools'][number];
const RANK: Record<ChangeClass, number> = { breaking: 0, 'non-breaking': 1, descriptive: 2 };
const same = (a: unknown, b: unknown) => JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));

/** The worst class among changes (breaking before non-breaking before descriptive). */
export function worstClass(changes: readonly { class: ChangeClass }[]): ChangeClass {
  return changes.reduce<ChangeClass>((w, c) => (RANK[c.class] < RANK[w] ? c.class : w), 'descriptive');
}

const sourceOf = (t: Tool) => t.source ?? t.definition.inputSchema;

/** Each tool that differs between `before` and `after`, in the snapshot's order (server, then tool). */
export function driftBetween(before: Snapshot, after: Snapshot): ToolDrift[] {
  const out: ToolDrift[] = [];
  const servers = [...new Set([...before.servers, ...after.servers].map((s) => s.server))].sort();
  for (const server of servers) {
    const old = new Map(before.servers.filter((s) => s.server === server).flatMap((s) => s.tools.map((t) => [t.name, t] as const)));
    const now = new Map(after.servers.filter((s) => s.server === server).flatMap((s) => s.tools.map((t) => [t.name, t] as const)));
    const removed = [...old.keys()].filter((n) => !now.has(n));
    const added = [...now.keys()].filter((n) => !old.has(n));
    const renamedFrom = new Map<string, string>();
    for (const name of added) {
      const from = removed.find((r) => !renamedFrom.has(r) && ![...renamedFrom.values()].includes(r) && same(sourceOf(old.get(r)!), sourceOf(now.get(name)!)));
      if (from) renamedFrom.set(name, from);
    }
    const renamedAway = new Set(renamedFrom.values());
    const names = [...new Set([...old.keys(), ...now.keys()])].sort();
    for (const name of names) {
      const a = old.get(name);
      const b = now.get(name);
      if (a && !b) {
        if (!renamedAway.has(name))
          out.push({
            server,
            tool: name,
            status: 'removed',
            class: 'breaking',
            changes: [{ class: 'breaking', path: '', what: 'tool removed' }],
            flattened: a.flattened,
          });
      } else if (!a && b) {
        const from = renamedFrom.get(name);
        out.push(
          from
            ? {
                server,
                tool: name,
                status: 'renamed',
                class: 'breaking',
                changes: [{ class: 'breaking', path: '', what: `renamed from ${from}` }],
                flattened: b.flattened,
                from,
              }
            : {
                server,
                tool: name,
                status: 'added',
                class: 'non-breaking',
                changes: [{ class: 'non-breaking', path: '', what: 'new tool' }],
                flattened: b.flattened,
              },
        );
      } else if (a && b && a.digest !== b.digest) {
        const changes = toolChanges(a, b);
        if (changes.length > 0) out.push({ server, tool: name, status: 'changed', class: worstClass(changes), changes, flattened: b.flattened });
      }
    }
  }
  return out;
}

function toolChanges(a: Tool, b: Tool): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const source = inputChanges(sourceOf(a), sourceOf(b));
  changes.push(...source);
  // The union as written is unchanged but what ships is not (the flatten or its widening changed): the flat form.
  if (source.length === 0)
    changes.push(...inputChanges(a.definition.inputSchema, b.definition.inputSchema).map((c) => ({ ...c, what: `${c.what} (as flattened)` })));
  if (a.flattened !== b.flattened) {
    changes.push(
      b.flattened
        ? { class: 'non-breaking', path: '', what: 'now ships flattened (a superset of the union)' }
        : { class: 'breaking', path: '', what: 'no longer ships flattened (a call in the flat form may be refused)' },
    );
  }
  changes.push(...outputChanges(a.definition.outputSchema, b.definition.outputSchema).map((c) => ({ ...c, path: c.path ? `(output).${c.path}` : '(output)' })));
  for (const key of new Set([...Object.keys(a.definition), ...Object.keys(b.definition)])) {
    if (key === 'inputSchema' || key === 'outputSchema' || key === 'name' || same(a.definition[key], b.definition[key])) continue;
    changes.push({ class: 'descriptive', path: '', what: `${key} changed` });
  }
  return changes;
}
