/**
 * A finding as the MCP tools answer it: the fields of `check --format json`'s diagnostics (file relative to the
 * workspace, 1-based lines and columns, the dotted schema path, the message, a client finding's targets and rule),
 * plus `fix` where the engine words it apart. One shape for check_tools and suggest_fix.
 */
import { z } from 'zod';
import { dottedPath, oneBasedRange, type Diagnostic } from '../pipeline';
import type { WorkspaceSet } from './workspaces';

export const findingShape = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  endLine: z.number().int(),
  endColumn: z.number().int(),
  severity: z.enum(['error', 'warning', 'information']),
  code: z.string(),
  /** The check that raised it, where the code has several; for client-rejects the profile rule. */
  rule: z.string().optional(),
  tool: z.string().nullable(),
  path: z.string(),
  message: z.string(),
  targets: z.array(z.string()).optional(),
  fix: z.string().optional(),
});

export type FindingView = z.infer<typeof findingShape>;

export function findingView(d: Diagnostic, set: WorkspaceSet): FindingView {
  return {
    file: set.display(d.file),
    ...oneBasedRange(d.range),
    severity: d.severity,
    code: d.code,
    ...(d.rule ? { rule: d.rule } : {}),
    tool: d.tool ?? null,
    path: dottedPath(d.path),
    message: d.message,
    ...(d.targets ? { targets: d.targets } : {}),
    ...(d.fix ? { fix: d.fix } : {}),
  };
}
