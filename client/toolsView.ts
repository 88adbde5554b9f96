/**
 * The Tool Schemas view in the Explorer: servers (workspace folders) → their tools, each with its tokens and
 * problems and a warning icon where a client refuses it; a click goes to the registration. Everything shown comes
 * from `toolSchemaLens/listTools`; this file only groups and renders it.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ListToolsRequest, type ServerSummary, type StatusParams, type ToolSummary } from '../protocol';
import { emptyViewMessage, toolItemText, serverItemText, toolIcon } from './toolsViewText';

export const TOOLS_VIEW_ID = 'toolSchemaLens.tools';
export const REFRESH_TOOLS_COMMAND = 'toolSchemaLens.refreshTools';

export type ToolsNode = { kind: 'server'; server: ServerSummary; tools: ToolSummary[] } | { kind: 'tool'; tool: ToolSummary };

export class ToolsView implements vscode.TreeDataProvider<ToolsNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ToolsNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  /** Set by the extension: the tree view, whose message says why it is empty. */
  view?: vscode.TreeView<ToolsNode>;
  private status?: StatusParams;

  constructor(private readonly client: () => LanguageClient | undefined) {}

  refresh(status?: StatusParams): void {
    if (status) this.status = status;
    this.changed.fire(undefined);
  }

  async getChildren(node?: ToolsNode): Promise<ToolsNode[]> {
    if (node?.kind === 'server') return node.tools.map((tool) => ({ kind: 'tool', tool }));
    if (node) return [];
    const client = this.client();
    if (!client?.isRunning()) return this.empty([]);
    const tools = ((await client.sendRequest(ListToolsRequest, {})) ?? []).filter((t) => t.kind !== 'exported');
    if (tools.length === 0) return this.empty([]);
    if (this.view) this.view.message = undefined;
    const servers = new Map<string, { kind: 'server'; server: ServerSummary; tools: ToolSummary[] }>();
    for (const tool of tools) {
      const entry = servers.get(tool.server.uri) ?? { kind: 'server' as const, server: tool.server, tools: [] };
      entry.tools.push(tool);
      servers.set(tool.server.uri, entry);
    }
    // Heaviest first: the tools worth looking at when a window fills up.
    for (const s of servers.values()) s.tools.sort((a, b) => b.tokens.total - a.tokens.total || a.name.localeCompare(b.name));
    return [...servers.values()].sort((a, b) => a.server.name.localeCompare(b.server.name));
  }

  private empty(nodes: ToolsNode[]): ToolsNode[] {
    if (this.view) this.view.message = emptyViewMessage(this.status);
    return nodes;
  }

  getTreeItem(node: ToolsNode): vscode.TreeItem {
    if (node.kind === 'server') {
      const text = serverItemText(node.server, node.tools);
      const item = new vscode.TreeItem(node.server.name, vscode.TreeItemCollapsibleState.Expanded);
      item.description = text.description;
      item.tooltip = text.tooltip;
      item.iconPath = new vscode.ThemeIcon('server');
      item.contextValue = 'server';
      return item;
    }
    const { tool } = node;
    const text = toolItemText(tool);
    const item = new vscode.TreeItem(tool.name, vscode.TreeItemCollapsibleState.None);
    item.description = text.description;
    // Theme icons on: the tooltip's `$(warning)` is drawn as the icon.
    item.tooltip = new vscode.MarkdownString(text.tooltip, true);
    const icon = toolIcon(tool);
    item.iconPath = icon === 'warning' ? new vscode.ThemeIcon(icon, new vscode.ThemeColor('problemsWarningIcon.foreground')) : new vscode.ThemeIcon(icon);
    item.contextValue = 'tool';
    const start = new vscode.Position(tool.range.start.line, tool.range.start.character);
    item.command = {
      title: 'Go to Registration',
      command: 'vscode.open',
      arguments: [vscode.Uri.parse(tool.uri), { selection: new vscode.Range(start, start) } satisfies vscode.TextDocumentShowOptions],
    };
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
