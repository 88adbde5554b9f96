/**
 * A variable the user set for evaluation (`--env`, `.env`, `toolSchemaLens.evaluation.env`) whose value is a file or
 * folder outside what evaluated code may read: the code sees no file there (the permission model answers a probe
 * with "not there"), so a server that loads its keys from that path exits as if it had none, however the variable is
 * set. Said up front, with the way out, instead of the start's own "file not found".
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isUnder } from '../plan/candidates';
import { workspaceReadable } from '../evaluate/host/permissions';

/** The variables whose value is an existing path outside the folders evaluation reads, with that path. */
export function unreadableEnvPaths(root: string, env: Readonly<Record<string, string>>): Array<{ name: string; path: string }> {
  const readable = workspaceReadable(root);
  const out: Array<{ name: string; path: string }> = [];
  for (const [name, value] of Object.entries(env)) {
    if (!path.isAbsolute(value) || !fs.existsSync(value)) continue;
    const file = path.resolve(value);
    if (readable.some((dir) => dir === file || isUnder(dir, file))) continue;
    out.push({ name, path: file });
  }
  return out;
}
