/**
 * Names that are only types, imported or re-exported without `type` between workspace sources
 * (`export { ToolOptions } from './types'`): a whole-program compile (`tsc`) and a bundler both drop them, but a
 * transform of one file at a time cannot tell a type from a value, so the ES module it emits asks the other module
 * for a name it does not export and Node refuses to link it. Before such a module is handed to Node, each name it
 * takes from a workspace TypeScript module that does not export it at run time is dropped from the statement, and
 * from the export list that passes it on; a statement left with no name is dropped, as `tsc` elides it.
 *
 * What a module exports at run time is read from its own transform with es-module-lexer, its re-exports followed.
 * Unknown (a package, a cycle, a module that failed) means nothing is dropped: Node decides, as it would.
 */
import { ImportType, init, parse } from 'es-module-lexer';

/** A module's run-time export names, or undefined when they cannot be known. */
export type ExportsOf = (specifier: string) => Promise<ReadonlySet<string> | undefined>;

const ready = init;

/** The names `code` (an ES module from esbuild's transform) exports, its re-exports' names checked with `exportsOf`. */
export async function runtimeExports(code: string, exportsOf: ExportsOf): Promise<Set<string> | undefined> {
  await ready;
  const [imports, exports] = parse(code);
  const names = new Set<string>();
  const reexportFrom = (at: number) => imports.find((i) => i.t === ImportType.Static && i.ss <= at && at < i.se && code.startsWith('export', i.ss));
  for (const e of exports) {
    const from = e.ln === undefined && e.n !== 'default' ? reexportFrom(e.s) : undefined;
    if (from && from.n && !/^export\s*\*\s*as\b/.test(code.slice(from.ss, from.se))) {
      const theirs = await exportsOf(from.n);
      const imported = importedNameOf(code.slice(from.ss, from.se), e.n);
      if (theirs && imported !== undefined && !theirs.has(imported)) continue;
    }
    names.add(e.n);
  }
  for (const i of imports) {
    if (i.t !== ImportType.Static || !i.n || !/^export\s*\*\s*from\b/.test(code.slice(i.ss, i.se))) continue;
    const theirs = await exportsOf(i.n);
    if (!theirs) return undefined;
    for (const name of theirs) if (name !== 'default') names.add(name);
  }
  return names;
}

/**
 * `code` with the names it passes on from other modules that do not export them dropped; the same text when none
 * is. Only names passed on can be types here: esbuild already dropped an import used only as a type, so a module
 * with no export list (`export { ... }`) is left as it is, unparsed.
 */
export async function withoutTypeOnlyNames(code: string, exportsOf: ExportsOf): Promise<string> {
  if (!EXPORT_LIST.test(code)) return code;
  await ready;
  const [imports] = parse(code);
  const passedOn = locallyExported(code);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const droppedLocals = new Set<string>();
  for (const i of imports) {
    if (i.t !== ImportType.Static || !i.n) continue;
    const statement = code.slice(i.ss, i.se);
    const clause = NAMED.exec(statement);
    if (!clause) continue;
    const theirs = await exportsOf(i.n);
    if (!theirs) continue;
    const items = clause[3]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const local = (item: string) => unquote(item.split(/\s+as\s+/).pop()!);
    // An imported name the module only uses itself is a value (a type would have been dropped): Node decides.
    const kept = items.filter((item) => theirs.has(unquote(item.split(/\s+as\s+/)[0])) || (clause[1] === 'import' && !passedOn.has(local(item))));
    if (kept.length === items.length) continue;
    if (clause[1] === 'import') for (const item of items) if (!kept.includes(item)) droppedLocals.add(local(item));
    const head = clause[2] ? `${clause[1]} ${clause[2]}` : clause[1];
    const text = kept.length
      ? `${head}${clause[2] ? ',' : ''} { ${kept.join(', ')} } from ${statement.slice(clause[0].length)}`
      : clause[2]
        ? `${head} from ${statement.slice(clause[0].length)}`
        : '';
    edits.push({ start: i.ss, end: i.se, text });
  }
  if (droppedLocals.size > 0) edits.push(...localExportEdits(code, droppedLocals));
  if (edits.length === 0) return code;
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

const EXPORT_LIST = /(^|\n)export\s*\{/;

/** The local names the module's own `export { ... };` lists (no `from`) pass on. */
function locallyExported(code: string): Set<string> {
  const names = new Set<string>();
  const list = /(^|\n)export\s*\{([^}]*)\}\s*;/g;
  for (let m = list.exec(code); m; m = list.exec(code)) {
    for (const item of m[2]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      names.add(unquote(item.split(/\s+as\s+/)[0]));
  }
  return names;
}

/** `import a, { b as c } from ` / `export { d } from `: the keyword, a default import, and the named list. */
const NAMED = /^(import|export)\s*(?:([\p{L}_$][\p{L}\p{N}_$]*)\s*,\s*)?\{([^}]*)\}\s*from\s*/u;

/** In a named clause, the name taken from the other module for the local (or exported) `name`. */
function importedNameOf(statement: string, name: string): string | undefined {
  const clause = NAMED.exec(statement);
  if (!clause) return undefined;
  for (const item of clause[3].split(',').map((s) => s.trim())) {
    const [from, as] = item.split(/\s+as\s+/);
    if (unquote(as ?? from) === name) return unquote(from);
  }
  return undefined;
}

/** Edits removing `names` from the module's own `export { ... };` lists (no `from`): they were only types. */
function localExportEdits(code: string, names: ReadonlySet<string>): Array<{ start: number; end: number; text: string }> {
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const list = /(^|\n)export\s*\{([^}]*)\}\s*;/g;
  for (let m = list.exec(code); m; m = list.exec(code)) {
    const items = m[2]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const kept = items.filter((item) => !names.has(unquote(item.split(/\s+as\s+/)[0])));
    if (kept.length === items.length) continue;
    const start = m.index + m[1].length;
    edits.push({ start, end: m.index + m[0].length, text: kept.length ? `export { ${kept.join(', ')} };` : '' });
  }
  return edits;
}

function unquote(name: string): string {
  const trimmed = name.trim();
  return /^["']/.test(trimmed) ? (JSON.parse(trimmed.replace(/^'|'$/g, '"')) as string) : trimmed;
}
