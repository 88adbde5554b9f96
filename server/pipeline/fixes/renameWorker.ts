/**
 * The rename worker thread: TypeScript's rename needs a type-checked program, which takes seconds to build on a
 * large workspace. Here it never blocks the front's thread (diagnostics, hovers, other agents' calls keep flowing).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { KeyRenamer } from './keyRename';
import type { RenameReply, RenameRequest } from './renameService';

const renamer = new KeyRenamer((workerData as { root: string }).root);

parentPort?.on('message', (request: RenameRequest) => {
  let reply: RenameReply;
  try {
    if (request.reset) renamer.reset();
    for (const file of request.invalidated) renamer.invalidate(file);
    const outcome = renamer.renameKey(request.file, request.position, request.key, request.newName, new Map(request.overlays));
    reply = { id: request.id, outcome };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply);
});
