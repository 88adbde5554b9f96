/**
 * The esbuild plugins that make a workspace file runnable from a temp directory: unsaved editor text
 * served instead of the disk, bare imports kept external but pinned to the absolute path they resolve to
 * from the importing file, and SDK entry points routed through recording shims.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ImportKind, Loader, OnResolveArgs, Plugin, PluginBuild } from 'esbuild';
import { shimFor, shimSource, type ShimSpec } from './sdkShims';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const SHIM_NAMESPACE = 'tool-schema-lens-shim';
const INNER = 'toolSchemaLensInner';
const BUILTINS = new Set(builtinModules);

const LOADERS: Record<string, Loader> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
  '.json': 'json',
};

export function loaderFor(file: string): Loader {
  return LOADERS[path.extname(file).toLowerCase()] ?? 'js';
}

/** A filter (JS and esbuild's Go regexp alike) matching exactly these paths. */
function exactly(paths: string[]): RegExp {
  return new RegExp(`^(?:${paths.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
}

/**
 * Serves overlay text instead of the disk, and lets the entry append extra source (tagged exports).
 * Every callback is a round trip between esbuild and this thread, so the filters only match what the
 * plugin may change: with no overlays (a CLI check) only the entry itself.
 */
export function overlayPlugin(overlays: ReadonlyMap<string, string>, entry: string, entryAppendix: string): Plugin {
  return {
    name: 'tool-schema-lens-overlays',
    setup(build) {
      // The entry keeps the path it was asked by (no symlink resolved), the one overlays are keyed by.
      build.onResolve({ filter: exactly([entry]) }, (args) => (args.kind === 'entry-point' ? { path: entry } : undefined));
      if (overlays.size === 0 && !entryAppendix) return;
      if (overlays.size > 0) {
        // A file that exists only as unsaved text (created in the editor, never saved) is still importable.
        build.onResolve({ filter: /^\.\.?(\/|$)/ }, (args) => {
          const base = path.resolve(args.resolveDir, args.path);
          const stem = base.replace(/\.[cm]?js$/, '');
          const candidates = [base, ...SOURCE_EXTENSIONS.map((e) => stem + e), ...SOURCE_EXTENSIONS.map((e) => path.join(base, `index${e}`))];
          const found = candidates.find((c) => overlays.has(c) && !existsSync(c));
          return found ? { path: found } : undefined;
        });
      }
      build.onLoad({ filter: overlays.size > 0 ? /.*/ : exactly([entry]), namespace: 'file' }, async (args) => {
        const overlay = overlays.get(args.path);
        if (overlay === undefined && (args.path !== entry || !entryAppendix)) return undefined;
        const text = overlay ?? (await readFile(args.path, 'utf8'));
        const contents = text + (args.path === entry ? entryAppendix : '');
        return { contents, loader: loaderFor(args.path), resolveDir: path.dirname(args.path) };
      });
    },
  };
}

function isInNodeModules(file: string): boolean {
  return file.split(/[\\/]/).includes('node_modules');
}

function isRequireKind(kind: ImportKind): boolean {
  return kind === 'require-call' || kind === 'require-resolve';
}

/** How the bundle refers to an external file: `require` takes a path, `import` a file URL (Windows drives). */
function externalSpecifier(file: string, kind: ImportKind): string {
  return isRequireKind(kind) ? file : pathToFileURL(file).href;
}

async function resolveInner(build: PluginBuild, specifier: string, resolveDir: string, kind: ImportKind) {
  const result = await build.resolve(specifier, { kind, resolveDir, pluginData: { [INNER]: true } });
  return result.errors.length > 0 ? undefined : result;
}

/** A package module the bundle loads, as the worker must load it to get the same instance. */
export interface ExternalModule {
  specifier: string;
  /** File URL for ESM, absolute path for CommonJS. */
  href: string;
  format: 'esm' | 'cjs';
}

type Resolution = { path: string; external?: boolean; namespace?: string; pluginData?: unknown } | undefined;

/**
 * Bare imports resolved recently, by importing directory: the files of a workspace import the same packages
 * from the same folders, and each resolution costs esbuild two more round trips through this thread. Entries
 * last a couple of seconds, so a package installed meanwhile is seen by the next analysis.
 */
export class ResolutionCache {
  private readonly entries = new Map<string, { at: number; resolution: Resolution; external?: ExternalModule }>();
  constructor(private readonly ttlMs = 2000) {}

  get(key: string) {
    const hit = this.entries.get(key);
    if (hit && performance.now() - hit.at <= this.ttlMs) return hit;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  set(key: string, resolution: Resolution, external?: ExternalModule): void {
    this.entries.set(key, { at: performance.now(), resolution, external });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Keeps bare imports external, pinned to their absolute resolution; routes SDK entries through shims. */
export function externalsPlugin(onExternal: (module: ExternalModule) => void = () => {}, cache?: ResolutionCache): Plugin {
  return {
    name: 'tool-schema-lens-externals',
    setup(build) {
      // The shims name the real modules by absolute path or file URL already.
      build.onResolve({ filter: /.*/, namespace: SHIM_NAMESPACE }, (args) => ({ path: args.path, external: true }));
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if ((args.pluginData as { [INNER]?: boolean } | undefined)?.[INNER] || args.kind === 'entry-point') return undefined;
        if (/^[A-Za-z]:[\\/]/.test(args.path)) return undefined; // a Windows absolute path
        if (args.path.startsWith('node:') || BUILTINS.has(args.path)) return { path: args.path, external: true };
        const key = `${args.kind}\0${args.resolveDir}\0${args.path}`;
        const known = cache?.get(key);
        if (known) {
          if (known.external) onExternal(known.external);
          return known.resolution;
        }
        const resolution = await resolveBare(args);
        cache?.set(key, resolution.resolution, resolution.external);
        if (resolution.external) onExternal(resolution.external);
        return resolution.resolution;
      });

      async function resolveBare(args: OnResolveArgs): Promise<{ resolution: Resolution; external?: ExternalModule }> {
        const resolved = await resolveInner(build, args.path, args.resolveDir, args.kind);
        // Unresolvable: let esbuild's own resolver fail, so the error carries the import's location.
        if (!resolved) return { resolution: undefined };
        if (resolved.external) return { resolution: { path: args.path, external: true } };
        // A tsconfig `paths` alias or a symlinked workspace package: workspace source, bundle it.
        if (!isInNodeModules(resolved.path)) return { resolution: { path: resolved.path, namespace: resolved.namespace } };
        const spec = shimFor(args.path);
        if (spec) {
          const format = isRequireKind(args.kind) ? 'cjs' : 'esm';
          return {
            resolution: {
              path: `${resolved.path}#${format}`,
              namespace: SHIM_NAMESPACE,
              pluginData: { spec, real: resolved.path, format, kind: args.kind },
            },
          };
        }
        const href = externalSpecifier(resolved.path, args.kind);
        return {
          resolution: { path: href, external: true },
          external: { specifier: args.path, href, format: isRequireKind(args.kind) ? 'cjs' : 'esm' },
        };
      }

      build.onLoad({ filter: /.*/, namespace: SHIM_NAMESPACE }, async (args) => {
        const { spec, real, format, kind } = args.pluginData as { spec: ShimSpec; real: string; format: 'esm' | 'cjs'; kind: ImportKind };
        let server: string | undefined;
        for (const specifier of spec.companions ?? []) {
          const found = await resolveInner(build, specifier, path.dirname(real), kind);
          if (found && !found.external) {
            server = externalSpecifier(found.path, kind);
            break;
          }
        }
        const contents = shimSource({ spec, real: externalSpecifier(real, kind), server, format });
        return { contents, loader: 'js', resolveDir: path.dirname(real) };
      });
    },
  };
}
