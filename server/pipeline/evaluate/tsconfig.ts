/**
 * The parts of the nearest tsconfig.json that decide how a file runs under `tsx`: `paths` and `baseUrl` for
 * resolution, and the compiler options esbuild's transform honours (decorators, class fields, JSX). Read in the
 * loader thread, through bounded reads only, following `extends` to a fixed depth; the host reads the same to transform
 * an entry before its worker asks (host/preparedEntry.ts).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { readWorkspaceFile } from '../project/boundedRead';

export interface TsconfigFacts {
  /** Absolute directory `paths` are relative to. */
  pathsBase?: string;
  paths?: Record<string, string[]>;
  /** Options handed to esbuild's transform as `tsconfigRaw.compilerOptions`. */
  compilerOptions: Record<string, unknown>;
}

const MAX_EXTENDS = 10;
const TRANSFORM_OPTIONS = [
  'experimentalDecorators',
  'emitDecoratorMetadata',
  'useDefineForClassFields',
  'verbatimModuleSyntax',
  'preserveValueImports',
  'importsNotUsedAsValues',
  'jsx',
  'jsxFactory',
  'jsxFragmentFactory',
  'jsxImportSource',
  'target',
];
const byDirectory = new Map<string, TsconfigFacts>();

/** JSON with comments and trailing commas, as tsc accepts it; undefined when it still does not parse. */
export function parseJsonc(text: string): unknown {
  const stripped = text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_m, str: string | undefined) => str ?? '').replace(/,(\s*[}\]])/g, '$1');
  try {
    return JSON.parse(stripped);
  } catch {
    return undefined;
  }
}

interface Raw {
  extends?: string | string[];
  compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> } & Record<string, unknown>;
}

function readConfig(file: string, depth: number): TsconfigFacts | undefined {
  if (depth > MAX_EXTENDS) return undefined;
  const read = readWorkspaceFile(file);
  if (!('text' in read)) return undefined;
  const raw = parseJsonc(read.text) as Raw | undefined;
  if (!raw || typeof raw !== 'object') return undefined;
  const dir = path.dirname(file);
  let facts: TsconfigFacts = { compilerOptions: {} };
  for (const parent of [raw.extends ?? []].flat()) {
    const parentFile = resolveExtends(parent, dir);
    const inherited = parentFile ? readConfig(parentFile, depth + 1) : undefined;
    if (inherited) facts = { ...facts, ...inherited, compilerOptions: { ...facts.compilerOptions, ...inherited.compilerOptions } };
  }
  const options = raw.compilerOptions ?? {};
  for (const key of TRANSFORM_OPTIONS) if (key in options) facts.compilerOptions[key] = options[key];
  if (options.paths) facts = { ...facts, paths: options.paths, pathsBase: path.resolve(dir, options.baseUrl ?? '.') };
  else if (options.baseUrl) facts = { ...facts, pathsBase: path.resolve(dir, options.baseUrl) };
  return facts;
}

function resolveExtends(specifier: string, dir: string): string | undefined {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    const file = path.resolve(dir, specifier);
    return file.endsWith('.json') ? file : `${file}.json`;
  }
  try {
    return createRequire(path.join(dir, 'tsconfig.json')).resolve(specifier);
  } catch {
    return undefined;
  }
}

/** The facts of the tsconfig.json nearest above `file` (none: empty compiler options). */
export function tsconfigFor(file: string): TsconfigFacts {
  const start = path.dirname(file);
  const cached = byDirectory.get(start);
  if (cached) return cached;
  let facts: TsconfigFacts = { compilerOptions: {} };
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (dir.split(path.sep).includes('node_modules') && path.basename(dir) === 'node_modules') break;
    const found = readConfig(path.join(dir, 'tsconfig.json'), 0);
    if (found) {
      facts = found;
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  byDirectory.set(start, facts);
  return facts;
}

/** Forget what was read: a new generation sees tsconfig edits. */
export function forgetTsconfigs(): void {
  byDirectory.clear();
}
