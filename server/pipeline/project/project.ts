/**
 * One ts-morph Project per workspace root, shared by discovery, locating, hover and rename.
 *
 * Files enter the project lazily (only those discovery parses, plus what the type checker resolves
 * on demand), so a workspace of thousands of files costs nothing until a file passes the textual
 * pre-filter. Unsaved editor text (an overlay) replaces the disk content of its file; disk files are
 * re-read when their mtime or size changes, so one long-lived project stays correct across edits.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Project, ts, type SourceFile } from 'ts-morph';
import { isReadableFile, readWorkspaceFile, unreadable } from './boundedRead';
import type { Overlay } from '../run/contract';

/** Compiler options used when the workspace has no (readable) tsconfig.json. */
const DEFAULT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  checkJs: false,
  jsx: ts.JsxEmit.Preserve,
  esModuleInterop: true,
  skipLibCheck: true,
  noEmit: true,
  strict: true,
};

const SOURCE_EXTENSION = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

interface Loaded {
  /** Overlay version, or undefined when the text came from disk. */
  version?: number;
  mtimeMs?: number;
  size?: number;
}

export class WorkspaceProject {
  private static readonly owners = new WeakMap<Project, WorkspaceProject>();

  /** The workspace project a ts-morph Project belongs to (so node-level code can read overlay-aware files). */
  static of(project: Project): WorkspaceProject | undefined {
    return WorkspaceProject.owners.get(project);
  }

  readonly root: string;
  readonly project: Project;
  private readonly loaded = new Map<string, Loaded>();
  private readonly overlays = new Map<string, Overlay>();
  /** Workspace files not read, and why (a FIFO, a device, too large): the fronts say so. */
  readonly skipped = new Map<string, string>();
  /** The workspace's tsconfig.json when it does not parse: the fronts report it on the tsconfig itself. */
  configProblem?: ConfigProblem;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.project = new Project({
      compilerOptions: readCompilerOptions(
        this.root,
        (file, why) => this.skipped.set(file, why),
        (problem) => (this.configProblem = problem),
      ),
      skipAddingFilesFromTsConfig: true,
      skipFileDependencyResolution: true,
      skipLoadingLibFiles: false,
    });
    WorkspaceProject.owners.set(this.project, this);
  }

  /** Replace the overlays wholesale (files no longer overlaid fall back to disk on next access). */
  setOverlays(overlays: ReadonlyMap<string, Overlay> | undefined): void {
    const next = new Map<string, Overlay>();
    for (const [file, overlay] of overlays ?? []) next.set(path.resolve(file), overlay);
    const closed = [...this.overlays.keys()].filter((file) => !next.has(file));
    this.overlays.clear();
    for (const [file, overlay] of next) this.overlays.set(file, overlay);
    // A closed buffer falls back to the disk now, so no stale editor text lingers in the project.
    for (const file of closed) {
      this.loaded.delete(file);
      if (this.project.getSourceFile(file)) this.sourceFile(file);
    }
    // Parse open buffers now (a version check makes this free when unchanged): the type checker reads
    // project files, and must never see the disk text of a file the editor has changed.
    for (const file of next.keys()) if (SOURCE_EXTENSION.test(file)) this.sourceFile(file);
  }

  hasOverlay(file: string): boolean {
    return this.overlays.has(path.resolve(file));
  }

  /** The text analysis sees for a file: the overlay, else the disk; undefined when neither exists. */
  readText(file: string): string | undefined {
    const abs = path.resolve(file);
    const overlay = this.overlays.get(abs);
    if (overlay) return overlay.text;
    const read = readWorkspaceFile(abs);
    if ('text' in read) {
      this.skipped.delete(abs);
      return read.text;
    }
    // A folder asked for as a file is an import path tried as written (`@/tools` before `@/tools/index.ts`), not a skip.
    if ('skipped' in read && !read.skipped.startsWith('a directory')) this.skipped.set(abs, read.skipped);
    return undefined;
  }

  /**
   * The up-to-date source file, parsed on first use; `knownText` avoids a second read when the
   * caller already holds the current text. Undefined when the file does not exist.
   */
  sourceFile(file: string, knownText?: string): SourceFile | undefined {
    const abs = path.resolve(file);
    const overlay = this.overlays.get(abs);
    const existing = this.project.getSourceFile(abs);
    const seen = this.loaded.get(abs);
    if (overlay) {
      if (existing && seen?.version === overlay.version) return existing;
      this.loaded.set(abs, { version: overlay.version });
      return this.write(abs, overlay.text);
    }
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch {
      if (existing) this.forget(abs);
      return undefined;
    }
    if (existing && seen && seen.version === undefined && seen.mtimeMs === stat.mtimeMs && seen.size === stat.size) {
      return existing;
    }
    const why = unreadable(stat);
    if (why) {
      if (!stat.isDirectory()) this.skipped.set(abs, why);
      if (existing) this.forget(abs);
      return undefined;
    }
    const text = knownText ?? this.readText(abs);
    if (text === undefined) return undefined;
    this.loaded.set(abs, { mtimeMs: stat.mtimeMs, size: stat.size });
    if (existing && existing.getFullText() === text) return existing;
    if (!existing) return this.addFromDisk(abs, text);
    return this.write(abs, text);
  }

  /** Drop a file (deleted on disk, or closed and no longer wanted). */
  forget(file: string): void {
    const abs = path.resolve(file);
    this.loaded.delete(abs);
    const sf = this.project.getSourceFile(abs);
    if (sf) this.project.removeSourceFile(sf);
  }

  /**
   * A disk file new to the project: added by path, parsed once. (`createSourceFile` with `overwrite` first
   * parses the disk copy and then the given text: twice the parse cost on a cold check.)
   */
  private addFromDisk(abs: string, text: string): SourceFile {
    const added = this.project.addSourceFileAtPathIfExists(abs);
    if (!added) return this.write(abs, text);
    // The file changed between our read and ts-morph's: the text we stamped is the one analysed.
    if (added.getFullText() !== text) added.replaceWithText(text);
    return added;
  }

  /**
   * The file's new text, parsed once. `createSourceFile` with `overwrite` keeps a known file's wrapper and swaps in the
   * new parse; `replaceWithText` also maps each old node to its new one, for node wrappers nothing here keeps across
   * a change, and that took 6 ms of each keystroke's re-check.
   */
  private write(abs: string, text: string): SourceFile {
    return this.project.createSourceFile(abs, text, { overwrite: true });
  }
}

/**
 * The workspace's compiler options (tsconfig.json with its `extends`), forced to read JS too. TypeScript reads the
 * config and every file it extends through a host of ours, so a FIFO or a device there is skipped, never read.
 */
/** A tsconfig.json that does not parse: where, and TypeScript's message. */
export interface ConfigProblem {
  file: string;
  line: number;
  character: number;
  message: string;
}

export function readCompilerOptions(
  root: string,
  skipped: (file: string, why: string) => void = () => undefined,
  problem: (problem: ConfigProblem) => void = () => undefined,
): ts.CompilerOptions {
  const configPath = path.join(root, 'tsconfig.json');
  const readFile = (file: string): string | undefined => {
    const read = readWorkspaceFile(file);
    if ('skipped' in read) skipped(path.resolve(file), read.skipped);
    return 'text' in read ? read.text : undefined;
  };
  const host: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    readDirectory: (...args) => ts.sys.readDirectory(...args),
    fileExists: (file) => isReadableFile(file),
    readFile,
  };
  if (!fs.existsSync(configPath)) return { ...DEFAULT_OPTIONS };
  const read = ts.readConfigFile(configPath, readFile);
  if (read.error) {
    // Analysed without it (as if absent), and said on the tsconfig: tsc fails on it too.
    const text = readFile(configPath) ?? '';
    const before = text.slice(0, read.error.start ?? 0).split('\n');
    problem({
      file: configPath,
      line: before.length - 1,
      character: before[before.length - 1].length,
      message: ts.flattenDiagnosticMessageText(read.error.messageText, ' ').replace(/\.$/, ''),
    });
    return { ...DEFAULT_OPTIONS };
  }
  const parsed = ts.parseJsonConfigFileContent(read.config, host, root, undefined, configPath);
  // noEmit/allowJs: we never emit, and JS sources can hold tools too.
  return { ...DEFAULT_OPTIONS, ...parsed.options, allowJs: true, noEmit: true };
}
