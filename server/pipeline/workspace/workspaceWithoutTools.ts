/**
 * "0 tools" never passes CI silently: a checked workspace whose package.json depends on a tool library (directly, or
 * through a package of the same workspace), and in which no tool was found at all, gets an error on that dependency
 * saying what ran and what to try.
 */
import path from 'node:path';
import { readWorkspaceFile } from '../project/boundedRead';
import { TOOL_LIBRARY_PACKAGES } from '../sdks';
import type { AnalysisResult } from '../run/contract';
import type { Diagnostic } from '../assemble/report';
import { causeSentence } from '../findings/messages';
import { mayPlaceholder } from '../environment/placeholders';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** A package.json's dependency names (every field, each once) and its text's lines, or undefined when unreadable. */
function manifestOf(file: string): { names: string[]; versions: Map<string, string>; lines: string[] } | undefined {
  const read = readWorkspaceFile(file);
  if (!('text' in read)) return undefined;
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(read.text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const versions = new Map<string, string>();
  for (const field of DEPENDENCY_FIELDS) {
    for (const [name, version] of Object.entries((manifest[field] as Record<string, unknown> | undefined) ?? {})) {
      // A package named in two fields (a peer and a dev dependency) is one library.
      if (!versions.has(name)) versions.set(name, String(version));
    }
  }
  return { names: [...versions.keys()], versions, lines: read.text.split('\n') };
}

/** A package of the same workspace (`workspace:*`, `file:`, `link:`): what it depends on, the app depends on. */
const LINKED = /^(?:workspace|file|link):/;

/**
 * The tool libraries `root`'s package.json depends on, each with the 0-based line that names it; directly, or through
 * a package of the same workspace (an app whose server is built by the monorepo's shared package).
 */
function libraryDependencies(packageJson: string): Array<{ name: string; line: number }> {
  const manifest = manifestOf(packageJson);
  if (!manifest) return [];
  const lineOf = (name: string) =>
    Math.max(
      0,
      manifest.lines.findIndex((l) => l.includes(`"${name}"`)),
    );
  const direct = manifest.names.filter((name) => TOOL_LIBRARY_PACKAGES.has(name)).map((name) => ({ name, line: lineOf(name) }));
  if (direct.length > 0) return direct;
  return manifest.names
    .filter((name) => LINKED.test(manifest.versions.get(name) ?? ''))
    .flatMap((name) => {
      const linked = manifestOf(path.join(path.dirname(packageJson), 'node_modules', name, 'package.json'));
      const libraries = linked?.names.filter((dep) => TOOL_LIBRARY_PACKAGES.has(dep)) ?? [];
      return libraries.length ? [{ name: `${name} (${libraries.join(', ')})`, line: lineOf(name) }] : [];
    });
}

/** The package.json of the package `root` is in (a checked folder may be one below it). */
function nearestPackageJson(root: string): string | undefined {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if ('text' in readWorkspaceFile(candidate)) return candidate;
    if (path.dirname(dir) === dir || path.basename(dir) === 'node_modules') return undefined;
  }
}

/**
 * Why the files that failed did, from their findings' data, most common first: the fix that recovers the most files
 * leads (a variable to set, a package to install, the Node to run), not a generic list of what it might be.
 */
function failureCauses(failures: readonly Diagnostic[]): string {
  const counts = new Map<string, number>();
  for (const d of failures) {
    const because = d.failedBecause;
    const cause = because?.cause
      ? causeSentence(because.cause)
      : because?.missingPackage
        ? `${because.missingPackage} is not installed: run your package manager's install (or stub it with check --stub ${because.missingPackage})`
        : because?.choices?.length
          ? `it reads ${because.choices.join(', ')}, which the code compares with values: a choice to make, set as your users run it (check --env ${because.choices[0]}=…)`
          : because?.unsetEnv?.length
            ? `it read ${keysFirst(because.unsetEnv).slice(0, 4).join(', ')}, unset: set ${because.unsetEnv.length === 1 ? 'it' : 'them'} with check --env NAME=value, .env or toolSchemaLens.evaluation.env${because.placeholdersTried ? ` (placeholders for ${because.placeholdersTried.join(', ')} were tried; the start still stopped)` : ''}`
            : d.failure === 'refused'
              ? 'the check refused what it tried (a write, a process, a connection; see its evaluation-failed finding)'
              : d.failure === 'timeout' || d.failure === 'memory'
                ? `it was stopped at the ${d.failure === 'timeout' ? 'CPU-time limit (raise it with check --timeout <ms>)' : 'memory cap (raise it with check --memory <mb>)'}`
                : 'it threw (its evaluation-failed finding says what)';
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const shown = ranked.slice(0, 3).map(([cause, n]) => (ranked.length > 1 || n > 1 ? `${n} because ${cause}` : cause));
  return shown.join('; ') + (ranked.length > 3 ? `; ${ranked.length - 3} other causes` : '');
}

/** Credentials before switches: the variable a start stopped for is rarely its `…_DEBUG`. */
function keysFirst(names: readonly string[]): string[] {
  return [...names.filter(mayPlaceholder), ...names.filter((n) => !mayPlaceholder(n))];
}

/** The error for a checked folder that depends on a tool library and yielded no tool, if it is one. */
export function workspaceWithoutTools(root: string, result: AnalysisResult, filesChecked: number): Diagnostic | undefined {
  // An exported schema is shown as what a tool may take, not counted as one: a workspace with only those has no tool.
  if (result.files.some((f) => f.tools.some((t) => t.kind !== 'exported'))) return undefined;
  const packageJson = nearestPackageJson(root);
  const libraries = packageJson ? libraryDependencies(packageJson) : [];
  if (!packageJson || libraries.length === 0) return undefined;
  const failures = result.files.flatMap((f) => f.diagnostics.filter((d) => d.code === 'evaluation-failed' && d.file === f.file));
  // Findings placed in an imported module count once per file, and never more than the files checked.
  const failed = Math.min(new Set(failures.map((d) => d.file)).size, filesChecked);
  const names = libraries.map((l) => l.name).join(', ');
  const advice =
    filesChecked === 0
      ? 'name the folder to check (check tests/) or replace the default excludes with --exclude <glob>. No file was checked: every file here is excluded (test files and folders are, by default).'
      : failed > 0
        ? `fix why its files failed to evaluate. ${failed} of the ${filesChecked} files checked failed to evaluate${failed < filesChecked ? ' and the others registered none' : ''}: ${failureCauses(failures)}.`
        : `name the entry point or the function that builds your server with check --entry file#function. None of the ${filesChecked} files checked registered one; in the editor: toolSchemaLens.entryPoints.`;
  const line = libraries[0].line;
  return {
    file: packageJson,
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    severity: 'error',
    code: 'no-tools-found',
    rule: 'workspace-without-tools',
    message: `no tool found in a workspace that depends on ${names}; ${advice}`,
    path: [],
    related: [],
  };
}
