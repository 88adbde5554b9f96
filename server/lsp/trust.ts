/**
 * Workspace trust decides whether workspace code may run (in the pipeline's child processes). The VS Code client
 * always sends `initializationOptions.isTrusted`. Other editors (Neovim, Helix, Zed, Emacs) start
 * `tool-schema-lens lsp --stdio` from the user's own configuration and send nothing: that start is itself the
 * user's decision, so an absent flag over stdio means trusted. Over IPC (only the extension starts us that way)
 * an absent flag means untrusted. Trust fails closed: a flag that was sent trusts only when it is the boolean `true`
 * (`false`, `"true"`, `"false"`, `0`, `1`, `null` are all untrusted), and the log says what was received.
 */
import { MessageType, type Connection } from 'vscode-languageserver';
import { sendAndForget } from './unanswered';

export type Transport = 'stdio' | 'node-ipc' | 'other';

export function transportFromArgv(argv: readonly string[]): Transport {
  if (argv.includes('--stdio')) return 'stdio';
  if (argv.includes('--node-ipc')) return 'node-ipc';
  return 'other';
}

export function isTrusted(flag: unknown, transport: Transport, sent = flag !== undefined): boolean {
  if (sent) return flag === true;
  return transport === 'stdio';
}

/** The log line that says how trust was decided, from what the client sent. */
export function trustDecision(flag: unknown, transport: Transport, sent = flag !== undefined): string {
  const trusted = isTrusted(flag, transport, sent);
  const received = sent
    ? `initializationOptions.isTrusted was ${JSON.stringify(flag) ?? String(flag)}`
    : `no initializationOptions.isTrusted over ${transport}`;
  const odd = sent && typeof flag !== 'boolean' ? ' (only the boolean true trusts)' : '';
  return `Tool Schema Lens: workspace ${trusted ? 'trusted' : 'not trusted'}: ${received}${odd}`;
}

export const UNTRUSTED_NOTICE =
  'Tool Schema Lens: this workspace is not trusted, so its tool schemas are not evaluated and nothing of it runs. ' +
  'Trust the workspace to see what the model will see.';

/** Tell the user once per server that nothing runs (never silent nothing). */
export class TrustNotice {
  private shown = false;
  constructor(private readonly connection: Connection) {}

  show(): void {
    if (this.shown) return;
    this.shown = true;
    sendAndForget(() => this.connection.sendNotification('window/showMessage', { type: MessageType.Warning, message: UNTRUSTED_NOTICE }));
  }
}
