/**
 * Renaming a key in one variant the way TypeScript's own rename would: the property name plus every reference
 * the language service finds (handler code reading the key after narrowing, other files), on the unsaved text.
 *
 * Only files that (transitively) import the declaring file can refer to its property, so the program holds just
 * those (their own imports follow), not the whole workspace: seconds instead of tens of seconds on a large one.
 * The ts-morph project is built on first use and kept, refreshed file by file as buffers and the disk change.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Node, Project, ts } from 'ts-morph';
import { isReadableFile, readWorkspaceFile } from '../project/boundedRead';
import type { Overlay } from '../run/contract';
import type { Position } from '../syntax/places';

export interface TextEditAt {
  file: string;
  start: Position;
  end: Position;
  newText: string;
}

/** The edits of a rename, or why there are none (what the user is told, and the log says). */
export type RenameOutcome = { edits: TextEditAt[] } | { reason: string };

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'out', '.cache']);

const DEFAULT_OPTIONS: ts.CompilerOptions = {
  allowJs: true,
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  skipLibCheck: true,
  noEmit: true,
};

export class KeyRenamer {
  private project: Project | undefined;
  /** The workspace's source files (tsconfig's list, else every source file under the root). */
  private fileNames: string[] = [];
  /** Files whose project copy may differ from the disk (they were overlaid, or changed on disk). */
  private readonly dirty = new Set<string>();
  private readonly overlaid = new Map<string, number>();

  constructor(private readonly root: string) {}

  /** A file changed on disk or a buffer closed: refresh it before the next rename. */
  invalidate(file: string): void {
    this.dirty.add(file);
  }

  /** tsconfig or dependencies changed: rebuild from scratch next time. */
  reset(): void {
    this.project = undefined;
    this.dirty.clear();
    this.overlaid.clear();
  }

  /**
   * The edits that rename the property `key` whose name starts at `position` in `file` to `newName`, or why not
   * (the property is not written there: built by a helper, a spread, a computed name).
   */
  renameKey(file: string, position: Position, key: string, newName: string, overlays: ReadonlyMap<string, Overlay>): RenameOutcome {
    const project = this.sync(overlays);
    for (const scoped of this.importersOf(file, overlays, project.getCompilerOptions())) {
      if (!project.getSourceFile(scoped)) project.addSourceFileAtPathIfExists(scoped);
    }
    const sourceFile = project.getSourceFile(file);
    const where = `${path.basename(file)}:${position.line + 1}:${position.character + 1}`;
    if (!sourceFile) return { reason: `${where} is not a TypeScript or JavaScript file of this workspace's program` };
    const offset = ts.getPositionOfLineAndCharacter(sourceFile.compilerNode, position.line, position.character);
    const found = sourceFile.getDescendantAtPos(offset);
    const node = nameNodeAt(found);
    if (!node || propertyName(node) !== key) {
      const text = (found?.getText() ?? '').split('\n')[0].slice(0, 60);
      return {
        reason: `the key \`${key}\` is not written at ${where}${text ? ` (the finding points at \`${text}\`)` : ''}: it comes from a helper, a spread or a computed name, so rename it where it is declared`,
      };
    }
    const locations = project.getLanguageService().findRenameLocations(node, { usePrefixAndSuffixText: true });
    if (locations.length === 0)
      return { reason: `TypeScript cannot rename \`${key}\` at ${where} (a name from a library's types, or a file outside the program)` };
    const edits = locations.map((loc) => {
      const sf = loc.getSourceFile();
      const span = loc.getTextSpan();
      const start = sf.compilerNode.getLineAndCharacterOfPosition(span.getStart());
      const end = sf.compilerNode.getLineAndCharacterOfPosition(span.getEnd());
      return { file: path.normalize(sf.getFilePath()), start, end, newText: `${loc.getPrefixText() ?? ''}${newName}${loc.getSuffixText() ?? ''}` };
    });
    return { edits };
  }

  private sync(overlays: ReadonlyMap<string, Overlay>): Project {
    if (!this.project) {
      const created = createProject(this.root);
      this.project = created.project;
      this.fileNames = created.fileNames;
    }
    const project = this.project;
    // Every open buffer, even one only imported by the files in scope: the compiler would read its disk text otherwise.
    for (const [file, overlay] of overlays) {
      if (!SOURCE.test(file) || isInNodeModules(file)) continue;
      if (this.overlaid.get(file) === overlay.version && project.getSourceFile(file)) continue;
      project.createSourceFile(file, overlay.text, { overwrite: true });
      this.overlaid.set(file, overlay.version);
      this.dirty.delete(file);
    }
    for (const file of [...this.overlaid.keys()]) {
      if (!overlays.has(file)) {
        this.overlaid.delete(file);
        this.dirty.add(file);
      }
    }
    for (const file of this.dirty) {
      // An open buffer speaks for itself: its text, not the disk's, is what the rename's positions refer to.
      if (this.overlaid.has(file)) continue;
      const sf = project.getSourceFile(file);
      if (!sf) continue;
      if (fs.existsSync(file)) sf.refreshFromFileSystemSync();
      else project.removeSourceFile(sf);
    }
    if (this.dirty.size) this.fileNames = listSourceFiles(this.root, project.getCompilerOptions());
    this.dirty.clear();
    return project;
  }

  /** `file` and every workspace file that imports it, directly or not (from a syntactic scan of imports). */
  private importersOf(file: string, overlays: ReadonlyMap<string, Overlay>, options: ts.CompilerOptions): string[] {
    const known = new Set([...this.fileNames, ...[...overlays.keys()].filter((f) => SOURCE.test(f) && !isInNodeModules(f))]);
    const importers = new Map<string, string[]>();
    const cache = ts.createModuleResolutionCache(this.root, (f) => f, options);
    for (const from of known) {
      const text = overlays.get(from)?.text ?? readText(from);
      if (text === undefined) continue;
      for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
        const resolved = ts.resolveModuleName(imported.fileName, from, options, ts.sys, cache).resolvedModule?.resolvedFileName;
        if (!resolved) continue;
        const target = path.normalize(resolved);
        if (!known.has(target)) continue;
        const list = importers.get(target) ?? [];
        list.push(from);
        importers.set(target, list);
      }
    }
    const scope = new Set([file]);
    const queue = [file];
    while (queue.length) {
      for (const importer of importers.get(queue.pop()!) ?? []) {
        if (scope.has(importer)) continue;
        scope.add(importer);
        queue.push(importer);
      }
    }
    return [...scope];
  }
}

function createProject(root: string): { project: Project; fileNames: string[] } {
  const tsConfigFilePath = path.join(root, 'tsconfig.json');
  // Only a regular tsconfig is handed to ts-morph (a FIFO there would block its read forever).
  const project = isReadableFile(tsConfigFilePath)
    ? new Project({ tsConfigFilePath, skipAddingFilesFromTsConfig: true })
    : new Project({ compilerOptions: DEFAULT_OPTIONS });
  return { project, fileNames: listSourceFiles(root, project.getCompilerOptions()) };
}

/** tsconfig's file list when there is one, else every source file under the root outside dependencies and output. */
function listSourceFiles(root: string, options: ts.CompilerOptions): string[] {
  const tsConfigFilePath = path.join(root, 'tsconfig.json');
  if (isReadableFile(tsConfigFilePath)) {
    const readFile = (file: string) => {
      const read = readWorkspaceFile(file);
      return 'text' in read ? read.text : undefined;
    };
    const host = { ...ts.sys, readFile, fileExists: (file: string) => isReadableFile(file), onUnRecoverableConfigFileDiagnostic: () => undefined };
    const parsed = ts.getParsedCommandLineOfConfigFile(tsConfigFilePath, options, host);
    if (parsed) return parsed.fileNames.map((f) => path.normalize(f));
  }
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory() && !SKIPPED_DIRS.has(e.name)) walk(path.join(dir, e.name));
      else if (e.isFile() && SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(path.join(dir, e.name));
    }
  };
  walk(root);
  return out;
}

function readText(file: string): string | undefined {
  const read = readWorkspaceFile(file);
  return 'text' in read ? read.text : undefined;
}

function isInNodeModules(file: string): boolean {
  return file.split(path.sep).includes('node_modules');
}

function propertyName(node: Node): string {
  return Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) ? node.getLiteralText() : node.getText();
}

/** The renameable name at a node: an identifier or string-literal property name (or the node's own name). */
function nameNodeAt(node: Node | undefined): Node | undefined {
  if (!node) return undefined;
  if (Node.isIdentifier(node) || Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return node;
  if (Node.isPropertyAssignment(node) || Node.isShorthandPropertyAssignment(node)) return node.getNameNode();
  return undefined;
}
