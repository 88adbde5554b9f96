/**
 * Quick fix on union-shipped: "Ship `name` flattened", the registration rewritten to go through the runtime package
 * (import added, schema and handler wrapped) as one versioned WorkspaceEdit. Offered as a disabled action that says
 * how to install the package when the workspace does not have it.
 */
import { CodeActionKind, type CodeAction, type CodeActionParams, type WorkspaceEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { canShipFlattened, contains, readWorkspaceFile, shipFlattenedFix, type Diagnostic, type ResultStore, type ToolReport } from '../pipeline';
import { toLspDiagnostic } from './diagnostics';
import type { OpenDocuments } from './documents';
import { uriToPath } from './uris';

/** The "Ship flattened" actions for the union-shipped diagnostics under the requested range. */
export function shipFlattenedActions(
  params: CodeActionParams,
  store: ResultStore,
  docs: OpenDocuments,
  documentChanges: boolean,
  isFresh: (file: string) => boolean,
): CodeAction[] {
  if (params.context.only && !params.context.only.some((k) => CodeActionKind.QuickFix.startsWith(k))) return [];
  const file = uriToPath(params.textDocument.uri);
  if (!file || !isFresh(file)) return [];
  const here = store
    .diagnosticsIn(file)
    .filter((d) => d.code === 'union-shipped' && d.tool && (contains(d.range, params.range.start) || contains(params.range, d.range.start)));
  const actions: CodeAction[] = [];
  const done = new Set<string>();
  for (const d of here) {
    const tool = store.tools().find((t) => t.name === d.tool && canShipFlattened(t));
    if (!tool || done.has(tool.name) || !isFresh(tool.location.file)) continue;
    done.add(tool.name);
    const action = shipAction(d, tool, docs, documentChanges);
    if (action) actions.push(action);
  }
  return actions;
}

function shipAction(d: Diagnostic, tool: ToolReport, docs: OpenDocuments, documentChanges: boolean): CodeAction | undefined {
  const file = tool.location.file;
  const document = docs.get(file) ?? fromDisk(file, docs.uri(file));
  if (!document) return undefined;
  const fix = shipFlattenedFix(tool, document.getText(), document.offsetAt(tool.location.range.start));
  const base: CodeAction = { title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [toLspDiagnostic(d, (f) => docs.uri(f))] };
  if ('refused' in fix) return { ...base, disabled: { reason: fix.refused } };
  const edits = fix.edits.map((e) => ({ range: { start: document.positionAt(e.start), end: document.positionAt(e.end) }, newText: e.newText }));
  const edit: WorkspaceEdit = documentChanges
    ? { documentChanges: [{ textDocument: { uri: docs.uri(file), version: docs.version(file) ?? null }, edits }] }
    : { changes: { [docs.uri(file)]: edits } };
  return { ...base, edit };
}

function fromDisk(file: string, uri: string): TextDocument | undefined {
  const read = readWorkspaceFile(file);
  return 'text' in read ? TextDocument.create(uri, 'typescript', 0, read.text) : undefined;
}
