/**
 * `suggest_fix`: the quick fixes the editor offers on a finding, as text edits the agent applies itself (nothing is
 * written here). Planned by the pipeline's fixes (`server/pipeline/fixes/`), so the editor and the agent get the same
 * edit: the change the finding asks for where it is mechanical (`plannedFixes`: a format call as a pattern,
 * `.nullable()` as `.optional()`, a shorter tool name), the key renamed in one variant with its references, the
 * registration shipped flattened, and, when the
 * finding was judged acceptable, the rule turned off for the project or suppressed on its line. A client-rejects
 * finding's fix is said in words (`advice`) where the change is the author's to choose.
 */
import * as path from 'node:path';
import { z } from 'zod';
import {
  canShipFlattened,
  FINDING_CODES,
  NOT_TURNED_OFF,
  positionAt,
  readWorkspaceFile,
  RENAMEABLE,
  renameSiblings,
  severityKeysOf,
  shipFlattenedFix,
  suppressionEdit,
  turnedOffText,
  offsetAt,
  plannedFixes,
  type Diagnostic,
  type TextEditAt,
} from '../../pipeline';
import { PROJECT_CONFIG_FILE } from '../../projectConfig';
import type { AnalysedWorkspace, Analysis } from '../analysedWorkspace';
import { findingShape, findingView } from '../findingView';
import { ToolInputError } from '../toolError';
import type { WorkspaceSet } from '../workspaces';
import { defineTool } from './define';

const editShape = z.object({
  file: z.string(),
  /** 1-based, as the findings' lines; columns 1-based too; end exclusive. */
  startLine: z.number().int(),
  startColumn: z.number().int(),
  endLine: z.number().int(),
  endColumn: z.number().int(),
  newText: z.string(),
});

const fixShape = z.object({
  title: z.string(),
  kind: z.enum(['edit', 'rename', 'ship-flattened', 'turn-off', 'suppress']),
  /** The whole change: apply every edit (each file's edits do not overlap; apply them from the end of the file). */
  edits: z.array(editShape),
  /** Where the fix cannot apply here, why and what to do first (edits is then empty). */
  refused: z.string().optional(),
  /** The file does not exist yet: create it with the edit's text. */
  createsFile: z.boolean().optional(),
});

type Fix = z.infer<typeof fixShape>;

export const suggestFix = defineTool({
  name: 'suggest_fix',
  title: 'Suggest the fix for a finding',
  description:
    'The quick fixes the editor offers for a finding at file:line, as text edits to apply (nothing is written). Fixes that change the schema come first.',
  input: {
    file: z.string().min(1).max(1000).describe('The file of the finding, relative to the workspace'),
    line: z.number().int().min(1).describe('The 1-based line of the finding'),
    code: z
      .enum(FINDING_CODES as [string, ...string[]])
      .optional()
      .describe('The finding code, where several findings share the line'),
  },
  output: {
    findings: z.array(findingShape),
    /** What to change, in words, where the change is the author's to choose (a client-rejects finding). */
    advice: z.array(z.string()),
    fixes: z.array(fixShape),
  },
  async run(args, context) {
    const set = await context.workspaces();
    const { workspace, file } = set.locate(args.file, 'file');
    const analysis = await workspace.analysis();
    const here = analysis.diagnostics.filter(
      (d) => d.file === file && d.range.start.line <= args.line - 1 && args.line - 1 <= d.range.end.line && (!args.code || d.code === args.code),
    );
    if (here.length === 0) {
      const lines = [...new Set(analysis.diagnostics.filter((d) => d.file === file).map((d) => d.range.start.line + 1))];
      throw new ToolInputError(
        `No finding${args.code ? ` ${args.code}` : ''} at ${args.file}:${args.line}` +
          (lines.length ? `; this file has findings on lines ${lines.join(', ')}.` : '; this file has none. Call check_tools for the findings.'),
      );
    }
    const fixes = [...(await schemaFixes(here, analysis, workspace, set)), ...quietingFixes(here, file, workspace.root, set)];
    return {
      findings: here.map((d) => findingView(d, set)),
      advice: [...new Set(here.flatMap((d) => (d.fix ? [d.fix] : [])))],
      fixes,
    };
  },
});

/** The fixes that change what ships: the finding's mechanical edit, a key renamed in each declaring variant, a registration shipped flattened. */
async function schemaFixes(here: readonly Diagnostic[], analysis: Analysis, workspace: AnalysedWorkspace, set: WorkspaceSet): Promise<Fix[]> {
  const byFile = (f: string) => analysis.diagnostics.filter((d) => d.file === f);
  const fixes: Fix[] = [];
  const seen = new Set<string>();
  const textOf = (f: string) => {
    const read = readWorkspaceFile(f);
    return 'text' in read ? read.text : undefined;
  };
  for (const d of here) {
    for (const fix of plannedFixes(d, textOf, analysis.tools)) {
      const id = `edit|${JSON.stringify(fix.edits)}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const edits = fix.edits.map((e) => editView({ file: e.file, start: e.range.start, end: e.range.end, newText: e.newText }, set));
      fixes.push({ title: fix.title, kind: 'edit', edits });
    }
  }
  for (const d of here) {
    if (d.rename && RENAMEABLE.has(d.code)) {
      for (const sibling of renameSiblings(d, byFile)) {
        const r = sibling.rename!;
        const id = `rename|${sibling.file}|${sibling.range.start.line}:${sibling.range.start.character}|${r.newName}`;
        if (seen.has(id)) continue;
        seen.add(id);
        const title = `Rename \`${r.key}\` in variant \`${r.variant}\` to \`${r.newName}\``;
        const outcome = await workspace.renameService().renameKey(sibling.file, sibling.range.start, r.key, r.newName, new Map());
        fixes.push(
          'reason' in outcome
            ? { title, kind: 'rename', edits: [], refused: outcome.reason }
            : { title, kind: 'rename', edits: outcome.edits.map((e) => editView(e, set)) },
        );
      }
    }
    if (d.code === 'union-shipped' && d.toolId) {
      const tool = analysis.tools.find((t) => t.id === d.toolId && canShipFlattened(t));
      if (!tool || seen.has(`ship|${tool.id}`)) continue;
      seen.add(`ship|${tool.id}`);
      const read = readWorkspaceFile(tool.location.file);
      if (!('text' in read)) continue;
      const fix = shipFlattenedFix(tool, read.text, offsetAt(read.text, tool.location.range.start));
      fixes.push(
        'refused' in fix
          ? { title: fix.title, kind: 'ship-flattened', edits: [], refused: fix.refused }
          : {
              title: fix.title,
              kind: 'ship-flattened',
              edits: fix.edits.map((e) =>
                editView({ file: tool.location.file, start: positionAt(read.text, e.start), end: positionAt(read.text, e.end), newText: e.newText }, set),
              ),
            },
      );
    }
  }
  return fixes;
}

/** Quieting a finding judged acceptable: its rule off in the project file, or a comment above its line. */
function quietingFixes(here: readonly Diagnostic[], file: string, root: string, set: WorkspaceSet): Fix[] {
  const configFile = path.join(root, PROJECT_CONFIG_FILE);
  const config = readWorkspaceFile(configFile);
  const configText = 'text' in config ? config.text : 'missing' in config ? '' : undefined;
  const source = readWorkspaceFile(file);
  const fixes: Fix[] = [];
  const offered = new Set<string>();
  for (const d of here) {
    if (NOT_TURNED_OFF.has(d.code)) continue;
    const keys = severityKeysOf(d);
    for (const key of keys) {
      if (offered.has(`off:${key}`) || configText === undefined) continue;
      offered.add(`off:${key}`);
      const newText = turnedOffText(configText, key);
      if (newText === undefined) continue;
      const lines = configText.split('\n');
      const end = { line: lines.length - 1, character: lines[lines.length - 1].length };
      fixes.push({
        title: `Turn off \`${key}\` for this project (${PROJECT_CONFIG_FILE})`,
        kind: 'turn-off',
        edits: [editView({ file: configFile, start: { line: 0, character: 0 }, end, newText }, set)],
        ...(configText ? {} : { createsFile: true }),
      });
    }
    const names = keys.join(', ');
    if (offered.has(`line:${d.range.start.line}:${names}`) || !('text' in source)) continue;
    offered.add(`line:${d.range.start.line}:${names}`);
    const edit = suppressionEdit(file, source.text, d.range.start.line, keys);
    if (edit) fixes.push({ title: `Suppress \`${names}\` on this line`, kind: 'suppress', edits: [editView(edit, set)] });
  }
  return fixes;
}

function editView(e: TextEditAt, set: WorkspaceSet): z.infer<typeof editShape> {
  return {
    file: set.display(e.file),
    startLine: e.start.line + 1,
    startColumn: e.start.character + 1,
    endLine: e.end.line + 1,
    endColumn: e.end.character + 1,
    newText: e.newText,
  };
}
