/**
 * Quick fixes that quiet a finding the user has judged: "Turn off `codex/format` for this project" (the rule set to
 * `off` in toolschemalens.config.json, created if need be, so CI agrees with the editor) and "Suppress `union-kept`
 * on this line" (a `// tool-schema-lens-disable-next-line` comment above it, indented like the line).
 */
import { CodeActionKind, type CodeAction, type CodeActionParams, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import * as path from 'node:path';
import {
  contains,
  NOT_TURNED_OFF,
  readWorkspaceFile,
  severityKeysOf,
  suppressionEdit as plannedSuppression,
  targetLabel,
  turnedOffText,
  type Diagnostic,
  type ResultStore,
} from '../pipeline';
import { PROJECT_CONFIG_FILE } from '../projectConfig';
import { toLspDiagnostic } from './diagnostics';
import type { OpenDocuments } from './documents';
import { pathToUri, uriToPath } from './uris';

export function turnOffActions(params: CodeActionParams, store: ResultStore, docs: OpenDocuments, root: string, documentChanges: boolean): CodeAction[] {
  if (params.context.only && !params.context.only.some((k) => CodeActionKind.QuickFix.startsWith(k))) return [];
  const file = uriToPath(params.textDocument.uri);
  if (!file) return [];
  const here = store
    .diagnosticsIn(file)
    .filter((d) => !NOT_TURNED_OFF.has(d.code) && (contains(d.range, params.range.start) || contains(params.range, d.range.start)));
  const config = configText(root);
  const actions: CodeAction[] = [];
  const offered = new Set<string>();
  for (const d of here) {
    const diagnostics = [toLspDiagnostic(d, (f) => docs.uri(f))];
    const keys = severityKeysOf(d);
    // One switch per rule, however many clients it names: the rule off for each of them at once.
    const offKey = keys.join('\0');
    if (!offered.has(`off:${offKey}`) && config !== undefined) {
      offered.add(`off:${offKey}`);
      const edit = configEdit(root, config, keys, documentChanges);
      if (edit) actions.push({ title: turnOffTitle(d, keys), kind: CodeActionKind.QuickFix, diagnostics, edit, isPreferred: false });
    }
    const line = d.range.start.line;
    const names = keys.join(', ');
    if (offered.has(`line:${line}:${names}`)) continue;
    offered.add(`line:${line}:${names}`);
    const edit = suppressionEdit(file, line, names, docs, documentChanges);
    if (edit) actions.push({ title: `Suppress \`${names}\` on this line`, kind: CodeActionKind.QuickFix, diagnostics, edit, isPreferred: false });
  }
  return actions;
}

/** `Turn off \`ref\` for Claude Code, Cursor, VS Code Copilot (toolschemalens.config.json)`, or a code for the project. */
function turnOffTitle(d: Diagnostic, keys: readonly string[]): string {
  if (d.code === 'client-rejects' && d.rule && d.targets?.length) {
    const clients = d.targets.map(targetLabel).sort((a, b) => a.localeCompare(b));
    return `Turn off \`${d.rule}\` for ${clients.join(', ')} (${PROJECT_CONFIG_FILE})`;
  }
  return `Turn off \`${keys.join(', ')}\` for this project (${PROJECT_CONFIG_FILE})`;
}

/** The project file's text ('' when there is none yet), or undefined when it cannot be edited safely (it does not parse). */
function configText(root: string): string | undefined {
  const read = readWorkspaceFile(path.join(root, PROJECT_CONFIG_FILE));
  if ('missing' in read) return '';
  if ('skipped' in read) return undefined;
  try {
    const parsed: unknown = JSON.parse(read.text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? read.text : undefined;
  } catch {
    return undefined;
  }
}

function configEdit(root: string, text: string, keys: readonly string[], documentChanges: boolean): WorkspaceEdit | undefined {
  const file = path.join(root, PROJECT_CONFIG_FILE);
  const uri = pathToUri(file);
  const newText = turnedOffText(text, keys);
  if (newText === undefined) return undefined;
  if (!text) {
    // A new file needs a resource operation, which only documentChanges can carry.
    if (!documentChanges) return undefined;
    return {
      documentChanges: [
        { kind: 'create', uri, options: { ignoreIfExists: true } },
        { textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText }] },
      ],
    };
  }
  const lines = text.split('\n');
  const whole: TextEdit = { range: { start: { line: 0, character: 0 }, end: { line: lines.length - 1, character: lines[lines.length - 1].length } }, newText };
  return documentChanges ? { documentChanges: [{ textDocument: { uri, version: null }, edits: [whole] }] } : { changes: { [uri]: [whole] } };
}

function suppressionEdit(file: string, line: number, names: string, docs: OpenDocuments, documentChanges: boolean): WorkspaceEdit | undefined {
  const text = docs.get(file)?.getText() ?? textOnDisk(file);
  const planned = text === undefined ? undefined : plannedSuppression(file, text, line, [names]);
  if (!planned) return undefined;
  const edit: TextEdit = { range: { start: planned.start, end: planned.end }, newText: planned.newText };
  const uri = docs.uri(file);
  return documentChanges
    ? { documentChanges: [{ textDocument: { uri, version: docs.version(file) ?? null }, edits: [edit] }] }
    : { changes: { [uri]: [edit] } };
}

function textOnDisk(file: string): string | undefined {
  const read = readWorkspaceFile(file);
  return 'text' in read ? read.text : undefined;
}
