/**
 * Renaming a key in one variant the way TypeScript's own rename would: the property name plus every reference
 * the language service finds (handler code reading the key after narrowing, other files), on the unsaved text.
 * The ts-morph project is built on first use and kept, refreshed file by file as buffers and the disk change.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Node, Project, ts } from 'ts-morph';
import type { Overlay, Position } from '../pipeline/types';

export interface TextEditAt {
  file: string;
  start: Position;
  end: Position;
  newText: string;
}

const SOURCE_GLOB = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';

export class KeyRenamer {
  private project: Project | undefined;
  /** Files whose project copy may differ from the disk (they were overlaid, or changed on disk). */
  private readonly dirty = new Set<string>();
  private overlaid = new Map<string, number>();

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
   * The edits that rename the property whose name starts at `position` in `file` to `newName`, or undefined when
   * there is no renameable property there.
   */
  renameKey(file: string, position: Position, newName: string, overlays: ReadonlyMap<string, Overlay>): TextEditAt[] | undefined {
    const project = this.sync(overlays, file);
    const sourceFile = project.getSourceFile(file) ?? project.addSourceFileAtPathIfExists(file);
    if (!sourceFile) return undefined;
    const offset = ts.getPositionOfLineAndCharacter(sourceFile.compilerNode, position.line, position.character);
    const node = nameNodeAt(sourceFile.getDescendantAtPos(offset));
    if (!node) return undefined;
    const locations = project.getLanguageService().findRenameLocations(node, { usePrefixAndSuffixText: true });
    return locations.map((loc) => {
      const sf = loc.getSourceFile();
      const span = loc.getTextSpan();
      const start = sf.compilerNode.getLineAndCharacterOfPosition(span.getStart());
      const end = sf.compilerNode.getLineAndCharacterOfPosition(span.getEnd());
      return { file: path.normalize(sf.getFilePath()), start, end, newText: `${loc.getPrefixText() ?? ''}${newName}${loc.getSuffixText() ?? ''}` };
    });
  }

  private sync(overlays: ReadonlyMap<string, Overlay>, wanted: string): Project {
    if (!this.project) this.project = createProject(this.root);
    const project = this.project;
    for (const [file, overlay] of overlays) {
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
      const sf = project.getSourceFile(file);
      if (sf) {
        if (fs.existsSync(file)) sf.refreshFromFileSystemSync();
        else project.removeSourceFile(sf);
      } else if (file === wanted || isSource(file)) {
        project.addSourceFileAtPathIfExists(file);
      }
    }
    this.dirty.clear();
    return project;
  }
}

function createProject(root: string): Project {
  const tsConfigFilePath = path.join(root, 'tsconfig.json');
  if (fs.existsSync(tsConfigFilePath)) {
    const project = new Project({ tsConfigFilePath });
    return project;
  }
  const project = new Project({
    compilerOptions: {
      allowJs: true,
      checkJs: false,
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      noEmit: true,
    },
  });
  project.addSourceFilesAtPaths([path.join(root, SOURCE_GLOB), `!${path.join(root, '**/node_modules/**')}`]);
  return project;
}

function isSource(file: string): boolean {
  return /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(file) && !file.includes(`${path.sep}node_modules${path.sep}`);
}

/** The renameable name at a node: an identifier or string-literal property name (or the node's own name). */
function nameNodeAt(node: Node | undefined): Node | undefined {
  if (!node) return undefined;
  if (Node.isIdentifier(node) || Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return node;
  if (Node.isPropertyAssignment(node) || Node.isShorthandPropertyAssignment(node)) return node.getNameNode();
  return undefined;
}
