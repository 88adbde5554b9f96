/**
 * The status bar item: what the server last said it is doing (STATUS_NOTIFICATION). Clicking it
 * opens the output channel, where the details and any trace are.
 */
import * as vscode from 'vscode';
import type { StatusParams } from '../server/lsp/protocol';

export const SHOW_OUTPUT_COMMAND = 'toolSchemaLens.showOutput';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The item's text and tooltip for one status, kept pure so it reads as a table. */
export function describeStatus(status: StatusParams): { text: string; tooltip: string } {
  const detail = status.detail ? `\n${status.detail}` : '';
  switch (status.state) {
    case 'starting':
      return { text: '$(loading~spin) Tool Schema Lens', tooltip: `Tool Schema Lens: starting${detail}` };
    case 'analysing':
      return { text: '$(loading~spin) Tool schemas: analysing…', tooltip: `Tool Schema Lens: analysing the workspace${detail}` };
    case 'untrusted':
      return {
        text: '$(shield) Tool schemas: not trusted',
        tooltip: `Tool Schema Lens does not run workspace code until you trust this workspace.${detail}`,
      };
    case 'disabled':
      return { text: '$(circle-slash) Tool schemas: off', tooltip: `Tool Schema Lens is disabled by \`toolSchemaLens.enable\`.${detail}` };
    case 'idle': {
      const tools = plural(status.tools, 'tool', 'tools');
      if (status.problems === 0) return { text: `$(check) ${tools}`, tooltip: `Tool Schema Lens: ${tools}, no problems${detail}` };
      const problems = plural(status.problems, 'problem', 'problems');
      return { text: `$(warning) ${tools}, ${problems}`, tooltip: `Tool Schema Lens: ${tools}, ${problems}${detail}` };
    }
  }
}

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('toolSchemaLens.status', vscode.StatusBarAlignment.Left, 0);

  constructor() {
    this.item.name = 'Tool Schema Lens';
    this.item.command = SHOW_OUTPUT_COMMAND;
    this.update({ state: 'starting', tools: 0, problems: 0 });
    this.item.show();
  }

  update(status: StatusParams): void {
    const { text, tooltip } = describeStatus(status);
    this.item.text = text;
    this.item.tooltip = tooltip;
  }

  /** The server is gone (crashed or stopping): say so rather than show stale counts. */
  stopped(): void {
    this.item.text = '$(debug-disconnect) Tool schemas: stopped';
    this.item.tooltip = 'The Tool Schema Lens server is not running. Run "Tool Schema Lens: Restart Server".';
  }

  dispose(): void {
    this.item.dispose();
  }
}
