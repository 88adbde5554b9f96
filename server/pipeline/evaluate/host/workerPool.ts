/**
 * A small pool of evaluation worker processes: at most one per core, reused across files (the workspace's
 * zod and SDKs load once per worker), each evaluation under a CPU-time limit, each worker under a memory cap
 * and recycled after enough evaluations or heap growth. A dead worker fails its evaluation, never the pool.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { CancellationLike, EvaluatedTool, EvaluationFailure } from '../contract';
import type { EvaluateMessage, ResultMessage, TransformReply, TransformRequest, WorkerMessage } from '../protocol';
import { EVALUATION_MARKER, SYNC_TRANSFORM_FD } from '../protocol';
import { cpuMs } from './cpuTime';
import { confine, type Confinement } from './permissions';
import { residentMb } from './residentMemory';
import { descendantsOf, endStrays } from './strayProcesses';
import { serveSyncTransforms } from './syncTransforms';
import { WorkerMissing } from './workerScript';

export interface PoolLimits {
  timeoutMs: number;
  memoryMb: number;
}

export interface PoolOptions extends PoolLimits {
  /** Let user code load native addons (their code runs outside the permission model). */
  allowAddons?: boolean;
  script: () => Promise<string>;
  size: number;
  /** Working directory of the workers (the workspace root: user code may read files relative to it). */
  cwd?: string;
  /** Recycle a worker after this many evaluations (its module cache holds every bundle it loaded). */
  maxEvaluations: number;
  /** Recycle a worker whose heap passed this fraction of the cap. */
  maxHeapFraction: number;
  /**
   * Another worker (up to `size`) starts only when every worker has been on its current file this long, and at
   * least as long as a new worker took to start and finish its first file (spareAfter), and none is still loading
   * its first file (loadingFirst): quick files keep one worker busy (a second doubles start-up and JIT warm-up and
   * competes with the parent's thread on a small machine), while a slow or hanging module never holds up the others.
   */
  spareAfterMs?: number;
  /**
   * For a front that outlives its runs: a worker about to be recycled gets a warm standby (standBy), and one recycled
   * unforeseen while idle is replaced at once and warmed (replaceSoon).
   */
  keepWarm?: boolean;
  /** Makes the TypeScript transforms a worker's loader asks for (transformSource.ts): workers start no esbuild. */
  transform: (request: TransformRequest) => Promise<TransformReply>;
}

/**
 * Node's own WebSocket, which Node 20 and 21 keep behind a flag: the worker takes it off the global object at start
 * and gives it to code written for Workers or a newer Node (worker/sandbox/runtimeGlobals.ts).
 */
const WEBSOCKET_FLAG =
  Number(process.versions.node.split('.')[0]) < 22 && process.allowedNodeEnvironmentFlags.has('--experimental-websocket') ? ['--experimental-websocket'] : [];

/** Thrown by `run` for a request whose cancellation was requested before it started. */
export class EvaluationCancelled extends Error {
  constructor() {
    super('Evaluation cancelled');
    this.name = 'EvaluationCancelled';
  }
}

export type WorkerOutcome = Omit<ResultMessage, 'type' | 'id' | 'tools'> & { tools: EvaluatedTool[] };

interface Job {
  message: Omit<EvaluateMessage, 'id' | 'type' | 'prepared'>;
  /** The entry's transform if the host has made it by the time the job is sent (preparedEntry.ts). */
  prepared?: () => EvaluateMessage['prepared'];
  token?: CancellationLike;
  resolve: (outcome: WorkerOutcome) => void;
  reject: (error: Error) => void;
  /** Queued by the pool itself to warm a fresh worker (replaceSoon, standBy): its outcome is nobody's. */
  warmUp?: true;
  /** Each tool the worker streams, as it arrives (before the outcome). */
  onTool?: (tool: EvaluatedTool) => void;
}

interface Slot {
  /** Set once the script is known and the process forked. */
  child?: ChildProcess;
  ready: Promise<void>;
  /** `recorded`: tools streamed before the result, all that is left of them if the worker dies. */
  job?: Job & {
    id: number;
    startedAt: number;
    timer?: NodeJS.Timeout;
    /** Why the limit stopped it: the CPU it used, no progress at all, or (without /proc) wall time. */
    stopped?: 'cpu' | 'stalled' | 'wall';
    limitMs?: number;
    recorded: EvaluatedTool[];
    overMemoryMb?: number;
    /** The worker's CPU time when the file was sent, and when it last grew (wall clock). */
    cpuAtStart?: number;
    cpuSeen?: number;
    progressAt?: number;
  };
  evaluations: number;
  /** The V8 heap after its last file, and the most one file has added to it: whether the next may cross the rule. */
  heapAfter?: number;
  heapGrowth: number;
  /** Warmed to succeed a worker about to be recycled: it takes no file until that worker goes (standBy). */
  standby: boolean;
  stderrTail: string;
  retiring: boolean;
  /** In the environment of the worker and of whatever it starts: how its strays are found (strayProcesses.ts). */
  token: string;
  /** User code started processes in it: they are looked for when it goes. */
  spawned: boolean;
  /** Resolves once the process has exited and its strays are gone. */
  exited: Promise<void>;
  /** When it was forked (performance.now()): its first result tells what a new worker costs (coldStartMs). */
  spawnedAt: number;
}

/** On POSIX each worker leads its own process group, so whatever user code spawned dies with it. */
const OWN_GROUP = process.platform !== 'win32';

function killTree(child: ChildProcess): void {
  if (OWN_GROUP && child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGKILL');
      return;
    } catch {
      // The group is already gone; the worker itself may not be.
    }
  }
  child.kill('SIGKILL');
}

/**
 * Past this share of its evaluations or of its heap allowance (counting one more file like its largest), a worker
 * gets a standby: a warm-up takes ~0.8 s (a process, the SDKs, zod), which at 25 ms a file is the last 30 files.
 */
const STANDBY_AT = 0.75;

function nearRecycle(slot: Slot, maxEvaluations: number, heapCap: number): boolean {
  return slot.evaluations >= maxEvaluations * STANDBY_AT || (slot.heapAfter ?? 0) + slot.heapGrowth > heapCap * STANDBY_AT;
}

/** How many of the last evaluations a replacement's warm-up is chosen from. */
const RECENT_KEPT = 8;
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/i;
/** How often a busy worker's resident memory and CPU time are read. */
const WATCH_POLL_MS = 50;
/** The wall-clock bound, as a multiple of the CPU limit: only a worker the OS all but stops reaches it. */
const WALL_BOUND_FACTOR = 6;
const MIN_STALL_MS = 2000;
const liveChildren = new Set<ChildProcess>();
let tokens = 0;
let exitHookInstalled = false;

/** No orphans: whatever way the parent leaves, its workers go with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of liveChildren) killTree(child);
  });
}

function failed(failure: EvaluationFailure, tools: EvaluatedTool[] = []): WorkerOutcome {
  return { tools, failure, evaluateMs: 0, engineMs: 0, heapUsed: 0, rss: 0 };
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private disposed = false;
  /** The permission flags and scratch folder of this pool's workers, made with the first worker. */
  private confinement?: Confinement;
  private growTimer?: NodeJS.Timeout;
  private replaceTimer?: NodeJS.Timeout;
  private readonly recent: Array<{ message: Job['message']; ms: number }> = [];
  /** What the last new worker took from its fork to its first result: starting a process, loading the SDKs, a file. */
  private coldStartMs = 0;
  private watchTimer?: NodeJS.Timeout;

  constructor(private options: PoolOptions) {
    installExitHook();
  }

  /** The limits in force. */
  limits(): PoolLimits {
    return { timeoutMs: this.options.timeoutMs, memoryMb: this.options.memoryMb };
  }

  setLimits(limits: Partial<PoolLimits>): void {
    const memoryChanged = limits.memoryMb !== undefined && limits.memoryMb !== this.options.memoryMb;
    this.options = { ...this.options, ...limits };
    if (memoryChanged) void this.restart();
  }

  run(message: Job['message'], token?: CancellationLike, prepared?: Job['prepared'], onTool?: Job['onTool']): Promise<WorkerOutcome> {
    if (this.disposed) return Promise.reject(new Error('The evaluator was disposed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ message, prepared, token, resolve, reject, ...(onTool ? { onTool } : {}) });
      this.pump();
    });
  }

  /** Start a worker ahead of the first job, so its start-up overlaps the bundling (no user code runs yet). */
  warm(): void {
    if (!this.disposed && this.slots.length === 0) this.spawn();
  }

  /**
   * Kill every worker; running evaluations fail as `exit`, queued ones run on fresh workers. Resolves once the killed
   * ones have exited: a restart the user asked for is done when the old processes are gone, not when they were signalled.
   */
  restart(): Promise<void> {
    const exits = this.slots.map((s) => s.exited);
    for (const slot of [...this.slots]) this.kill(slot);
    return Promise.all(exits).then(() => undefined);
  }

  /** Kill every worker; resolves once each has exited and left no process behind. */
  dispose(): Promise<void> {
    this.disposed = true;
    clearTimeout(this.growTimer);
    clearTimeout(this.replaceTimer);
    clearInterval(this.watchTimer);
    for (const job of this.queue.splice(0)) job.reject(new Error('The evaluator was disposed'));
    return this.restart().then(() => this.confinement?.dispose());
  }

  /** Process ids of the live workers (for tests and tracing). */
  pids(): number[] {
    return this.slots.map((s) => s.child?.pid).filter((pid): pid is number => pid !== undefined);
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const job = this.queue[0];
      if (job.token?.isCancellationRequested) {
        this.queue.shift();
        job.reject(new EvaluationCancelled());
        continue;
      }
      const slot = this.slots.find((s) => !s.job && !s.retiring && !s.standby) ?? this.grow();
      if (!slot) return;
      this.queue.shift();
      this.start(slot, job);
    }
  }

  /**
   * Another worker when none is idle, there is room, and every working one has been held up (else check again then):
   * the standby if there is one (idle once its warm-up ends), else a new one.
   */
  private grow(): Slot | undefined {
    const standby = this.slots.find((s) => s.standby && !s.retiring);
    if (!standby && this.slots.length >= this.options.size) return undefined;
    const live = this.slots.filter((s) => !s.retiring && !s.standby);
    const now = performance.now();
    // Held up since: a worker still starting counts as busy but not held up; its first file (which also loads
    // the SDKs and zod) gets the same extra room as its time limit.
    const heldUpAt = Math.max(...live.map((s) => (s.job?.startedAt ?? now) + this.spareAfter(s)));
    // A new worker for one still loading its first file would load the same packages beside it on the same cores
    // (checked again on each watch tick, see watch).
    if (!standby && live.some((s) => this.loadingFirst(s, now))) return undefined;
    if (live.length === 0 || heldUpAt <= now) {
      if (!standby) return this.spawn();
      standby.standby = false;
      return standby.job ? undefined : standby;
    }
    // A worker still starting: checked again once it has its file (see start).
    if (heldUpAt === Infinity) return undefined;
    if (!this.growTimer) {
      this.growTimer = setTimeout(() => {
        this.growTimer = undefined;
        if (!this.disposed) this.pump();
      }, heldUpAt - now);
      this.growTimer.unref();
    }
    return undefined;
  }

  /**
   * How long a worker may be on its file before a spare starts. Never less than what a new worker took to give its
   * first result: a spare started sooner is seldom ready before the held-up worker is free, and the work it repeats
   * (a process, the SDKs and zod, the JIT) competes with both on a small machine. A spare for every file held up
   * 250 ms made a 7-file check 1.3× slower; waiting up to a cold start's cost is at most twice the best choice
   * (rent the skis until the rent paid equals their price), and the measure grows with the machine's load.
   */
  private spareAfter(slot: Slot): number {
    const ms = this.options.spareAfterMs ?? 0;
    return Math.max(slot.evaluations === 0 ? ms * 4 : ms, this.coldStartMs);
  }

  /**
   * A worker on its first file, using CPU (not waiting), with less than half its limit used: loading, most likely,
   * what any worker's first file loads (the SDKs, zod, the server's own packages). A spare started then repeats all
   * of it on the same cores: on a server whose entry took 2 s of CPU to load, the spare made the check 1.2× as long,
   * 1.3× the CPU and 1.4× the peak memory. One that waits, or spins past half its limit, is held up as before.
   */
  private loadingFirst(slot: Slot, now: number): boolean {
    const job = slot.job;
    if (!job || slot.evaluations > 0 || job.cpuAtStart === undefined || job.cpuSeen === undefined) return false;
    const waiting = now - (job.progressAt ?? now) >= (this.options.spareAfterMs ?? 0);
    return !waiting && job.cpuSeen - job.cpuAtStart < (job.limitMs ?? this.options.timeoutMs) / 2;
  }

  private spawn(): Slot {
    let markExited!: () => void;
    const exited = new Promise<void>((resolve) => (markExited = resolve));
    const token = `${process.pid}-${++tokens}-${Math.random().toString(36).slice(2, 10)}`;
    const slot: Slot = {
      ready: Promise.resolve(),
      evaluations: 0,
      heapGrowth: 0,
      standby: false,
      stderrTail: '',
      retiring: false,
      token,
      spawned: false,
      exited,
      spawnedAt: performance.now(),
    };
    slot.ready = this.options.script().then(
      (script) =>
        new Promise<void>((resolve, reject) => {
          const confinement = (this.confinement ??= confine(this.options.cwd, path.dirname(script), this.options.allowAddons));
          const env: NodeJS.ProcessEnv = { ...process.env, ...confinement.env, [EVALUATION_MARKER]: token };
          // Our own runner's flags (loaders, inspectors) are not the user's code's business.
          delete env.NODE_OPTIONS;
          slot.spawnedAt = performance.now();
          const child = fork(script, [], {
            cwd: this.options.cwd,
            env,
            execArgv: [`--max-old-space-size=${this.options.memoryMb}`, ...WEBSOCKET_FLAG, ...confinement.execArgv],
            // fd 4: the worker's synchronous transforms (a CommonJS require of TypeScript), see syncTransforms.ts.
            stdio: ['ignore', 'pipe', 'pipe', 'ipc', 'pipe'],
            serialization: 'json',
            detached: OWN_GROUP,
          });
          slot.child = child;
          liveChildren.add(child);
          // The user's output never mixes into ours (the language server speaks on our stdout).
          child.stdout?.resume();
          const channel = child.stdio[SYNC_TRANSFORM_FD] as Duplex | null | undefined;
          if (channel) serveSyncTransforms(channel, this.options.transform);
          child.stderr?.on('data', (chunk: Buffer) => {
            slot.stderrTail = (slot.stderrTail + chunk.toString()).slice(-4096);
          });
          child.on('message', (message: WorkerMessage) => {
            if (message?.type === 'ready') resolve();
            else if (message?.type === 'result') this.finish(slot, message);
            else if (message?.type === 'tool' && slot.job?.id === message.id) this.streamed(slot.job, message.tool);
            else if (message?.type === 'transform')
              void this.options.transform(message).then((reply) => {
                if (child.connected) child.send(reply);
              });
          });
          child.on('error', () => undefined);
          child.on('exit', (code, signal) => {
            reject(new Error(`The evaluation worker exited before it was ready (${signal ?? code})`));
            this.died(slot, code, signal);
            markExited();
          });
        }),
      // No script, no process: nothing to wait for. (Still a rejection: unawaited, it is the tool's own failure.)
      (error: unknown) => {
        markExited();
        throw error;
      },
    );
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    const id = this.nextId++;
    slot.job = { ...job, id, startedAt: Infinity, recorded: [] };
    slot.ready.then(
      () => {
        if (slot.job?.id !== id || !slot.child?.connected) return;
        const limitMs = (slot.job.limitMs = this.limitFor(slot));
        // The limit is CPU time, read with the memory (watch()); where the OS cannot say, and as a last bound
        // for a worker the OS starves, wall time.
        const cpu = cpuMs(slot.child.pid ?? -1);
        slot.job.timer = setTimeout(
          () => {
            if (slot.job?.id !== id) return;
            slot.job.stopped = 'wall';
            this.kill(slot);
          },
          cpu === undefined ? limitMs : limitMs * WALL_BOUND_FACTOR,
        );
        const prepared = job.prepared?.();
        const message: EvaluateMessage = { type: 'evaluate', id, ...job.message, ...(prepared ? { prepared } : {}) };
        slot.job.startedAt = slot.job.progressAt = performance.now();
        slot.job.cpuAtStart = slot.job.cpuSeen = cpu;
        slot.child.send(message);
        this.watch();
        // Jobs waiting: from now on this worker can be found held up.
        if (this.queue.length > 0) this.pump();
      },
      (error: Error) => {
        if (slot.job?.id !== id) return;
        slot.job = undefined;
        this.remove(slot);
        // A worker the install lacks is the tool's failure, not the file's.
        if (error instanceof WorkerMissing) job.reject(error);
        else job.resolve(failed({ phase: 'load', reason: error.message }));
        this.pump();
      },
    );
  }

  private streamed(job: NonNullable<Slot['job']>, tool: EvaluatedTool): void {
    job.recorded.push(tool);
    try {
      job.onTool?.(tool);
    } catch {
      // A listener's failure is its own: the evaluation goes on and its result arrives as ever.
    }
  }

  private finish(slot: Slot, message: ResultMessage): void {
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    clearTimeout(job.timer);
    slot.job = undefined;
    if (slot.evaluations === 0) this.coldStartMs = performance.now() - slot.spawnedAt;
    slot.evaluations++;
    const { type: _type, id: _id, tools, ...rest } = message;
    const resolved = tools.map((t) => ('streamed' in t ? job.recorded[t.streamed] : t)).filter((t): t is EvaluatedTool => t !== undefined);
    const { retire, ...outcome } = rest;
    job.resolve({ ...outcome, tools: resolved });
    if (!job.warmUp && !retire && !message.failure) this.remember(job.message, message.evaluateMs + message.engineMs);
    const heapCap = this.options.memoryMb * 1024 * 1024 * this.options.maxHeapFraction;
    if (retire === 'the module started processes') slot.spawned = true;
    slot.heapGrowth = Math.max(slot.heapGrowth, message.heapUsed - (slot.heapAfter ?? message.heapUsed));
    slot.heapAfter = message.heapUsed;
    if (retire) this.kill(slot);
    else if (slot.evaluations >= this.options.maxEvaluations || message.heapUsed > heapCap) {
      this.kill(slot);
      if (!job.warmUp && this.options.keepWarm) this.replaceSoon();
    } else if (!job.warmUp && this.options.keepWarm && nearRecycle(slot, this.options.maxEvaluations, heapCap)) this.standBy();
    this.pump();
  }

  /**
   * A worker near its recycle (nearRecycle) gets a successor now, warmed on the quickest recent file, that takes no
   * file until it goes: the keystroke after the recycle finds a warm worker (the one-entry server bench recycled
   * every sixth entry run, and the edit after it waited 0.5 s for a new process). A successor that took files beside
   * it would load what it loads: both loaded the entry's 200 modules, and the editor's memory rose from 0.3 to 0.9 GB.
   */
  private standBy(): void {
    const quickest = [...this.recent].sort((a, b) => a.ms - b.ms)[0];
    if (this.disposed || !quickest || this.slots.length >= this.options.size || this.slots.some((s) => s.standby)) return;
    const slot = this.spawn();
    slot.standby = true;
    this.start(slot, { message: quickest.message, warmUp: true, resolve: () => undefined, reject: () => undefined });
  }

  /**
   * A worker recycled with nothing queued (its evaluations or its heap used up) is replaced at once, and the
   * replacement runs the quickest of the files evaluated last, once, its outcome dropped: the workspace's SDKs and
   * zod load then, not on the next keystroke (a scan of 200 files ended in a recycle, and the first edit after it
   * waited 0.8 s). The quickest, because a keystroke that comes meanwhile waits for it: a whole-server entry would
   * hold it seconds. Only for a front that outlives its runs (keepWarm): a check that ends has no next file.
   */
  private replaceSoon(): void {
    clearTimeout(this.replaceTimer);
    this.replaceTimer = setTimeout(() => {
      this.replaceTimer = undefined;
      const quickest = [...this.recent].sort((a, b) => a.ms - b.ms)[0];
      // A standby (standBy) already stands in.
      if (this.disposed || !quickest || this.queue.length > 0 || !this.slots.every((s) => s.retiring)) return;
      this.queue.push({ message: quickest.message, warmUp: true, resolve: () => undefined, reject: () => undefined });
      this.pump();
    }, 0);
    this.replaceTimer.unref();
  }

  /** The last files evaluated cleanly (a file whose worker had to retire is never one), with the worker's time on each. */
  private remember(message: Job['message'], ms: number): void {
    this.recent.push({ message, ms });
    if (this.recent.length > RECENT_KEPT) this.recent.shift();
  }

  private died(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    const job = slot.job;
    if (slot.child) {
      liveChildren.delete(slot.child);
      // It may have died on its own (an exit in a timer, the memory cap) and left children behind.
      killTree(slot.child);
      // Detached ones too: looked for when user code was seen starting processes, or might have (it died mid-file).
      if (slot.spawned || job) endStrays(slot.token);
    }
    this.remove(slot);
    slot.job = undefined;
    if (job) {
      clearTimeout(job.timer);
      job.resolve(failed(this.deathCause(slot, job, code, signal), job.recorded));
    }
    if (!this.disposed) this.pump();
  }

  /**
   * A fresh worker's first file also loads the workspace's SDKs and zod (seconds for the heaviest SDKs on a
   * busy machine): it gets the limit twice, so a cold start is never mistaken for a hang.
   */
  private limitFor(slot: Slot): number {
    return slot.evaluations === 0 ? this.options.timeoutMs * 2 : this.options.timeoutMs;
  }

  private deathCause(slot: Slot, job: NonNullable<Slot['job']>, code: number | null, signal: NodeJS.Signals | null): EvaluationFailure {
    const limit = job.limitMs ?? this.options.timeoutMs;
    if (job.stopped === 'cpu') return { phase: 'timeout', reason: `Evaluation used more than ${limit} ms of CPU time and was stopped` };
    if (job.stopped === 'stalled') {
      const idle = Math.round(this.stallMs(job) / 100) / 10;
      return { phase: 'timeout', reason: `Evaluation made no progress for ${idle} s (a wait on I/O that never ends, a deadlock) and was stopped` };
    }
    if (job.stopped === 'wall')
      return { phase: 'timeout', reason: `Evaluation took longer than ${job.cpuAtStart === undefined ? limit : limit * WALL_BOUND_FACTOR} ms and was stopped` };
    const overMemory = job.overMemoryMb;
    if (overMemory !== undefined) {
      return {
        phase: 'memory',
        reason: `Evaluation used more than the ${this.options.memoryMb} MB memory cap (${Math.round(overMemory)} MB resident) and was stopped`,
      };
    }
    if (OUT_OF_MEMORY.test(slot.stderrTail)) {
      return { phase: 'memory', reason: `Evaluation used more than the ${this.options.memoryMb} MB memory cap and was stopped` };
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    return { phase: 'exit', reason: `The evaluation process ended unexpectedly (${how})` };
  }

  private remove(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }

  /** How long a worker may use no CPU at all before its evaluation is called stalled: the limit, at least 2 s. */
  private stallMs(job: NonNullable<Slot['job']>): number {
    return Math.max(MIN_STALL_MS, job.limitMs ?? this.options.timeoutMs);
  }

  /**
   * While any worker is on a file: its CPU time against the limit, its progress (a worker that uses no CPU for
   * the stall time is waiting on something that does not come), and its resident memory (Buffers included, which
   * the V8 heap cap misses) against the cap.
   */
  private watch(): void {
    if (this.watchTimer || process.platform !== 'linux') return;
    this.watchTimer = setInterval(() => {
      const busy = this.slots.filter((s) => s.job && s.child?.pid !== undefined && !s.retiring);
      if (busy.length === 0) {
        clearInterval(this.watchTimer);
        this.watchTimer = undefined;
        return;
      }
      const now = performance.now();
      for (const slot of busy) {
        const job = slot.job!;
        const pid = slot.child!.pid!;
        const rss = residentMb(pid);
        if (rss !== undefined && rss > this.options.memoryMb) {
          job.overMemoryMb = rss;
          this.kill(slot);
          continue;
        }
        const cpu = cpuMs(pid);
        if (cpu === undefined || job.cpuAtStart === undefined || job.startedAt === Infinity) continue;
        if (cpu > (job.cpuSeen ?? 0)) {
          job.cpuSeen = cpu;
          job.progressAt = now;
        }
        if (cpu - job.cpuAtStart > (job.limitMs ?? this.options.timeoutMs)) job.stopped = 'cpu';
        else if (now - (job.progressAt ?? now) > this.stallMs(job)) job.stopped = 'stalled';
        if (job.stopped) this.kill(slot);
      }
      // Files waiting while every worker loads its first one: a spare may be due now (loadingFirst).
      if (this.queue.length > 0 && !this.growTimer) this.pump();
    }, WATCH_POLL_MS);
    this.watchTimer.unref();
  }

  private kill(slot: Slot): void {
    slot.retiring = true;
    // Found while the worker still lives: afterwards they hang off init, not off it.
    if (slot.spawned && slot.child?.pid !== undefined) endStrays(slot.token, descendantsOf(slot.child.pid));
    if (slot.child) killTree(slot.child);
    // Not forked yet: it is dropped as soon as it is.
    else
      void slot.ready.then(
        () => slot.child && killTree(slot.child),
        () => undefined,
      );
  }
}
