/**
 * A cheap, syntactic follow of a relative import to the named declaration's initializer, used by
 * discovery to see that `export const Input = z.object({ action: Action })` holds a union declared
 * in a sibling file, without building a type-checking program.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Node, type Expression, type SourceFile } from 'ts-morph';
import type { WorkspaceProject } from '../project';
import type { ImportFollower } from './declarations';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** Candidate files for a relative specifier: as written, with `.js` → `.ts`, with an extension, or an index file. */
export function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  const candidates = [base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => path.join(base, 'index' + e))];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

export function importFollower(project: WorkspaceProject): ImportFollower {
  return (sourceFile: SourceFile, specifier: string, name: string): Expression | undefined => {
    const target = resolveRelative(sourceFile.getFilePath(), specifier);
    const other = target ? project.sourceFile(target) : undefined;
    if (!other) return undefined;
    for (const statement of other.getVariableStatements()) {
      for (const decl of statement.getDeclarations()) {
        if (decl.getName() !== name) continue;
        const init = decl.getInitializer();
        return init && !Node.isIdentifier(init) ? init : undefined;
      }
    }
    return undefined;
  };
}
