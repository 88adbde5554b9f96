/**
 * A V8 code cache for the server bundle. The bundle is 19 MB (TypeScript, ts-morph, the tokenizer's ranks): parsing
 * and compiling it is most of a start (`--version` took 1.1 s). With V8's cached data, the functions a start compiled
 * are read back instead, the next start of the same bundle on the same Node.
 *
 * The cache is ours alone: a folder in the system's temp folder, made by and readable only by this user (a file in
 * it becomes code we run), never in the workspace or the user's home. Any doubt about it means no cache, never a
 * failure: it only ever saves time. TOOL_SCHEMA_LENS_CODE_CACHE=0 turns it off.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const CODE_CACHE_ENV = 'TOOL_SCHEMA_LENS_CODE_CACHE';

/** Where this user's code caches are kept, or undefined when turned off or when the folder is not safely ours. */
export function codeCacheFolder(env: NodeJS.ProcessEnv = process.env, tmp = os.tmpdir()): string | undefined {
  const setting = env[CODE_CACHE_ENV];
  if (setting === '0' || setting === 'false' || setting === 'off') return undefined;
  const uid = process.getuid?.();
  const folder = path.join(tmp, `tool-schema-lens-code-cache${uid === undefined ? '' : `-${uid}`}`);
  try {
    fs.mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
  }
  return ownedByUs(folder) ? folder : undefined;
}

/** A folder another user made, or one others may write to, could hold code we did not write. */
function ownedByUs(folder: string): boolean {
  try {
    const stat = fs.lstatSync(folder);
    if (!stat.isDirectory()) return false;
    if (process.platform === 'win32') return true;
    return stat.uid === process.getuid?.() && (stat.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** The cache file of `bundle` as built now, run by this Node with these flags (V8 refuses data from other ones). */
export function codeCacheFile(folder: string, bundle: string): string | undefined {
  try {
    const stat = fs.statSync(bundle);
    const key = createHash('sha256')
      .update([bundle, stat.size, stat.mtimeMs, process.version, process.arch, process.execArgv.join(' ')].join('\0'))
      .digest('hex')
      .slice(0, 32);
    return path.join(folder, `${key}.bin`);
  } catch {
    return undefined;
  }
}

/** The cached data of a previous start, if there is one. */
export function readCodeCache(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written whole under another name first: a start reading it meanwhile sees the old file or the new, never half. */
export function writeCodeCache(file: string, data: Buffer): void {
  const partial = `${file}.${process.pid}.partial`;
  try {
    fs.writeFileSync(partial, data, { mode: 0o600 });
    fs.renameSync(partial, file);
    pruneOthers(path.dirname(file), file);
  } catch {
    try {
      fs.rmSync(partial, { force: true });
    } catch {
      // Nothing to clean up.
    }
  }
}

/** Each build or Node version leaves a file of its own: only the few most recently written stay. */
const KEPT = 6;

function pruneOthers(folder: string, kept: string): void {
  const files = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.bin'))
    .map((name) => path.join(folder, name))
    .filter((file) => file !== kept)
    .map((file) => ({ file, at: fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.at - a.at);
  for (const { file } of files.slice(KEPT - 1)) fs.rmSync(file, { force: true });
}
