/**
 * "Show Advertised Schema": ask the server which tool is at the cursor (else let the user pick one)
 * and open the JSON Schema the model receives as a read-only document beside the source.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ListToolsRequest, SHOW_ADVERTISED_SCHEMA_COMMAND, type ListToolsParams, type ListToolsResult, type ToolSummary } from '../protocol';
import type { ToolsNode } from './toolsView';

export { SHOW_ADVERTISED_SCHEMA_COMMAND };
export const ADVERTISED_SCHEME = 'tool-schema-lens';

/** Serves `tool-schema-lens:/<tool>.jsonc` documents; a custom scheme with no file system behind it is read-only. */
export class AdvertisedSchemaDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  /** Remember a tool's advertised schema; returns the URI of its document. */
  set(tool: ToolSummary): vscode.Uri {
    const uri = this.uriOf(tool);
    const key = uri.toString();
    // The server words where the schema came from; the client only lays it out.
    const flattened = tool.flattened ? `\n// ${tool.flattened.heading}\n${JSON.stringify(tool.flattened.advertised, null, 2)}\n` : '';
    const definition = tool.definition ? `\n// ${tool.definition.heading}\n${JSON.stringify(tool.definition.value, null, 2)}\n` : '';
    const text = `// ${tool.source}\n${JSON.stringify(tool.advertised, null, 2)}\n${flattened}${definition}`;
    const previous = this.contents.get(key);
    this.contents.set(key, text);
    if (previous !== undefined && previous !== text) this.changed.fire(uri);
    return uri;
  }

  /** Remember one side of a comparison (`as written`, `flattened`); returns the URI of its document. */
  setSchema(tool: ToolSummary, side: string, schema: unknown): vscode.Uri {
    const safeName = tool.name.replace(/[^\w.-]+/g, '_') || 'tool';
    const uri = vscode.Uri.from({ scheme: ADVERTISED_SCHEME, path: `/${safeName} (${side}).jsonc`, query: `source=${tool.uri}` });
    const key = uri.toString();
    const text = `${JSON.stringify(schema, null, 2)}\n`;
    const previous = this.contents.get(key);
    this.contents.set(key, text);
    if (previous !== undefined && previous !== text) this.changed.fire(uri);
    return uri;
  }

  /**
   * Re-read the tools behind the schema documents still open, so a preview follows the source as it is
   * edited; called when the server finishes an analysis.
   */
  async refresh(client: LanguageClient): Promise<void> {
    const open = vscode.workspace.textDocuments.filter((d) => d.uri.scheme === ADVERTISED_SCHEME && this.contents.has(d.uri.toString()));
    if (open.length === 0 || !client.isRunning()) return;
    const tools = await listTools(client, {});
    for (const tool of tools) {
      const uri = this.uriOf(tool).toString();
      if (open.some((d) => d.uri.toString() === uri)) this.set(tool);
    }
  }

  /** The document URI for a tool; the source file in the query keeps same-named tools of two files apart. */
  private uriOf(tool: ToolSummary): vscode.Uri {
    const safeName = tool.name.replace(/[^\w.-]+/g, '_') || 'tool';
    // `.jsonc`: the document opens with a header comment, which JSON mode would report as three errors.
    return vscode.Uri.from({ scheme: ADVERTISED_SCHEME, path: `/${safeName}.jsonc`, query: `source=${tool.uri}` });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '// This tool is no longer known to the Tool Schema Lens server.\n';
  }

  dispose(): void {
    this.changed.dispose();
  }
}

async function listTools(client: LanguageClient, params: ListToolsParams): Promise<ListToolsResult> {
  return (await client.sendRequest(ListToolsRequest, params)) ?? [];
}

async function toolFor(client: LanguageClient, target: ListToolsParams | ToolsNode | undefined): Promise<ToolSummary | undefined> {
  if (!target || typeof target !== 'object') return undefined;
  if ('kind' in target) return target.kind === 'tool' ? target.tool : undefined;
  if (!target.uri || !target.position) return undefined;
  const here = await listTools(client, target);
  // A loop or a registry registers many tools at one place: its lens shows all, one at a time.
  return here.length > 1 ? choose(here, `${here.length} tools registered here`) : here[0];
}

async function choose(tools: ListToolsResult, placeHolder: string): Promise<ToolSummary | undefined> {
  const items = tools.map((tool) => {
    const file = vscode.workspace.asRelativePath(vscode.Uri.parse(tool.uri));
    return {
      label: tool.name,
      description: `${file}:${tool.range.start.line + 1}`,
      detail: tool.mountable ? undefined : '$(error) not mountable: the probe refuses this tool',
      tool,
    };
  });
  const picked = await vscode.window.showQuickPick(items, { title: 'Show Advertised Schema', placeHolder, matchOnDescription: true });
  return picked?.tool;
}

async function pickTool(client: LanguageClient): Promise<ToolSummary | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (editor) {
    const { line, character } = editor.selection.active;
    const params: ListToolsParams = { uri: client.code2ProtocolConverter.asUri(editor.document.uri), position: { line, character } };
    const atCursor = await listTools(client, params);
    if (atCursor.length > 0) return atCursor[0];
  }
  const all = await listTools(client, {});
  if (all.length === 0) {
    void vscode.window.showInformationMessage('Tool Schema Lens found no tool schemas in this workspace (yet).');
    return undefined;
  }
  return choose(all, 'Which tool? (no tool at the cursor)');
}

/** The command's handler; `getClient` returns the running client, if any. */
export function showAdvertisedSchema(getClient: () => LanguageClient | undefined, documents: AdvertisedSchemaDocuments) {
  // Arguments: none (the cursor), a code lens's `{ uri, position }`, or a Tools view item.
  return async (target?: ListToolsParams | ToolsNode): Promise<void> => {
    const client = getClient();
    if (!client || !client.isRunning()) {
      void vscode.window.showWarningMessage('The Tool Schema Lens server is not running.');
      return;
    }
    const tool = (await toolFor(client, target)) ?? (await pickTool(client));
    if (!tool) return;
    const uri = documents.set(tool);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: false });
  };
}
