/**
 * Quick fix on collision-widened / enum-widened: rename the key in one declaring variant (one action per
 * variant) to the name the pipeline suggested, together with every reference TypeScript's rename finds, as one
 * versioned WorkspaceEdit. When the client can resolve code actions lazily, the edit is computed only for the
 * action the user picks.
 */
import { CodeActionKind, type CodeAction, type CodeActionParams, type TextDocumentEdit, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { contains, RENAMEABLE, renameSiblings, type Diagnostic, type RenameService, type ResultStore } from '../pipeline';
import { toLspDiagnostic } from './diagnostics';
import type { OpenDocuments } from './documents';
import { uriToPath } from './uris';

/** What a lazily resolved action carries until the user picks it. */
export interface RenameActionData {
  file: string;
  position: { line: number; character: number };
  key: string;
  newName: string;
}

export interface CodeActionCapabilities {
  lazyEdits: boolean;
  documentChanges: boolean;
}

/** Say why a fix has no edit: always in the log, and to the user (`show`) when they picked it. */
export type CannotApply = (message: string, show: boolean) => void;

/** Whether the results speak for a file's current text: positions from an older version would rename the wrong thing. */
export type IsFresh = (file: string) => boolean;

export function renameTitle(d: Diagnostic): string {
  const r = d.rename!;
  return `Rename \`${r.key}\` in variant \`${r.variant}\` to \`${r.newName}\``;
}

/** The rename quick fixes for the diagnostics under the requested range. */
export async function codeActionsAt(
  params: CodeActionParams,
  store: ResultStore,
  docs: OpenDocuments,
  renamer: RenameService,
  caps: CodeActionCapabilities,
  isFresh: IsFresh,
  cannot: CannotApply,
): Promise<CodeAction[]> {
  if (params.context.only && !params.context.only.some((k) => CodeActionKind.QuickFix.startsWith(k))) return [];
  const file = uriToPath(params.textDocument.uri);
  if (!file || !isFresh(file)) return [];
  const here = store
    .diagnosticsIn(file)
    .filter((d) => d.rename && RENAMEABLE.has(d.code) && (contains(d.range, params.range.start) || contains(params.range, d.range.start)));
  const actions: CodeAction[] = [];
  const seen = new Set<string>();
  for (const d of here) {
    for (const sibling of renameSiblings(d, (f) => store.diagnosticsIn(f)).filter((x) => isFresh(x.file))) {
      const id = `${sibling.file}|${sibling.range.start.line}:${sibling.range.start.character}|${sibling.rename!.newName}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const data: RenameActionData = { file: sibling.file, position: sibling.range.start, key: sibling.rename!.key, newName: sibling.rename!.newName };
      const action: CodeAction = {
        title: renameTitle(sibling),
        kind: CodeActionKind.QuickFix,
        diagnostics: [toLspDiagnostic(d, (f) => docs.uri(f))],
        data,
      };
      if (!caps.lazyEdits) {
        const edit = await renameEdit(data, docs, renamer, caps.documentChanges);
        // Not offered where it cannot work; the user who looks for it finds why in the log.
        if ('reason' in edit) {
          cannot(`${renameTitle(sibling)}: not offered, ${edit.reason}`, false);
          continue;
        }
        action.edit = edit;
      }
      actions.push(action);
    }
  }
  return actions;
}

/** Fill in the edit of an action returned without one. */
export async function resolveCodeAction(
  action: CodeAction,
  docs: OpenDocuments,
  renamer: RenameService,
  documentChanges: boolean,
  isFresh: IsFresh,
  cannot: CannotApply,
): Promise<CodeAction> {
  const data = action.data as RenameActionData | undefined;
  if (!data || action.edit) return action;
  if (!isFresh(data.file)) {
    cannot(`${action.title}: the file changed since it was analysed; try again once its findings are updated`, true);
    return action;
  }
  const edit = await renameEdit(data, docs, renamer, documentChanges);
  if ('reason' in edit) {
    cannot(`${action.title}: ${edit.reason}`, true);
    return action;
  }
  return { ...action, edit };
}

async function renameEdit(
  data: RenameActionData,
  docs: OpenDocuments,
  renamer: RenameService,
  documentChanges: boolean,
): Promise<WorkspaceEdit | { reason: string }> {
  const outcome = await renamer.renameKey(data.file, data.position, data.key, data.newName, docs.overlays());
  if ('reason' in outcome) return outcome;
  const edits = outcome.edits;
  const byFile = new Map<string, TextEdit[]>();
  for (const e of edits) {
    const list = byFile.get(e.file) ?? [];
    list.push({ range: { start: e.start, end: e.end }, newText: e.newText });
    byFile.set(e.file, list);
  }
  if (!documentChanges) {
    return { changes: Object.fromEntries([...byFile].map(([file, list]) => [docs.uri(file), list])) };
  }
  const changes: TextDocumentEdit[] = [...byFile].map(([file, list]) => ({
    textDocument: { uri: docs.uri(file), version: docs.version(file) ?? null },
    edits: list,
  }));
  return { documentChanges: changes };
}
