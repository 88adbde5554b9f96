/**
 * Reading `toolSchemaLens.*`: through `workspace/configuration` when the client offers it, else from what the
 * client pushes (`initializationOptions.settings`, `didChangeConfiguration` params). Plus the server-only knobs
 * that only initializationOptions carry.
 */
import type { Connection } from 'vscode-languageserver';
import { layerSettings, type Settings } from '../settings';
import { readProjectConfig } from '../projectConfig';
import type { Diagnostic } from '../pipeline';

export const SETTINGS_SECTION = 'toolSchemaLens';
export const DEFAULT_DEBOUNCE_MS = 200;

/** initializationOptions we understand. */
export interface InitOptions {
  /** The client's workspace trust as sent (any JSON value: only `true` trusts); absent means "decided by how we were started" (see trust.ts). */
  isTrusted?: unknown;
  /** Whether the client sent `isTrusted` at all (`null` and `"false"` are sent, and untrusted). */
  trustSent: boolean;
  /** Quiet period after a keystroke before analysing, milliseconds (0 for benchmarks). */
  debounceMs?: number;
  /** Settings for clients without `workspace/configuration`. */
  settings?: unknown;
  /** List findings in the hover (false where the editor shows diagnostics in the hover itself). */
  hoverFindings: boolean;
  /** The client runs the hover's `command:` links. */
  commandLinks: boolean;
}

export function readInitOptions(raw: unknown): InitOptions {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    isTrusted: r.isTrusted,
    trustSent: 'isTrusted' in r,
    debounceMs: typeof r.debounceMs === 'number' && r.debounceMs >= 0 ? Math.min(r.debounceMs, 5000) : undefined,
    hoverFindings: r.hoverFindings !== false,
    commandLinks: r.commandLinks === true,
    // `settings` (ours), or the section itself at the top level (Helix sends its `config` table as is).
    settings: r.settings !== undefined ? sectionOf(r.settings) : r[SETTINGS_SECTION],
  };
}

/** `{ toolSchemaLens: {...} }` or the section itself. */
export function sectionOf(raw: unknown): unknown {
  if (raw && typeof raw === 'object' && SETTINGS_SECTION in raw) return (raw as Record<string, unknown>)[SETTINGS_SECTION];
  return raw;
}

export class SettingsSource {
  /** The last pushed settings, for clients that cannot be asked. */
  private pushed: unknown;

  constructor(
    private readonly connection: Connection,
    private readonly canAsk: boolean,
    private readonly scopeUri: string | undefined,
    initial: unknown,
    /** The workspace folder, where its project file lives. */
    private readonly root?: string,
  ) {
    this.pushed = initial;
  }

  /** Remember settings a client pushed with didChangeConfiguration (ignored when we ask instead). */
  push(raw: unknown): void {
    const section = sectionOf(raw);
    if (section && typeof section === 'object') this.pushed = section;
  }

  /** The settings of this folder: its project file (toolschemalens.config.json), then what the editor says the user set. */
  async read(): Promise<{ settings: Settings; problems: Diagnostic[] }> {
    const project = this.root ? readProjectConfig(this.root) : undefined;
    const editor = await this.editorSettings();
    return { settings: layerSettings(project?.section, editor), problems: project?.problems ?? [] };
  }

  private async editorSettings(): Promise<unknown> {
    if (this.canAsk) {
      try {
        const answers: unknown[] = await this.connection.workspace.getConfiguration([{ section: SETTINGS_SECTION, scopeUri: this.scopeUri }]);
        const raw = answers[0];
        if (raw && typeof raw === 'object') return raw;
      } catch {
        // A client that advertises configuration but fails the request: fall back to what it pushed.
      }
    }
    return this.pushed;
  }
}
