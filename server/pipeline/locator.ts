/**
 * The locate stage as assembly sees it: finding sites → source ranges through the shared ts-morph
 * project (locate/), with the tool's registration as the fallback.
 */
import * as path from 'node:path';
import type { Locator } from './assemble';
import type { WorkspaceProject } from './project';
import type { Range } from './types';

export function createLocator(project: WorkspaceProject): Locator {
  return {
    locate: () => null,
    suggestRename: (_place, _site, key, variant) => `${variant}${key[0].toUpperCase()}${key.slice(1)}`,
    firstLine: (file) => firstLineRange(project.readText(path.resolve(file))),
  };
}

/** The first line of a text, without its line break (an empty range for an empty or missing file). */
export function firstLineRange(text: string | undefined): Range {
  const firstLine = (text ?? '').split(/\r?\n/, 1)[0] ?? '';
  return { start: { line: 0, character: 0 }, end: { line: 0, character: firstLine.length } };
}
