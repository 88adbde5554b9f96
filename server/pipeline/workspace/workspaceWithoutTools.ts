/**
 * "0 tools" never passes CI silently: a checked workspace whose package.json depends on a tool library, and in
 * which no tool was found at all, gets an error on that dependency saying what ran and what to try.
 */
import path from 'node:path';
import { readWorkspaceFile } from '../boundedRead';
import { TOOL_LIBRARY_PACKAGES } from '../sdks';
import type { AnalysisResult, Diagnostic } from '../types';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** The tool libraries `root`'s package.json depends on, each with the 0-based line that names it. */
function libraryDependencies(packageJson: string): Array<{ name: string; line: number }> {
  const read = readWorkspaceFile(packageJson);
  if (!('text' in read)) return [];
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(read.text) as Record<string, unknown>;
  } catch {
    return [];
  }
  // A package named in two fields (a peer and a dev dependency) is one library.
  const names = [...new Set(DEPENDENCY_FIELDS.flatMap((field) => Object.keys((manifest[field] as Record<string, string> | undefined) ?? {})))];
  const lines = read.text.split('\n');
  return names
    .filter((name) => TOOL_LIBRARY_PACKAGES.has(name))
    .map((name) => ({
      name,
      line: Math.max(
        0,
        lines.findIndex((l) => l.includes(`"${name}"`)),
      ),
    }));
}

/** The package.json of the package `root` is in (a checked folder may be one below it). */
function nearestPackageJson(root: string): string | undefined {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if ('text' in readWorkspaceFile(candidate)) return candidate;
    if (path.dirname(dir) === dir || path.basename(dir) === 'node_modules') return undefined;
  }
}

/** The error for a checked folder that depends on a tool library and yielded no tool, if it is one. */
export function workspaceWithoutTools(root: string, result: AnalysisResult, filesChecked: number): Diagnostic | undefined {
  // An exported schema is shown as what a tool may take, not counted as one: a workspace with only those has no tool.
  if (result.files.some((f) => f.tools.some((t) => t.kind !== 'exported'))) return undefined;
  const packageJson = nearestPackageJson(root);
  const libraries = packageJson ? libraryDependencies(packageJson) : [];
  if (!packageJson || libraries.length === 0) return undefined;
  const failed = result.files.filter((f) => f.diagnostics.some((d) => d.code === 'evaluation-failed' && d.file === f.file)).length;
  const names = libraries.map((l) => l.name).join(', ');
  const advice =
    filesChecked === 0
      ? 'no file was checked: every file here is excluded (test files and folders are, by default); name the folder to check (check tests/) or replace the default excludes with --exclude <glob>'
      : failed > 0
        ? `${failed} of the ${filesChecked} files checked failed to evaluate (see their evaluation-failed findings: a missing \`npm install\`, an environment variable)${failed < filesChecked ? ' and the others registered none' : ''}`
        : `none of the ${filesChecked} files checked registered one; name the entry point or the function that builds your server with check --entry file#function or toolSchemaLens.entryPoints`;
  const line = libraries[0].line;
  return {
    file: packageJson,
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    severity: 'error',
    code: 'no-tools-found',
    rule: 'workspace-without-tools',
    message: `no tool found in a workspace that depends on ${names}: ${advice}`,
    path: [],
    related: [],
  };
}
