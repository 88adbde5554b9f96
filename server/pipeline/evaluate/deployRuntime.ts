/**
 * The runtime a workspace source deploys to, as its package says: Cloudflare Workers (a wrangler configuration beside
 * the package.json, or a dependency only Workers code has), or Node, at the oldest major version its `engines.node`
 * admits. The worker gives the file that runtime's globals (worker/sandbox/runtimeGlobals.ts): code written for Workers or
 * for a newer Node than the one running the check meets what it was written against. Read through bounded reads,
 * once per folder and generation.
 */
import path from 'node:path';
import { readWorkspaceFile } from '../project/boundedRead';

export interface DeployRuntime {
  /** Deployed to Cloudflare Workers. */
  workers: boolean;
  /** The oldest Node major version the package's `engines.node` admits, when it names one. */
  nodeMajor?: number;
}

const WRANGLER_CONFIGS = ['wrangler.toml', 'wrangler.json', 'wrangler.jsonc'];
/** Packages only code for Workers depends on: the CLI that runs it, its types, its agents and its Vite plugin. */
const WORKERS_PACKAGES = ['wrangler', '@cloudflare/workers-types', '@cloudflare/vite-plugin', 'agents', 'workers-mcp'];

const byDirectory = new Map<string, DeployRuntime>();

/** The runtime `file` deploys to. */
export function deployRuntimeOf(file: string): DeployRuntime {
  return runtimeOfFolder(path.dirname(file));
}

function runtimeOfFolder(dir: string): DeployRuntime {
  const known = byDirectory.get(dir);
  if (known) return known;
  let runtime: DeployRuntime = { workers: false };
  const read = readWorkspaceFile(path.join(dir, 'package.json'));
  if ('text' in read) runtime = fromManifest(read.text, dir);
  else if (path.basename(dir) !== 'node_modules' && path.dirname(dir) !== dir) runtime = runtimeOfFolder(path.dirname(dir));
  byDirectory.set(dir, runtime);
  return runtime;
}

function fromManifest(text: string, dir: string): DeployRuntime {
  let manifest: { engines?: { node?: unknown }; dependencies?: object; devDependencies?: object };
  try {
    manifest = JSON.parse(text) as typeof manifest;
  } catch {
    return { workers: false };
  }
  const dependencies = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
  const workers = WRANGLER_CONFIGS.some((name) => 'text' in readWorkspaceFile(path.join(dir, name))) || WORKERS_PACKAGES.some((name) => dependencies.has(name));
  const nodeMajor = typeof manifest.engines?.node === 'string' ? oldestMajor(manifest.engines.node) : undefined;
  return { workers, ...(nodeMajor !== undefined ? { nodeMajor } : {}) };
}

/** The oldest major version a semver range admits (`>=22`, `^20.9 || >=22`, `22.x`): the smallest lower bound it names. */
export function oldestMajor(range: string): number | undefined {
  const floors = range.split('||').flatMap((part) => {
    const bounds = [...part.matchAll(/(<=?|>=?|\^|~|=)?\s*v?(\d+)/g)].filter((m) => m[1] !== '<' && m[1] !== '<=');
    return bounds.length ? [Number(bounds[0][2])] : [];
  });
  return floors.length ? Math.min(...floors) : undefined;
}

/** Forget what was read: a new generation sees package.json and wrangler edits. */
export function forgetDeployRuntimes(): void {
  byDirectory.clear();
}
