/**
 * A bundler's build-time constants (vite's and tsup's `define`), applied as the bundler applies them. Code written
 * for a bundler names them as globals (`declare const __APP_VERSION__: string`) and fails with a ReferenceError
 * anywhere else. Only values the config states exactly are used: a literal, or `JSON.stringify(x.version)` with
 * `x` the package.json beside the config; a constant computed otherwise is left out (the file then fails to load
 * as it would under tsx, and the finding names the variable).
 */
import { readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { readWorkspaceFile } from '../project/boundedRead';

const CONFIGS = ['vite.config.ts', 'vite.config.mts', 'vite.config.js', 'vite.config.mjs', 'tsup.config.ts', 'tsup.config.js', 'tsup.config.mjs'];
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** The `define` entries that apply to `file`, as esbuild `define` replacements (read again each time: a config may change). */
export function bundlerDefines(file: string): Record<string, string> {
  return definesFrom(path.dirname(file));
}

/** The first config up from `dir`, stopping at the package that holds it. */
function definesFrom(dir: string): Record<string, string> {
  for (let at = dir; ; at = path.dirname(at)) {
    const names = namesIn(at);
    for (const name of CONFIGS) {
      const text = names.has(name) ? readText(path.join(at, name)) : undefined;
      if (text !== undefined) return parseDefines(text, () => packageVersion(at));
    }
    if (names.has('package.json') || path.dirname(at) === at) return {};
  }
}

const KEPT_FOLDERS = 1000;
const RACY_MS = 2000;
const listings = new Map<string, { mtimeMs: number; names: Set<string> }>();

/**
 * The names in a folder, listed again only when the folder changed (a file added, removed or renamed changes its
 * mtime): asked for every transform, of every folder up to the package, this was eight lookups a folder.
 */
function namesIn(dir: string): Set<string> {
  let stat: Stats | undefined;
  try {
    stat = statSync(dir, { throwIfNoEntry: false });
  } catch {
    stat = undefined; // a folder the worker may not read (the permission model): nothing there for us
  }
  if (!stat) return new Set();
  const known = listings.get(dir);
  if (known && known.mtimeMs === stat.mtimeMs) return known.names;
  let names: Set<string>;
  try {
    names = new Set(readdirSync(dir));
  } catch {
    names = new Set();
  }
  listings.delete(dir);
  // A folder changed within the last seconds may change again within its mtime's granularity: listed again next time.
  if (Date.now() - stat.mtimeMs > RACY_MS) listings.set(dir, { mtimeMs: stat.mtimeMs, names });
  if (listings.size > KEPT_FOLDERS) listings.delete(listings.keys().next().value as string);
  return names;
}

/** A config's text; a FIFO or a device by that name is never read. */
function readText(file: string): string | undefined {
  const read = readWorkspaceFile(file);
  return 'text' in read ? read.text : undefined;
}

function packageVersion(dir: string): string | undefined {
  try {
    const version: unknown = (JSON.parse(readText(path.join(dir, 'package.json')) ?? '{}') as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** The exact entries of the config's first `define: { ... }` object. */
export function parseDefines(config: string, version: () => string | undefined): Record<string, string> {
  const start = /\bdefine\s*:\s*\{/.exec(config);
  if (!start) return {};
  const body = balanced(config, start.index + start[0].length - 1);
  const out: Record<string, string> = {};
  for (const entry of topLevel(body)) {
    const colon = entry.indexOf(':');
    if (colon < 0) continue;
    const key = entry
      .slice(0, colon)
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2');
    const value = replacement(entry.slice(colon + 1).trim(), version);
    if (IDENTIFIER.test(key) && value !== undefined) out[key] = value;
  }
  return out;
}

/** The replacement text a config value stands for, when the text states it exactly. */
function replacement(value: string, version: () => string | undefined): string | undefined {
  const quoted = /^(['"])(.*)\1$/.exec(value);
  // A string value is the replacement's source text (vite and esbuild alike).
  if (quoted) return validExpression(quoted[2]) ? quoted[2] : undefined;
  if (/^(true|false|null|-?\d+(\.\d+)?)$/.test(value)) return value;
  const stringified = /^JSON\.stringify\((.*)\)$/.exec(value);
  if (!stringified) return undefined;
  const inner = stringified[1].trim();
  if (/^[A-Za-z_$][\w$]*\.version$/.test(inner)) {
    const v = version();
    return v === undefined ? undefined : JSON.stringify(v);
  }
  const literal = /^(['"])(.*)\1$/.exec(inner);
  return literal ? JSON.stringify(literal[2]) : /^(true|false|null|-?\d+(\.\d+)?)$/.test(inner) ? inner : undefined;
}

/** What esbuild accepts as a define value: JSON, or an identifier path. */
function validExpression(text: string): boolean {
  if (/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(text)) return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The text inside the brace at `open` up to its match (strings skipped). */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      i = text.indexOf(c, i + 1);
      if (i < 0) return '';
    } else if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  return '';
}

/** The entries of an object body, split at its own commas. */
function topLevel(body: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"' || c === "'" || c === '`') {
      const end = body.indexOf(c, i + 1);
      if (end < 0) break;
      i = end;
    } else if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      entries.push(body.slice(from, i));
      from = i + 1;
    }
  }
  entries.push(body.slice(from));
  return entries.map((e) => e.replace(/\/\/[^\n]*/g, '').trim()).filter(Boolean);
}
