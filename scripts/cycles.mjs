// Import cycles among the repository's TypeScript sources, type-only edges included (issue 53): `node
// scripts/cycles.mjs` prints each strongly connected group of files; test/architecture/cycles.test.ts fails on any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['shared', 'protocol', 'server', 'client', 'runtime/src'];
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sources(file);
    return /\.(?:ts|mts|cts)$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier.replace(/\.(?:js|mjs|cjs)$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.mts`, `${base}.cts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The import graph: file → the files it imports (relative specifiers, `import type` included). */
export function importGraph(root = ROOT) {
  const files = FOLDERS.flatMap((f) => (existsSync(join(root, f)) ? sources(join(root, f)) : []));
  const graph = new Map(files.map((f) => [f, new Set()]));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, m[1] ?? m[2]);
      if (target && graph.has(target)) graph.get(file).add(target);
    }
  }
  return graph;
}

/** Tarjan's strongly connected components of more than one file (or a file importing itself), as relative paths. */
export function cycles(root = ROOT) {
  const graph = importGraph(root);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v).has(v)) out.push(group.map((f) => relative(root, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const found = cycles();
  for (const group of found) console.log(`${group.length} files: ${group.join(', ')}`);
  console.log(found.length === 0 ? 'no import cycles' : `${found.length} import cycle(s)`);
  process.exitCode = found.length === 0 ? 0 : 1;
}
