/**
 * The CLI's side of snapshots: reading one (a clear usage error when it is missing or not a snapshot), whether a drift
 * fails the run per `--fail-on-drift`, and the drift as text. Classification lives in the pipeline (`pipeline/drift`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { driftCounts, parseSnapshot, type Snapshot, type ToolDrift } from '../pipeline';
import { UsageError, type FailOnDrift } from './args';

/** A snapshot file read and checked, relative to the working directory. */
export function readSnapshotFile(cwd: string, file: string): Snapshot {
  const full = path.resolve(cwd, file);
  let text: string;
  try {
    text = fs.readFileSync(full, 'utf8');
  } catch {
    throw new UsageError(`cannot read the snapshot ${file} (write one with \`tool-schema-lens snapshot -o ${file}\`)`);
  }
  const parsed = parseSnapshot(text);
  if ('problem' in parsed) throw new UsageError(`${file}: ${parsed.problem}`);
  return parsed;
}

/** Whether this drift fails the run: a breaking change (default), any change, or never. */
export function driftFails(drift: readonly ToolDrift[], failOn: FailOnDrift = 'breaking'): boolean {
  if (failOn === 'none') return false;
  return failOn === 'any' ? drift.length > 0 : drift.some((d) => d.class === 'breaking');
}

const MARK: Record<ToolDrift['class'], string> = { breaking: '✖ breaking', 'non-breaking': '+ non-breaking', descriptive: '~ descriptive' };

/** The drift as lines of text: one per tool, its changes indented below it. */
export function driftText(drift: readonly ToolDrift[], against: string): string[] {
  if (drift.length === 0) return [`✔ what ships is the same as ${against}`];
  const lines = [`Changes from ${against}:`];
  for (const d of drift) {
    lines.push(`  ${MARK[d.class]}  ${d.server ? `${d.server} / ` : ''}${d.tool}${d.flattened ? ' (ships flattened)' : ''}`);
    for (const c of d.changes) lines.push(`      ${c.class.padEnd(12)} ${c.path ? `${c.path}: ` : ''}${c.what}`);
  }
  const count = driftCounts(drift);
  lines.push(
    `${drift.length} ${drift.length === 1 ? 'tool' : 'tools'} changed: ${count.breaking} breaking, ${count['non-breaking']} non-breaking, ${count.descriptive} descriptive`,
  );
  return lines;
}
