/**
 * The status bar item: what the server last said it is doing (StatusNotification). Clicking it
 * opens the output channel, where the details and any trace are.
 */
import * as vscode from 'vscode';
import type { StatusParams } from '../protocol';
import { describeStatus, STOPPED_STATUS } from './statusText';

export const SHOW_OUTPUT_COMMAND = 'toolSchemaLens.showOutput';

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
    this.item.text = STOPPED_STATUS.text;
    this.item.tooltip = STOPPED_STATUS.tooltip;
  }

  dispose(): void {
    this.item.dispose();
  }
}
