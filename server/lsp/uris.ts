/**
 * File paths (what the pipeline speaks) and URIs (what LSP speaks). Clients spell file URIs differently
 * (VS Code percent-encodes more than Node does), so comparisons always go through the path.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as path from 'node:path';

export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return path.normalize(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

export function pathToUri(file: string): string {
  return pathToFileURL(file).href;
}
