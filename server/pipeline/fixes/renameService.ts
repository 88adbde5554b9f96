/**
 * A front's side of the rename worker thread (the language server's and the MCP server's): queues invalidations,
 * sends one request at a time, and lets the thread (and its TypeScript program, a few hundred MB) go after a quiet
 * spell. Where the worker script is not
 * beside us (running from source in tests) the rename runs inline.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Overlay } from '../run/contract';
import type { Position } from '../syntax/places';
import { KeyRenamer, type RenameOutcome } from './keyRename';

export interface RenameRequest {
  id: number;
  file: string;
  position: Position;
  key: string;
  newName: string;
  overlays: Array<[string, Overlay]>;
  invalidated: string[];
  reset: boolean;
}

export type RenameReply = { id: number; outcome?: RenameOutcome; error?: string };

/** What a rename worker's `workerData` says it is: the server bundle started on a thread to be this worker. */
export interface RenameWorkerData {
  role: typeof RENAME_WORKER_ROLE;
  root: string;
}

export const RENAME_WORKER_ROLE = 'tool-schema-lens-rename';

/** Free the TypeScript program after this long without a rename. */
const IDLE_MS = 3 * 60_000;

export class RenameService {
  private worker: Worker | undefined;
  private inline: KeyRenamer | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(outcome: RenameOutcome): void; reject(e: Error): void }>();
  private invalidated = new Set<string>();
  private resetNext = false;
  private idleTimer: NodeJS.Timeout | undefined;
  // The server bundle this runs in (renameWorker.ts): from source (the tests), the rename runs inline.
  private readonly script = path.join(__dirname, 'server.js');

  constructor(private readonly root: string) {}

  invalidate(file: string): void {
    this.invalidated.add(file);
    this.inline?.invalidate(file);
  }

  reset(): void {
    this.resetNext = true;
    this.inline?.reset();
  }

  async renameKey(file: string, position: Position, key: string, newName: string, overlays: ReadonlyMap<string, Overlay>): Promise<RenameOutcome> {
    if (!fs.existsSync(this.script) || !__filename.endsWith('.js')) {
      this.inline ??= new KeyRenamer(this.root);
      return this.inline.renameKey(file, position, key, newName, overlays);
    }
    const worker = this.ensureWorker();
    const request: RenameRequest = {
      id: this.nextId++,
      file,
      position,
      key,
      newName,
      overlays: [...overlays],
      invalidated: [...this.invalidated],
      reset: this.resetNext,
    };
    this.invalidated.clear();
    this.resetNext = false;
    this.touch();
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });
  }

  dispose(): void {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const workerData: RenameWorkerData = { role: RENAME_WORKER_ROLE, root: this.root };
    const worker = new Worker(this.script, { workerData });
    worker.unref();
    worker.on('message', (reply: RenameReply) => {
      const waiter = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!waiter) return;
      if (reply.error) waiter.reject(new Error(reply.error));
      else waiter.resolve(reply.outcome ?? { reason: 'the rename worker gave no answer' });
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the rename worker stopped (exit ${code})`)));
    this.worker = worker;
    // A fresh thread starts from the disk and the overlays it is sent: nothing stale to invalidate.
    this.invalidated.clear();
    this.resetNext = false;
    return worker;
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.pending.size === 0) this.dispose();
    }, IDLE_MS);
    this.idleTimer.unref();
  }
}
