/**
 * "Compare Shipped and Flattened": VS Code's diff editor on two read-only documents for the tool at the cursor (or
 * the Tools view item): its input schema as written (what a server that does not flatten ships) and flattened, both
 * computed by the server's engine. The client fetches and shows; it computes nothing.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ListToolsRequest, type ListToolsParams, type ToolSummary } from '../protocol';
import type { AdvertisedSchemaDocuments } from './showAdvertisedSchema';
import type { ToolsNode } from './toolsView';

export const COMPARE_SCHEMAS_COMMAND = 'toolSchemaLens.compareSchemas';

async function toolAt(client: LanguageClient, node: ToolsNode | undefined): Promise<ToolSummary | undefined> {
  let params: ListToolsParams | undefined;
  if (node?.kind === 'tool') params = { uri: node.tool.uri, position: node.tool.range.start };
  else {
    const editor = vscode.window.activeTextEditor;
    if (editor) params = { uri: client.code2ProtocolConverter.asUri(editor.document.uri), position: editor.selection.active };
  }
  if (!params) return undefined;
  const [tool] = (await client.sendRequest(ListToolsRequest, params)) ?? [];
  return tool;
}

export function compareSchemas(getClient: () => LanguageClient | undefined, documents: AdvertisedSchemaDocuments) {
  return async (node?: ToolsNode): Promise<void> => {
    const client = getClient();
    if (!client?.isRunning()) {
      void vscode.window.showWarningMessage('The Tool Schema Lens server is not running.');
      return;
    }
    const tool = await toolAt(client, node);
    if (!tool) {
      void vscode.window.showInformationMessage('Tool Schema Lens: put the cursor on a tool registration (or pick one in the Tool Schemas view) to compare.');
      return;
    }
    if (!tool.compare) {
      void vscode.window.showInformationMessage(`Tool Schema Lens: flattening changes nothing in ${tool.name}: it has no union to flatten.`);
      return;
    }
    const left = documents.setSchema(tool, 'as written', tool.compare.asWritten);
    const right = documents.setSchema(tool, 'flattened', tool.compare.flattened);
    await vscode.commands.executeCommand('vscode.diff', left, right, `${tool.name}: as written ↔ flattened`, { preview: true });
  };
}
