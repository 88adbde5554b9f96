/**
 * Vite's `import.meta.glob(...)` (a server built with Vite, or tested with Vitest, finds its tool modules this way),
 * rewritten as Vite rewrites it before the module runs: the matching files as static imports (`eager: true`) or as
 * `() => import(...)` loaders, keyed by their path relative to the file. Runs in the host, on the source text,
 * before the TypeScript transform. The arguments are read only when they are literals (strings, an array of strings,
 * an object of literal options); anything else is left alone, and so fails at run time as it would without Vite.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';

const CALL = /import\.meta\.glob\s*(?:<[^>()]*>)?\s*\(/g;
const MAX_FILES = 5000;

type Literal = string | boolean | number | Literal[] | { [key: string]: Literal };

/** `source` with each literal `import.meta.glob` call of `file` expanded; the same text when it has none. */
export function expandImportGlobs(file: string, source: string): string {
  if (!source.includes('import.meta.glob')) return source;
  const imports: string[] = [];
  let out = '';
  let last = 0;
  let count = 0;
  for (let match = CALL.exec(source); match; match = CALL.exec(source)) {
    const open = match.index + match[0].length;
    const close = matchingParen(source, open);
    if (close < 0) break;
    const args = parseLiterals(source.slice(open, close));
    const expanded = args && expansion(file, args, `__toolSchemaLensGlob${count++}`, imports);
    if (expanded === undefined) continue;
    out += source.slice(last, match.index) + expanded;
    last = close + 1;
    CALL.lastIndex = last;
  }
  // Imports first, on the first line: every other line keeps its number, so findings stay in place.
  return last === 0 ? source : imports.join(' ') + out + source.slice(last);
}

function expansion(file: string, args: Literal[], prefix: string, imports: string[]): string | undefined {
  const [patterns, options = {}] = args;
  const list = typeof patterns === 'string' ? [patterns] : Array.isArray(patterns) && patterns.every((p) => typeof p === 'string') ? patterns : undefined;
  if (!list || typeof options !== 'object' || Array.isArray(options)) return undefined;
  if (options.query !== undefined || options.as !== undefined) return undefined; // ?raw and the like: not modules
  const files = matches(path.dirname(file), list);
  const name = typeof options.import === 'string' ? options.import : undefined;
  const entries = files.map((relative, i) => {
    const key = JSON.stringify(relative);
    if (options.eager === true) {
      const local = `${prefix}_${i}`;
      imports.push(`import * as ${local} from ${key};`);
      return `${key}: ${name ? `${local}[${JSON.stringify(name)}]` : local}`;
    }
    return `${key}: () => import(${key})${name ? `.then((m) => m[${JSON.stringify(name)}])` : ''}`;
  });
  return `({ ${entries.join(', ')} })`;
}

/** The files the patterns match, relative to `dir` as Vite keys them (`./x/index.ts`), sorted. */
function matches(dir: string, patterns: readonly string[]): string[] {
  const positive = patterns.filter((p) => !p.startsWith('!') && (p.startsWith('./') || p.startsWith('../')));
  const negative = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  if (positive.length === 0) return [];
  const isNegative = negative.length ? picomatch(negative.map((p) => path.posix.normalize(p))) : () => false;
  const found = new Set<string>();
  for (const pattern of positive) {
    const normalized = path.posix.normalize(pattern);
    const isMatch = picomatch(normalized);
    const base = normalized.split('/').filter((part, i, parts) => i < parts.length - 1 && !/[*?[\]{}()!]/.test(part));
    for (const relative of walk(path.resolve(dir, ...base), base.join('/'))) {
      if (isMatch(relative) && !isNegative(relative)) found.add(relative.startsWith('../') ? relative : `./${relative}`);
    }
  }
  return [...found].sort();
}

/** Files under `root` (no node_modules, no dot-folders), as paths joined to `prefix`; bounded. */
function walk(root: string, prefix: string): string[] {
  const out: string[] = [];
  const visit = (dir: string, rel: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (out.length >= MAX_FILES || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) visit(path.join(dir, entry.name), childRel);
      else if (entry.isFile()) out.push(childRel);
    }
  };
  visit(root, prefix === '.' ? '' : prefix.replace(/^\.\//, ''));
  return out;
}

/** Where the parenthesis opened before `from` closes (strings and template literals skipped); -1 when it does not. */
function matchingParen(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      i = endOfString(text, i);
      if (i < 0) return -1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

function endOfString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}

/** The comma-separated literals of `text` (strings, booleans, numbers, arrays, objects with plain keys); undefined otherwise. */
export function parseLiterals(text: string): Literal[] | undefined {
  const tokens = text.match(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`$\\]*`|[[\]{}:,]|[A-Za-z_$][\w$]*|-?\d+(?:\.\d+)?|\S/g) ?? [];
  let at = 0;
  const value = (): Literal | undefined => {
    const token = tokens[at++];
    if (token === undefined) return undefined;
    if (/^['"`]/.test(token)) return token.slice(1, -1).replace(/\\(.)/g, '$1');
    if (token === 'true' || token === 'false') return token === 'true';
    if (/^-?\d/.test(token)) return Number(token);
    if (token === '[') {
      const items: Literal[] = [];
      while (tokens[at] !== ']') {
        const item = value();
        if (item === undefined) return undefined;
        items.push(item);
        if (tokens[at] === ',') at++;
      }
      at++;
      return items;
    }
    if (token === '{') {
      const object: Record<string, Literal> = {};
      while (tokens[at] !== '}') {
        const key = tokens[at++];
        if (!key || !/^(?:[A-Za-z_$][\w$]*|'[^']*'|"[^"]*")$/.test(key) || tokens[at++] !== ':') return undefined;
        const item = value();
        if (item === undefined) return undefined;
        object[key.replace(/^['"]|['"]$/g, '')] = item;
        if (tokens[at] === ',') at++;
      }
      at++;
      return object;
    }
    return undefined;
  };
  const out: Literal[] = [];
  while (at < tokens.length) {
    const item = value();
    if (item === undefined) return undefined;
    out.push(item);
    if (at < tokens.length && tokens[at++] !== ',') return undefined;
  }
  return out;
}
