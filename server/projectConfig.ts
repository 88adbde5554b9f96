/**
 * The project's own configuration, `toolschemalens.config.json` at the root of the checked folder: read by the CLI
 * and the language server alike, so that CI and the editor judge with the same clients, flatten mode, entry points,
 * env file, limits, budgets and severities. Its keys are the `toolSchemaLens.*` settings without the prefix; the
 * editor settings a user set explicitly override it key by key, as ESLint's editor settings override its config.
 * A file that does not parse, or a key, value, client or rule that does not exist, is a `config-invalid` finding on
 * the file: never a silent default.
 */
import * as path from 'node:path';
import { FINDING_CODES } from '../shared/findings';
import { RULE_IDS, TARGET_IDS } from '../shared/clients/index';
import type { Diagnostic, Severity } from './pipeline';
import { readWorkspaceFile } from './pipeline/project/boundedRead';
import { clientRuleKey } from './pipeline/findings/severities';
import { APIS, isProviderId } from './verify/providers';

export const PROJECT_CONFIG_FILE = 'toolschemalens.config.json';

export interface ProjectConfig {
  file: string;
  /** The settings section the file holds ({} when it does not parse). */
  section: Record<string, unknown>;
  /** What is wrong with it, each placed on the file. */
  problems: Diagnostic[];
}

/** What each key of the file may hold; the editor-only settings (enable, trace, codeLens) are not project settings. */
const KEYS: Record<string, (v: unknown) => boolean> = {
  $schema: (v) => typeof v === 'string',
  clients: (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
  flattenUnionInput: (v) => v === 'auto' || typeof v === 'boolean',
  target: (v) => v === 'draft-7' || v === 'draft-2020-12',
  collisionWidening: (v) => v === 'unknown' || v === 'base-type' || v === 'type-array',
  severity: (v) => isObject(v),
  include: (v) => isStrings(v),
  exclude: (v) => isStrings(v),
  entryPoints: (v) => isStrings(v),
  evaluation: (v) => isObject(v),
  budget: (v) => isObject(v),
  snapshot: (v) => typeof v === 'string',
  verify: (v) => isObject(v),
};

/** `verify`'s defaults for the project: whom to send to, and with which model (a key is never written here). */
const VERIFY_KEYS: Record<string, (v: unknown) => boolean> = {
  providers: (v) => isStrings(v) && v.every(isProviderId),
  models: (v) => isObject(v) && Object.entries(v).every(([who, model]) => (who in APIS || isProviderId(who)) && typeof model === 'string' && model !== ''),
};

const EVALUATION_KEYS: Record<string, (v: unknown) => boolean> = {
  timeoutMs: (v) => typeof v === 'number' && v >= 100,
  memoryMb: (v) => typeof v === 'number' && v >= 64,
  env: (v) => isObject(v) && Object.values(v).every((s) => typeof s === 'string'),
  envFile: (v) => typeof v === 'string',
  argv: (v) => isStrings(v),
  stubs: (v) => isStrings(v),
  allowAddons: (v) => typeof v === 'boolean',
  cache: (v) => typeof v === 'boolean',
};

const BUDGET_KEYS: Record<string, (v: unknown) => boolean> = {
  tokensPerTool: (v) => typeof v === 'number' && v >= 0,
  tokensPerServer: (v) => typeof v === 'number' && v >= 0,
};

const SEVERITIES = ['error', 'warning', 'information', 'off'];

/** The project configuration of `root`, or undefined where it has none. */
export function readProjectConfig(root: string): ProjectConfig | undefined {
  const file = path.join(root, PROJECT_CONFIG_FILE);
  // Bounded like every workspace read: a FIFO or a device in its place must not hang the check.
  const read = readWorkspaceFile(file);
  if ('missing' in read) return undefined;
  if ('skipped' in read) {
    const problem = problemAt(
      file,
      '',
      0,
      'error',
      `${PROJECT_CONFIG_FILE} is not read (${read.skipped}): the folder is checked with the editor's or the default settings`,
    );
    return { file, section: {}, problems: [problem] };
  }
  return parseProjectConfig(file, read.text);
}

/** Parse and check one configuration text (exported for the quick fix that edits it, and for tests). */
export function parseProjectConfig(file: string, text: string): ProjectConfig {
  const problems: Diagnostic[] = [];
  const at = (offset: number, severity: Severity, message: string) => problems.push(problemAt(file, text, offset, severity, message));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const offset = /position (\d+)/.exec(detail);
    at(
      offset ? Number(offset[1]) : 0,
      'error',
      `${PROJECT_CONFIG_FILE} is not valid JSON (${detail}): the folder is checked with the editor's or the default settings until it parses`,
    );
    return { file, section: {}, problems };
  }
  if (!isObject(parsed)) {
    at(0, 'error', `${PROJECT_CONFIG_FILE} must hold one JSON object of settings (the \`toolSchemaLens.*\` settings without the prefix)`);
    return { file, section: {}, problems };
  }
  const section: Record<string, unknown> = {};
  const ignored = (key: string, why: string) => at(offsetOfKey(text, key), 'warning', `${PROJECT_CONFIG_FILE}: \`${key}\` ${why}; it is ignored`);
  for (const [key, value] of Object.entries(parsed)) {
    const valid = KEYS[key];
    if (!valid) {
      ignored(
        key,
        `is not a project setting (known: ${Object.keys(KEYS)
          .filter((k) => k !== '$schema')
          .join(', ')})`,
      );
      continue;
    }
    if (!valid(value)) {
      ignored(key, 'has a value of the wrong kind (see the settings table of the README)');
      continue;
    }
    if (key === 'evaluation' || key === 'budget' || key === 'verify')
      section[key] = checkedObject(
        key,
        value as Record<string, unknown>,
        key === 'evaluation' ? EVALUATION_KEYS : key === 'budget' ? BUDGET_KEYS : VERIFY_KEYS,
        ignored,
      );
    else if (key === 'severity') section[key] = checkedSeverities(value as Record<string, unknown>, ignored);
    else if (key === 'clients') {
      const unknown = (value as string[]).filter((id) => !TARGET_IDS.includes(id));
      for (const id of unknown) ignored(`clients: ${id}`, `names no client or provider (known: ${TARGET_IDS.join(', ')})`);
      section[key] = (value as string[]).filter((id) => TARGET_IDS.includes(id));
    } else if (key !== '$schema') section[key] = value;
  }
  return { file, section, problems };
}

function checkedObject(
  name: string,
  value: Record<string, unknown>,
  keys: Record<string, (v: unknown) => boolean>,
  ignored: (key: string, why: string) => void,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const valid = keys[key];
    if (!valid) ignored(`${name}.${key}`, `is not a setting (known: ${Object.keys(keys).join(', ')})`);
    else if (!valid(v)) ignored(`${name}.${key}`, 'has a value of the wrong kind or out of range');
    else out[key] = v;
  }
  return out;
}

/** Severity keys: a finding code, or `target/rule` (a target id or `*`, and a client rule id). */
function checkedSeverities(value: Record<string, unknown>, ignored: (key: string, why: string) => void): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string' || !SEVERITIES.includes(v)) {
      ignored(`severity.${key}`, `must be one of ${SEVERITIES.join(', ')}`);
      continue;
    }
    const why = severityKeyProblem(key);
    if (why) ignored(`severity.${key}`, why);
    else out[key] = v;
  }
  return out;
}

/** Why a severity key names nothing, or undefined when it names a finding code or a client rule. */
export function severityKeyProblem(key: string): string | undefined {
  if ((FINDING_CODES as readonly string[]).includes(key)) return undefined;
  const slash = key.indexOf('/');
  if (slash < 0) return `is not a finding code (a client rule is \`target/rule\`, e.g. \`${clientRuleKey('codex', 'format')}\`)`;
  const target = key.slice(0, slash);
  const rule = key.slice(slash + 1);
  if (target !== '*' && !TARGET_IDS.includes(target)) return `names no client or provider \`${target}\` (known: ${TARGET_IDS.join(', ')}, or * for all)`;
  if (!(RULE_IDS as readonly string[]).includes(rule)) return `names no client rule \`${rule}\` (known: ${RULE_IDS.join(', ')})`;
  return undefined;
}

/** Where a key is written in the text (its first quoted occurrence), else the start. */
function offsetOfKey(text: string, key: string): number {
  const bare = key.includes(': ') ? key.slice(key.indexOf(': ') + 2) : key.includes('.') ? key.slice(key.indexOf('.') + 1) : key;
  const i = text.indexOf(JSON.stringify(bare));
  return i < 0 ? 0 : i;
}

function problemAt(file: string, text: string, offset: number, severity: Severity, message: string): Diagnostic {
  const before = text.slice(0, Math.min(offset, text.length));
  const line = before.split('\n').length - 1;
  const character = before.length - (before.lastIndexOf('\n') + 1);
  const start = { line, character };
  const end = { line, character: character + Math.max(1, keyLengthAt(text, offset)) };
  return { file, range: { start, end }, severity, code: 'config-invalid', message, path: [], related: [] };
}

function keyLengthAt(text: string, offset: number): number {
  if (text[offset] !== '"') return 1;
  const close = text.indexOf('"', offset + 1);
  return close < 0 ? 1 : close - offset + 1;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isStrings(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === 'string');
}
