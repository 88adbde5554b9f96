/**
 * Discovery: which files may hold tool schemas and where each tool schema site is, statically.
 * Text first (a file that mentions no zod or tool SDK is never parsed), then a syntactic pass over
 * the parsed file; the type checker is never involved, so thousands of files stay fast.
 */
import * as fs from 'node:fs';
import type { SourceFile, ts } from 'ts-morph';
import type { WorkspaceProject } from '../project/project';
import type { DiscoveredFile, DiscoveredSite } from './contract';
import type { Overlay } from '../run/contract';
import { findDeclarations } from './declarations';
import { mayHoldToolSchemas } from './prefilter';
import { findRegistrations } from './registrations';
import { followExport, type ImportFollower } from '../syntax';
import { readSdkBindings } from './sdkImports';

export { mayHoldToolSchemas } from './prefilter';

/**
 * Discover the tool schema sites of these files. Overlays (unsaved text) replace disk content;
 * they are installed into the project for this and later calls (pass `undefined` to keep the
 * project's current overlays). A missing or unreadable file yields a non-candidate entry.
 */
export function discoverFiles(project: WorkspaceProject, files: string[], overlays?: ReadonlyMap<string, Overlay>): DiscoveredFile[] {
  if (overlays) project.setOverlays(overlays);
  return files.map((file) => discoverFile(project, file));
}

/** Per project: files the pre-filter rejected, by mtime and size, so an unchanged file is not even re-read. */
const rejected = new WeakMap<WorkspaceProject, Map<string, string>>();
/** Per parsed tree: its result, when it did not depend on another file (a re-parse makes a new tree). */
const results = new WeakMap<ts.SourceFile, { sites: DiscoveredSite[]; candidate: boolean; toolApi: boolean }>();

/** Discover one file through the project (parsed only when the text passes the pre-filter). */
export function discoverFile(project: WorkspaceProject, file: string, follow: ImportFollower = followExport): DiscoveredFile {
  const notCandidate: DiscoveredFile = { file, sites: [], candidate: false };
  let skipped = rejected.get(project);
  if (!skipped) rejected.set(project, (skipped = new Map<string, string>()));
  const stamp = project.hasOverlay(file) ? undefined : diskStamp(file);
  if (stamp !== undefined && skipped.get(file) === stamp) return notCandidate;
  const text = project.readText(file);
  if (text === undefined) return notCandidate;
  if (!mayHoldToolSchemas(text)) {
    if (stamp !== undefined) skipped.set(file, stamp);
    return notCandidate;
  }
  skipped.delete(file);
  const sourceFile = project.sourceFile(file, text);
  if (!sourceFile) return notCandidate;
  const cached = results.get(sourceFile.compilerNode);
  if (cached) return { file, ...cached };
  let followed = false;
  const tracking: ImportFollower = (...args) => {
    followed = true;
    return follow(...args);
  };
  const result = discoverSourceFile(sourceFile, tracking);
  if (!followed) results.set(sourceFile.compilerNode, result);
  return { file, ...result };
}

function diskStamp(file: string): string | undefined {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return undefined;
  }
}

/**
 * The sites of an already parsed source file, whether it should be evaluated, and whether it uses what a tool library
 * registers or serves with (`toolApi`: a server class, a tool function, a library's namespace), as opposed to a
 * program that only connects to a server as a client, or uses no tool library at all.
 */
export function discoverSourceFile(sourceFile: SourceFile, follow?: ImportFollower): { sites: DiscoveredSite[]; candidate: boolean; toolApi: boolean } {
  const bindings = readSdkBindings(sourceFile);
  const registrations = findRegistrations(sourceFile, bindings, follow);
  const declarations = findDeclarations(sourceFile, registrations, follow);
  const sites = [...registrations, ...declarations].sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
  const importsSdk = bindings.libraries.size > 0;
  const zodUnion = bindings.importsZod && sourceFile.getFullText().includes('discriminatedUnion');
  // A file that mentions zod or an SDK (the pre-filter let it through) but does not parse may hide its imports and
  // registrations in the broken part: it is evaluated, so the bundler's syntax error becomes its finding.
  const toolApi = bindings.named.size > 0 || bindings.namespaces.size > 0;
  return { sites, candidate: sites.length > 0 || importsSdk || zodUnion || hasSyntaxErrors(sourceFile), toolApi };
}

function hasSyntaxErrors(sourceFile: SourceFile): boolean {
  // TypeScript keeps the parser's diagnostics on the tree (not in its public type); reading them costs nothing.
  const diagnostics = (sourceFile.compilerNode as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics;
  return (diagnostics?.length ?? 0) > 0;
}
