/**
 * The pipeline's mechanical fixes (pipeline/fixes) as quick fixes: offered before any switch, the first one
 * preferred, so the editor's "apply the preferred fix" makes the change the finding's message describes.
 */
import { CodeActionKind, type CodeAction, type CodeActionParams, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { contains, plannedFixes, readWorkspaceFile, type PlannedEdit, type ResultStore } from '../pipeline';
import { toLspDiagnostic } from './diagnostics';
import type { OpenDocuments } from './documents';
import { uriToPath } from './uris';

export function plannedFixActions(params: CodeActionParams, store: ResultStore, docs: OpenDocuments, documentChanges: boolean): CodeAction[] {
  if (params.context.only && !params.context.only.some((k) => CodeActionKind.QuickFix.startsWith(k))) return [];
  const file = uriToPath(params.textDocument.uri);
  if (!file) return [];
  const textOf = (f: string) => {
    const open = docs.get(f)?.getText();
    if (open !== undefined) return open;
    const read = readWorkspaceFile(f);
    return 'text' in read ? read.text : undefined;
  };
  const actions: CodeAction[] = [];
  const offered = new Set<string>();
  for (const d of store.diagnosticsIn(file)) {
    if (!contains(d.range, params.range.start) && !contains(params.range, d.range.start)) continue;
    for (const fix of plannedFixes(d, textOf, store.tools())) {
      const id = JSON.stringify(fix.edits);
      if (offered.has(id)) continue;
      offered.add(id);
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [toLspDiagnostic(d, (f) => docs.uri(f))],
        isPreferred: actions.length === 0,
        edit: workspaceEdit(fix.edits, docs, documentChanges),
      });
    }
  }
  return actions;
}

function workspaceEdit(edits: readonly PlannedEdit[], docs: OpenDocuments, documentChanges: boolean): WorkspaceEdit {
  const byFile = new Map<string, TextEdit[]>();
  for (const e of edits) byFile.set(e.file, [...(byFile.get(e.file) ?? []), { range: e.range, newText: e.newText }]);
  if (!documentChanges) return { changes: Object.fromEntries([...byFile].map(([f, list]) => [docs.uri(f), list])) };
  return { documentChanges: [...byFile].map(([f, list]) => ({ textDocument: { uri: docs.uri(f), version: docs.version(f) ?? null }, edits: list })) };
}
