/**
 * The `toolSchemaLens.*` settings the user set (user, workspace or folder), without VS Code's defaults: the server
 * layers them over the project's `toolschemalens.config.json`, so a default must never hide what the project file
 * says. The keys come from the extension's own manifest.
 */
import * as vscode from 'vscode';

/** The section as nested objects (`evaluation.timeoutMs` → `{ evaluation: { timeoutMs } }`), only the keys set. */
export function explicitSettings(section: string, keys: readonly string[], scope: vscode.Uri | undefined): Record<string, unknown> {
  const configuration = vscode.workspace.getConfiguration(undefined, scope);
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (!key.startsWith(`${section}.`)) continue;
    const seen = configuration.inspect(key);
    const value = seen?.workspaceFolderValue ?? seen?.workspaceValue ?? seen?.globalValue;
    if (value === undefined) continue;
    const parts = key.slice(section.length + 1).split('.');
    let at = out;
    for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[parts[parts.length - 1]] = value;
  }
  return out;
}

/** The setting keys the extension declares. */
export function declaredSettingKeys(context: vscode.ExtensionContext): string[] {
  const manifest = context.extension.packageJSON as { contributes?: { configuration?: { properties?: Record<string, unknown> } } };
  return Object.keys(manifest.contributes?.configuration?.properties ?? {});
}
