/**
 * Which module system a workspace source runs in, as the package's own toolchain runs it: the extension first
 * (`.mts`/`.mjs` an ES module, `.cts`/`.cjs` CommonJS), then the nearest package.json's `type`, as Node and tsx
 * decide. A TypeScript package without `"type": "module"` is CommonJS under `tsx`/`ts-node` and under `tsc` for
 * CommonJS, and a bundler gives it CommonJS's leniency whatever it emits (named imports of CommonJS packages and of
 * JSON, `require`, types re-exported without `type`); a file that awaits at its top level is the exception, an ES
 * module (host/transformSource.ts); so is code that deploys to Cloudflare Workers, which wrangler bundles as ES
 * modules. Read by the host (an entry's transform) and both threads of the worker alike,
 * through bounded reads, so all three agree.
 */
import path from 'node:path';
import { readWorkspaceFile } from '../boundedRead';
import { deployRuntimeOf, forgetDeployRuntimes } from './deployRuntime';

export type ModuleFormat = 'module' | 'commonjs';

/** `type` of the nearest package.json above each folder asked about (null: none, or none set). */
const byDirectory = new Map<string, string | null>();

/** The module system `file` (an absolute path of a TypeScript or JSX source) runs in. */
export function moduleFormatOf(file: string): ModuleFormat {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.mts' || extension === '.mjs') return 'module';
  if (extension === '.cts' || extension === '.cjs') return 'commonjs';
  if (packageTypeFor(path.dirname(file)) === 'module') return 'module';
  // A Worker is only ever run bundled by wrangler, as an ES module, whatever its package.json says.
  return deployRuntimeOf(file).workers ? 'module' : 'commonjs';
}

/** The nearest package.json's `type` above `dir` (not past a node_modules folder), read once per generation. */
function packageTypeFor(dir: string): string | null {
  const known = byDirectory.get(dir);
  if (known !== undefined) return known;
  let type: string | null = null;
  const read = readWorkspaceFile(path.join(dir, 'package.json'));
  if ('text' in read) type = typeOf(read.text);
  else if (path.basename(dir) !== 'node_modules' && path.dirname(dir) !== dir) type = packageTypeFor(path.dirname(dir));
  byDirectory.set(dir, type);
  return type;
}

function typeOf(text: string): string | null {
  try {
    const type = (JSON.parse(text) as { type?: unknown }).type;
    return typeof type === 'string' ? type : null;
  } catch {
    // Node refuses to run under a package.json it cannot parse; the file's own load failure says so.
    return null;
  }
}

/** Forget what was read: a new generation sees package.json edits. */
export function forgetModuleFormats(): void {
  byDirectory.clear();
  forgetDeployRuntimes();
}
