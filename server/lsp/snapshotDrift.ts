/**
 * The Tool Schemas view's marks: with `toolSchemaLens.snapshot` set, each tool whose shipped definition differs from
 * the snapshot file, classed as `check --baseline` classes it (pipeline/drift). The file is read again only when it
 * changed on disk; a missing or foreign file is said once in the log, never a crash and never a silent nothing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { driftBetween, parseSnapshot, readWorkspaceFile, snapshotOfTools, snapshotToolOf, type Snapshot, type ToolReport } from '../pipeline';

import type { ToolDriftSummary } from '../../protocol';

export class SnapshotDrift {
  private cached: { file: string; mtimeMs: number; snapshot: Snapshot | undefined } | undefined;
  private said = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly log: (message: string) => void,
  ) {}

  /** Per tool report, its drift from the configured snapshot; empty when none is configured or readable. */
  driftOf(setting: string, tools: readonly ToolReport[]): Map<ToolReport, ToolDriftSummary> {
    const out = new Map<ToolReport, ToolDriftSummary>();
    const snapshot = setting ? this.read(path.resolve(this.root, setting), setting) : undefined;
    if (!snapshot) return out;
    const byKey = new Map<string, ToolDriftSummary>();
    for (const d of driftBetween(snapshot, snapshotOfTools(tools))) {
      if (d.status === 'removed') continue; // a tool no longer listed has no item to mark
      byKey.set(`${d.server}\0${d.tool}`, {
        class: d.class,
        status: d.status,
        snapshot: setting,
        changes: d.changes.map((c) => `${c.class}: ${c.path ? `${c.path}: ` : ''}${c.what}`),
      });
    }
    for (const t of tools) {
      const s = snapshotToolOf(t);
      const found = s && byKey.get(`${s.server}\0${s.name}`);
      if (found) out.set(t, found);
    }
    return out;
  }

  private read(file: string, setting: string): Snapshot | undefined {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      this.sayOnce(`the snapshot ${setting} (toolSchemaLens.snapshot) does not exist: write it with \`tool-schema-lens snapshot -o ${setting}\``);
      return undefined;
    }
    if (this.cached?.file === file && this.cached.mtimeMs === mtimeMs) return this.cached.snapshot;
    const read = readWorkspaceFile(file);
    const parsed = 'text' in read ? parseSnapshot(read.text) : { problem: 'it cannot be read' };
    const snapshot = 'problem' in parsed ? undefined : parsed;
    if ('problem' in parsed) this.sayOnce(`the snapshot ${setting} (toolSchemaLens.snapshot) is not used: ${parsed.problem}`);
    this.cached = { file, mtimeMs, snapshot };
    return snapshot;
  }

  private sayOnce(message: string): void {
    if (this.said.has(message)) return;
    this.said.add(message);
    this.log(message);
  }
}
