/**
 * An entry's transform, made while its job waits for a worker. A worker's loader asks the host for each TypeScript
 * file it loads and waits for the answer; on a busy machine that round trip (worker, host, esbuild and back) took
 * 12 to 21 ms per file, with the worker idle, and every evaluation makes at least one: its own entry. The host knows
 * the entry before the worker does, so it transforms it then, through the same cached transform, and the job carries
 * the code. The loader uses it only when it would ask for exactly that (the same text with the appendix, the same
 * tsconfig options and bundler constants, see `transformKnown` in worker/loader/hooks.ts); anything else is asked
 * for as before.
 */
import path from 'node:path';
import { readWorkspaceFile } from '../../project/boundedRead';
import { bundlerDefines } from '../bundlerDefines';
import { forgetTsconfigs, tsconfigFor } from '../tsconfig';
import { forgetModuleFormats, moduleFormatOf } from '../moduleFormat';
import { transformKey, type PreparedEntry } from '../worker/loader/protocol';
import { canStripHere } from '../worker/loader/stripTypes';
import { transformSource } from './transformSource';

/** What the loader transforms whatever the package's module type (see SCRIPTS and TYPESCRIPT in the hooks). */
const TRANSFORMED_ALWAYS = new Set(['.ts', '.mts', '.cts', '.tsx', '.jsx']);

/** An entry's transform in the making: `current()` is it once made (undefined before, and when none is made). */
export interface PreparingEntry {
  current: () => PreparedEntry | undefined;
  /** Resolves once it is made or known not to be. */
  settled: Promise<void>;
}

/** Starts the entry's transform, for the job to carry if it is made by the time a worker takes the job. */
export function prepareEntry(file: string, appendix: string, overlays: ReadonlyMap<string, string>): PreparingEntry {
  // A Node that strips types itself does so on the loader's thread and never asks (worker/loader/stripTypes.ts).
  if (canStripHere || !TRANSFORMED_ALWAYS.has(path.extname(file).toLowerCase())) return { current: () => undefined, settled: Promise.resolve() };
  let prepared: PreparedEntry | undefined;
  const settled = made(file, appendix, overlays).then(
    (entry) => void (prepared = entry),
    () => undefined,
  );
  return { current: () => prepared, settled };
}

async function made(file: string, appendix: string, overlays: ReadonlyMap<string, string>): Promise<PreparedEntry | undefined> {
  let text = overlays.get(file);
  if (text === undefined) {
    const read = readWorkspaceFile(file);
    if (!('text' in read)) return undefined;
    text = read.text;
  }
  // Read as the loader reads them at a generation's start: a tsconfig edited since must count.
  forgetTsconfigs();
  forgetModuleFormats();
  const { compilerOptions } = tsconfigFor(file);
  const format = moduleFormatOf(file);
  const source = text + appendix;
  const result = await transformSource(file, source, compilerOptions, format);
  if (!('code' in result) || result.volatile) return undefined;
  return { source, options: transformKey(compilerOptions, bundlerDefines(file), format), code: result.code, format: result.format };
}
