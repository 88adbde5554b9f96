/** The status bar's feed: what the server is doing and how many tools and problems it knows. */
import type { Connection } from 'vscode-languageserver';
import { STATUS_NOTIFICATION, type StatusParams } from './protocol';

export class StatusReporter {
  private last = '';

  constructor(private readonly connection: Connection) {}

  send(status: StatusParams): void {
    const key = JSON.stringify(status);
    if (key === this.last) return;
    this.last = key;
    void this.connection.sendNotification(STATUS_NOTIFICATION, status);
  }
}
