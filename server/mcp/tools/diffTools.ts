/**
 * `diff_tools`: what ships now against the project's tools snapshot (`snapshot` in toolschemalens.config.json, the
 * editor's `toolSchemaLens.snapshot`, else `tools.snapshot.json`), each changed tool classed breaking, non-breaking or
 * descriptive by the pipeline's drift module, as `check --baseline` classes it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { driftBetween, driftCounts, driftView, parseSnapshot, readWorkspaceFile, snapshotOfTools } from '../../pipeline';
import { ToolInputError } from '../toolError';
import { defineTool } from './define';

/** Where `tool-schema-lens snapshot -o` is told to write in the README: the baseline when nothing names one. */
const DEFAULT_SNAPSHOT = 'tools.snapshot.json';

export const diffTools = defineTool({
  name: 'diff_tools',
  title: 'Diff the tools against the snapshot',
  description: "What changed in the shipped tool definitions since the project's tools snapshot, each change classed breaking, non-breaking or descriptive.",
  input: {
    baseline: z.string().max(1000).optional().describe('A snapshot file (default: the configured snapshot, else tools.snapshot.json)'),
  },
  output: {
    baseline: z.string(),
    same: z.boolean(),
    breaking: z.number().int(),
    nonBreaking: z.number().int(),
    descriptive: z.number().int(),
    tools: z.array(
      z.object({
        server: z.string(),
        tool: z.string(),
        status: z.string(),
        class: z.string(),
        flattened: z.boolean(),
        from: z.string().optional(),
        changes: z.array(z.object({ class: z.string(), path: z.string(), what: z.string() })),
      }),
    ),
  },
  async run(args, context) {
    const set = await context.workspaces();
    const analysis = await set.primary.analysis();
    const named = args.baseline ?? (analysis.settings.snapshot || undefined);
    const given = named ?? DEFAULT_SNAPSHOT;
    if (!named && !fs.existsSync(path.join(set.primary.root, DEFAULT_SNAPSHOT)))
      throw new ToolInputError(
        `No snapshot to compare with: write one with \`tool-schema-lens snapshot -o ${DEFAULT_SNAPSHOT}\` (and set "snapshot" in toolschemalens.config.json), or pass baseline.`,
      );
    const { file } = set.locate(given, 'snapshot file');
    const read = readWorkspaceFile(file);
    if (!('text' in read)) throw new ToolInputError(`${given} cannot be read; pass a snapshot written by \`tool-schema-lens snapshot\`.`);
    const snapshot = parseSnapshot(read.text);
    if ('problem' in snapshot) throw new ToolInputError(`${given} is not a tools snapshot: ${snapshot.problem}.`);
    // The snapshot is of what one checked folder ships: every workspace's tools, as `check --baseline` over its paths.
    const others = await Promise.all(set.workspaces.slice(1).map((w) => w.analysis()));
    const drift = driftBetween(snapshot, snapshotOfTools([...analysis.tools, ...others.flatMap((a) => a.tools)]));
    const count = driftCounts(drift);
    return {
      baseline: set.display(file),
      same: drift.length === 0,
      breaking: count.breaking,
      nonBreaking: count['non-breaking'],
      descriptive: count.descriptive,
      tools: driftView(drift),
    };
  },
});
