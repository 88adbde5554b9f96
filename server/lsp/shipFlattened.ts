/**
 * Quick fix on union-shipped: "Ship `name` flattened", the registration rewritten to go through the runtime package
 * (import added, schema and handler wrapped) as one versioned WorkspaceEdit. Offered as a disabled action that says
 * how to install the package when the workspace does not have it.
 */
import { createRequire } from 'node:module';
import { CodeActionKind, type CodeAction, type CodeActionParams, type WorkspaceEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { contains, readWorkspaceFile, type Diagnostic, type ResultStore, type ToolReport } from '../pipeline';
import { toLspDiagnostic } from './diagnostics';
import type { OpenDocuments } from './documents';
import { planShipFlattened, RUNTIME_PACKAGE } from './shipFlattenedEdit';
import { uriToPath } from './uris';

/** MCP SDK versions before this take raw shapes only: the fix registers the runtime's `.shape` there. */
const FIRST_SDK_WITH_SCHEMAS = [1, 20];

/**
 * The action's title; where the SDK takes only a raw shape and a root variant is strict or open, it says what the
 * SDK's own wrapping object costs, since the fix cannot keep it (the runtime package's README, "What holds").
 */
export function shipFlattenedTitle(tool: string, rawShapeLoss?: { sdkVersion: string }): string {
  const loss = rawShapeLoss ? ` (SDK ${rawShapeLoss.sdkVersion} takes a raw shape: keys no variant declares are dropped, not refused)` : '';
  return `Ship \`${tool}\` flattened${loss}`;
}

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
    const tool = store.tools().find((t) => t.kind === 'registration' && t.name === d.tool && !t.shipped?.flattened);
    if (!tool || done.has(tool.name) || !isFresh(tool.location.file)) continue;
    done.add(tool.name);
    const action = shipAction(d, tool, docs, documentChanges);
    if (action) actions.push(action);
  }
  return actions;
}

function shipAction(d: Diagnostic, tool: ToolReport, docs: OpenDocuments, documentChanges: boolean): CodeAction | undefined {
  const rawShapeOnly = takesRawShapesOnly(tool);
  const loss = rawShapeOnly && rootStrictness(tool) ? { sdkVersion: tool.shipped?.libraryVersion ?? '' } : undefined;
  const base: CodeAction = { title: shipFlattenedTitle(tool.name, loss), kind: CodeActionKind.QuickFix, diagnostics: [toLspDiagnostic(d, (f) => docs.uri(f))] };
  if (!installed(tool.location.file)) {
    return {
      ...base,
      disabled: { reason: `${RUNTIME_PACKAGE} is not installed in this workspace: run \`npm install ${RUNTIME_PACKAGE}\`, then apply this fix` },
    };
  }
  const file = tool.location.file;
  const document = docs.get(file) ?? fromDisk(file, docs.uri(file));
  if (!document) return undefined;
  const text = document.getText();
  const plan = planShipFlattened(text, file, document.offsetAt(tool.location.range.start), tool.name, { rawShapeOnly });
  if ('refused' in plan) return { ...base, disabled: { reason: plan.refused } };
  const edits = plan.edits.map((e) => ({ range: { start: document.positionAt(e.start), end: document.positionAt(e.end) }, newText: e.newText }));
  const edit: WorkspaceEdit = documentChanges
    ? { documentChanges: [{ textDocument: { uri: docs.uri(file), version: docs.version(file) ?? null }, edits }] }
    : { changes: { [docs.uri(file)]: edits } };
  return { ...base, edit };
}

/** Whether the runtime package resolves from the file, as the server's own import of it will (resolution only, nothing runs). */
function installed(file: string): boolean {
  try {
    createRequire(file).resolve(`${RUNTIME_PACKAGE}/package.json`);
    return true;
  } catch {
    return false;
  }
}

function takesRawShapesOnly(tool: ToolReport): boolean {
  if (tool.sdk !== 'mcp' || tool.shipped?.library !== '@modelcontextprotocol/sdk' || !tool.shipped.libraryVersion) return false;
  const [major, minor] = tool.shipped.libraryVersion.split('.').map(Number);
  return major < FIRST_SDK_WITH_SCHEMAS[0] || (major === FIRST_SDK_WITH_SCHEMAS[0] && minor < FIRST_SDK_WITH_SCHEMAS[1]);
}

/** Whether a variant of a root union is strict or open (the flatten reports each as strictness-dropped at the root). */
function rootStrictness(tool: ToolReport): boolean {
  return (tool.flattened?.losses ?? []).some((f) => f.code === 'strictness-dropped' && f.path.length === 0);
}

function fromDisk(file: string, uri: string): TextDocument | undefined {
  const read = readWorkspaceFile(file);
  return 'text' in read ? TextDocument.create(uri, 'typescript', 0, read.text) : undefined;
}
