/** The status bar's feed: what the server is doing and how many tools and problems it knows. */
import type { Connection } from 'vscode-languageserver';
import { StatusNotification, type StatusParams } from '../../protocol';
import { sendAndForget } from './unanswered';

export class StatusReporter {
  private last = '';

  constructor(private readonly connection: Connection) {}

  send(status: StatusParams): void {
    const key = JSON.stringify(status);
    if (key === this.last) return;
    this.last = key;
    sendAndForget(() => this.connection.sendNotification(StatusNotification, status));
  }
}

/** One status for the client however many workspace folders the server serves. */
export class StatusAggregator {
  private readonly parts = new Map<object, StatusParams>();

  constructor(private readonly reporter: StatusReporter) {}

  update(source: object, status: StatusParams): void {
    this.parts.set(source, status);
    this.reporter.send(combine([...this.parts.values()]));
  }
}

const PRECEDENCE: StatusParams['state'][] = ['starting', 'analysing', 'untrusted', 'idle', 'disabled'];

function combine(parts: StatusParams[]): StatusParams {
  const active = parts.filter((p) => p.state !== 'disabled');
  if (active.length === 0) return { state: 'disabled', tools: 0, problems: 0 };
  const state = PRECEDENCE.find((s) => active.some((p) => p.state === s))!;
  const tools = active.reduce((n, p) => n + p.tools, 0);
  const problems = active.reduce((n, p) => n + p.problems, 0);
  const detail = active.find((p) => p.state === state && p.detail)?.detail;
  const notEvaluated = active.reduce((n, p) => n + (p.notEvaluated ?? 0), 0);
  return { state, tools, problems, ...(detail ? { detail } : {}), ...(notEvaluated ? { notEvaluated } : {}) };
}
