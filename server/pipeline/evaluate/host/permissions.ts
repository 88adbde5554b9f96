/**
 * What a worker may do to the machine, enforced by Node's permission model (`--permission` from Node 22,
 * `--experimental-permission` on Node 20), not by patching APIs in the worker: reads where the workspace and its
 * packages live, the worker's own scripts and a scratch folder; writes only into that scratch folder, which this
 * check owns and removes; no child processes, no native addons. `HOME` and the temp folder user code sees are in the
 * scratch folder. Node 20 runs loader hooks on a thread, which needs `--allow-worker`: the loader keeps
 * `worker_threads` from user code itself (loader/hooks.ts, loader/install.ts).
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Confinement {
  /** Node flags for the worker; empty where this Node has no permission model. */
  execArgv: string[];
  /** Environment entries that point the user code's home and temp folder into the scratch folder. */
  env: Record<string, string>;
  /** Whether the permission model is in force. */
  enforced: boolean;
  /** Removes the scratch folder. */
  dispose(): void;
}

/** The variables a worker gets pointing into its scratch folder, a new one each run. */
export const SCRATCH_ENV = ['HOME', 'USERPROFILE', 'TMPDIR', 'TMP', 'TEMP'] as const;

/** The flag that turns the permission model on, in this Node; undefined where it has none. */
export function permissionFlag(): string | undefined {
  const flags = process.allowedNodeEnvironmentFlags;
  if (flags.has('--permission')) return '--permission';
  if (flags.has('--experimental-permission')) return '--experimental-permission';
  return undefined;
}

/**
 * The folder a workspace's code and packages are read from: the outermost folder above `root` that holds a
 * package.json or a node_modules (a monorepo's root, where hoisted packages live), else `root`.
 */
export function workspaceTop(root: string): string {
  let top = path.resolve(root);
  for (let dir = top; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) || existsSync(path.join(dir, 'node_modules'))) top = dir;
  }
  return top;
}

/**
 * The folders of the workspace evaluated code may read: its top and where its linked packages really are, as the
 * root is named and as it really is (Node loads a module at its real path, so a workspace opened through a symlink
 * is read where the link points).
 */
export function workspaceReadable(root: string | undefined): string[] {
  const tops = new Set<string>();
  for (const dir of root ? [root, realPathOf(root)] : [process.cwd()]) tops.add(workspaceTop(dir));
  return [...tops].flatMap((top) => [top, ...linkedPackages(top)]);
}

function realPathOf(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

/**
 * Where the packages of `top` really are when they are links (npm link, a workspace linked from elsewhere, a
 * `node_modules` that is itself a link): each target outside `top`, so the worker may read what it imports.
 */
function linkedPackages(top: string): string[] {
  const modules = path.join(top, 'node_modules');
  const out = new Set<string>();
  const outside = (dir: string) => path.relative(top, dir).startsWith('..');
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return undefined;
    }
  };
  const realModules = real(modules);
  if (!realModules) return [];
  if (outside(realModules)) out.add(realModules);
  const entries = (dir: string) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  };
  for (const name of entries(modules)) {
    const names = name.startsWith('@') ? entries(path.join(modules, name)).map((n) => path.join(name, n)) : [name];
    for (const entry of names) {
      const full = path.join(modules, entry);
      try {
        if (!lstatSync(full).isSymbolicLink()) continue;
      } catch {
        continue;
      }
      const target = real(full);
      if (target && outside(target) && !(realModules && !path.relative(realModules, target).startsWith('..'))) out.add(withDependencies(target));
    }
  }
  return [...out];
}

/** A linked package's folder, or the node_modules it sits in: its own dependencies are installed beside it there. */
function withDependencies(target: string): string {
  const parts = target.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  return at > 0 ? parts.slice(0, at + 1).join(path.sep) : target;
}

/** A scratch folder and the flags that confine a worker for `root` to it; `scripts` is where the worker's code is. */
export function confine(root: string | undefined, scripts: string, allowAddons = false): Confinement {
  sweepStaleScratch(os.tmpdir());
  const scratch = mkdtempSync(path.join(os.tmpdir(), `${SCRATCH_PREFIX}${process.pid}-`));
  const home = path.join(scratch, 'home');
  const tmp = path.join(scratch, 'tmp');
  mkdirSync(home);
  mkdirSync(tmp);
  const env: Record<(typeof SCRATCH_ENV)[number], string> = { HOME: home, USERPROFILE: home, TMPDIR: tmp, TMP: tmp, TEMP: tmp };
  const remove = () => rmSync(scratch, { recursive: true, force: true });
  // Whatever way this process ends, the scratch folder goes with it.
  process.once('exit', remove);
  const dispose = () => {
    process.removeListener('exit', remove);
    remove();
  };
  const flag = permissionFlag();
  if (!flag) return { execArgv: [], env, enforced: false, dispose };
  const readable = [...new Set([...workspaceReadable(root), scripts, scratch])];
  const execArgv = [
    flag,
    ...readable.map((dir) => `--allow-fs-read=${withSlash(dir)}`),
    `--allow-fs-write=${withSlash(scratch)}`,
    '--allow-worker',
    // Native code runs outside the model: only when the user allows it (toolSchemaLens.evaluation.allowAddons).
    ...(allowAddons ? ['--allow-addons'] : []),
    // Node's own notices about the model would read as the module's last printed line in a failure's message.
    '--no-warnings',
  ];
  return { execArgv, env, enforced: true, dispose };
}

const SCRATCH_PREFIX = 'tool-schema-lens-scratch-';

/**
 * Scratch folders whose owner is gone (a check or a language server killed outright never runs its exit hook) are
 * removed by the next pool: each carries its owner's pid in its name.
 */
function sweepStaleScratch(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = name.startsWith(SCRATCH_PREFIX) ? Number(name.slice(SCRATCH_PREFIX.length).split('-')[0]) : NaN;
    if (Number.isInteger(owner) && owner > 0 && !alive(owner)) rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A folder's path with a trailing separator: Node's permission model then allows what is inside it. */
function withSlash(dir: string): string {
  return dir.endsWith(path.sep) ? dir : dir + path.sep;
}
