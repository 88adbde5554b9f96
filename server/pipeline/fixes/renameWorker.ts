/**
 * The rename worker thread: TypeScript's rename needs a type-checked program, which takes seconds to build on a
 * large workspace. Here it never blocks the front's thread (diagnostics, hovers, other agents' calls keep flowing).
 * The thread runs the server bundle itself, told by its `workerData` to be this worker: a bundle of its own would
 * carry a second copy of TypeScript in the package.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { KeyRenamer } from './keyRename';
import { RENAME_WORKER_ROLE, type RenameReply, type RenameRequest, type RenameWorkerData } from './renameService';

/** Whether this thread was started as the rename worker. */
export function isRenameWorker(): boolean {
  return !isMainThread && (workerData as Partial<RenameWorkerData> | null)?.role === RENAME_WORKER_ROLE;
}

/** Answers rename requests on this thread until the front terminates it. */
export function runRenameWorker(): void {
  const renamer = new KeyRenamer((workerData as RenameWorkerData).root);
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
}
