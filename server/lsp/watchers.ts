/**
 * Files on disk that change what the analysis means: sources (re-analyse them and their importers), project
 * configuration (re-analyse everything), our own project file (re-read the settings) and the installed zod (restart the workers, then re-analyse everything).
 */
import * as path from 'node:path';
import { DidChangeWatchedFilesNotification, type Connection } from 'vscode-languageserver';
import { PROJECT_CONFIG_FILE } from '../projectConfig';

export const WATCHED_GLOBS = [
  '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}',
  '**/package.json',
  '**/{package-lock.json,npm-shrinkwrap.json,yarn.lock,pnpm-lock.yaml,bun.lock,bun.lockb}',
  '**/{tsconfig,jsconfig}*.json',
  `**/${PROJECT_CONFIG_FILE}`,
  '**/node_modules/zod/package.json',
  '**/node_modules/.package-lock.json',
];

export type ChangeKind = 'source' | 'config' | 'settings' | 'dependencies' | 'ignored';

export function classifyChange(file: string): ChangeKind {
  const parts = file.split(path.sep);
  const base = parts[parts.length - 1];
  const inNodeModules = parts.includes('node_modules');
  if (inNodeModules) {
    const i = parts.lastIndexOf('node_modules');
    return parts[i + 1] === 'zod' || base === '.package-lock.json' ? 'dependencies' : 'ignored';
  }
  if (/^(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?)$/.test(base)) return 'dependencies';
  if (base === PROJECT_CONFIG_FILE) return 'settings';
  if (base === 'package.json' || /^(tsconfig|jsconfig).*\.json$/.test(base)) return 'config';
  if (/\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(base)) return 'source';
  return 'ignored';
}

export async function registerWatchers(connection: Connection): Promise<void> {
  await connection.client.register(DidChangeWatchedFilesNotification.type, {
    watchers: WATCHED_GLOBS.map((globPattern) => ({ globPattern })),
  });
}
