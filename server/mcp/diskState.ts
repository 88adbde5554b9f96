/**
 * What changed on disk since the last look: the MCP server has no editor telling it about edits, so before each tool
 * call it walks the workspace and compares every file's size, modification time (nanoseconds) and inode with the
 * last walk. A thousand tool files take a few milliseconds; only what changed is analysed again. The kinds mirror
 * the language server's watched files (`server/lsp/watchers.ts`): sources re-run with their dependents, project
 * configuration and the env file re-run everything, our project file re-reads the settings, and the install restarts
 * the workers.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT_CONFIG_FILE } from '../projectConfig';

export type ChangeKind = 'source' | 'config' | 'settings' | 'dependencies';

export interface DiskChanges {
  /** Files added or changed since the last walk, by kind. */
  changed: Map<string, ChangeKind>;
  /** Files gone since the last walk, by kind. */
  removed: Map<string, ChangeKind>;
}

/** Past this many files the walk stops: a folder that large is not a tool server's, and the answer says so. */
export const MAX_WALKED_FILES = 50_000;

const LOCKFILES = /^(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?)$/;
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

export class DiskState {
  private seen = new Map<string, { signature: string; kind: ChangeKind }>();
  /** The last walk stopped at MAX_WALKED_FILES. */
  truncated = false;

  /** `envFile`: the env file evaluation reads (relative to the root, or absolute); its change re-runs everything. */
  constructor(
    private readonly root: string,
    private envFile: string,
  ) {}

  setEnvFile(envFile: string): void {
    this.envFile = envFile;
  }

  /** Walk now and say what differs from the previous walk (everything is "changed" on the first). */
  scan(): DiskChanges {
    const now = new Map<string, { signature: string; kind: ChangeKind }>();
    this.truncated = false;
    const add = (file: string, kind: ChangeKind) => {
      const signature = signatureOf(file);
      if (signature) now.set(file, { signature, kind });
    };
    const envFile = path.resolve(this.root, this.envFile || '.env');
    add(envFile, 'config');
    // The install, as the language server watches it: the lockfile's copy and zod itself.
    add(path.join(this.root, 'node_modules', '.package-lock.json'), 'dependencies');
    add(path.join(this.root, 'node_modules', 'zod', 'package.json'), 'dependencies');
    const walk = (dir: string) => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (now.size >= MAX_WALKED_FILES) {
          this.truncated = true;
          return;
        }
        const full = path.join(dir, e.name);
        // Dependencies are the install's (above); dot-folders are tools' state and bundler output, never sources.
        if (e.isDirectory()) {
          if (e.name !== 'node_modules' && !e.name.startsWith('.')) walk(full);
          continue;
        }
        if (!e.isFile()) continue;
        const kind = kindOf(e.name, dir === this.root);
        if (kind) add(full, kind);
      }
    };
    walk(this.root);
    const changed = new Map<string, ChangeKind>();
    const removed = new Map<string, ChangeKind>();
    for (const [file, entry] of now) if (this.seen.get(file)?.signature !== entry.signature) changed.set(file, entry.kind);
    for (const [file, entry] of this.seen) if (!now.has(file)) removed.set(file, entry.kind);
    this.seen = now;
    return { changed, removed };
  }
}

function kindOf(name: string, atRoot: boolean): ChangeKind | undefined {
  if (LOCKFILES.test(name)) return 'dependencies';
  // The project file is read at the root only, as `check` and the language server read it.
  if (name === PROJECT_CONFIG_FILE) return atRoot ? 'settings' : undefined;
  if (name === 'package.json' || /^(tsconfig|jsconfig).*\.json$/.test(name)) return 'config';
  if (SOURCE.test(name) && !name.endsWith('.d.ts')) return 'source';
  return undefined;
}

/** Size, modification time and inode: an editor's save, a rename over the file and a `git checkout` all change one. */
function signatureOf(file: string): string | undefined {
  try {
    const s = fs.statSync(file, { bigint: true });
    return s.isFile() ? `${s.size}:${s.mtimeNs}:${s.ino}` : undefined;
  } catch {
    return undefined;
  }
}
