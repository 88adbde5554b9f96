/**
 * The evaluation worker: a child process that imports one bundle at a time, with the SDKs' recorders in
 * place, then runs the engine over what was recorded and sends plain data back over IPC. User code's
 * exits, throws and stray rejections become failures of that evaluation, never of the worker.
 */
import path from 'node:path';
import { registerZod } from '../../../../shared/index';
import type { EvaluatedTool, EvaluationFailure, StoppedWaiting } from '../contract';
import { moduleSchemas } from './judge/exportedSchemas';
import { judgeAlone, judgeModuleSchemas, judgePlainRegistration, judgeRecording, judgeRegistrations, type JudgeOptions, type Judgement } from './judge/judge';
import { askLibraries, shippingLibraryOf } from './shipped/libraries';
import { flattenMarkOf } from './shipped/flattenMark';
import { RECORDERS_KEY, type EvaluateMessage, type ParentMessage, type ResultMessage, type WorkerMessage } from '../protocol';
import { framesOf, userFrame, userFrameHere, userFrames as stackFrames } from './recorders/callSite';
import { recorders } from './recorders/index';
import { currentSession, startSession, type Recording } from './recorders/session';
import { orphanWatchHere } from './sandbox/orphanWatch';
import { leftRunning, resourceCounts, type ResourceCounts } from './sandbox/leftRunning';
import { clearLeftTimers, installTimerTracking, pendingTimerCount, soonestTimerDue, trackTimers } from './sandbox/leftTimers';
import { installProcessJail, takeSpawned } from './sandbox/processJail';
import { endInputIfLoadWaits, freshEvaluationInput, installEvaluationInput } from './sandbox/evaluationInput';
import { captureRealm, checkAndRestoreRealm, describeRealmChanges, type RealmChange } from './sandbox/realmGuard';
import { ExitRequest, handleExits, handleHandlerErrors, installSandbox, resetExitRequest } from './sandbox/sandbox';
import { installNetworkGuard, takeLoopbackReached } from './sandbox/network';
import { installFsRefusals } from './sandbox/fsRefusals';
import { installAddonRefusals, installRefusalGlobal, recordRefusals, refusedApi, takeRefusals } from './sandbox/refusals';
import { takeInternalErrors } from './sandbox/internalErrors';
import { nameOf, toolSetOf } from './recorders/toolNames';
import { callFactories, type FactoryCall } from './start/callFactories';
import { installStartWatch, startWatching, stopWatching, takeEnvReads, watchEnvReads } from './start/startWatch';
import { creationSite, installCreationSites, observeZod3, trackCreation, untracked } from './recorders/creationSites';
import { captureProcessState, restoreProcessState } from './sandbox/processState';
import { restoreZodState, watchZodState } from './sandbox/zodState';
import { generationReport, importFresh, installLoader, loaderActivity, requiredThisGeneration, transformPending } from './loader/install';
import { takeFsReads } from './sandbox/fsReads';
import { CONVERSION_KEY } from './loader/protocol';
import { listLowLevelServers } from './shipped/lowLevelServers';
import { initializeServers } from './start/initializeServers';
import { serveRequests } from './start/serveRequests';
import { installRuntimeGlobals, prepareRuntimeGlobals } from './sandbox/runtimeGlobals';
import { loadCause } from './start/loadCause';
import { deployRuntimeOf, forgetDeployRuntimes } from '../deployRuntime';

process.setSourceMapsEnabled(true);
prepareRuntimeGlobals();
(globalThis as Record<symbol, unknown>)[Symbol.for(RECORDERS_KEY)] = recorders;
const exitWorker = installSandbox();
installNetworkGuard();
installProcessJail();
installEvaluationInput();
installFsRefusals();
installTimerTracking();
installAddonRefusals();
installRefusalGlobal();
// Before the realm is captured (the end of this file): the watches are part of the worker's own realm.
installStartWatch();
installCreationSites();
installLoader(path.join(__dirname, 'loaderHooks.mjs'), noteZod, (message) => send(message as WorkerMessage), orphanWatchHere());
// The workspace's own zod → JSON Schema conversions, as they run: how a listed tool finds its zod schema again.
(globalThis as Record<symbol, unknown>)[Symbol.for(CONVERSION_KEY)] = (schema: unknown, output: unknown) => {
  try {
    currentSession().conversions.push({ schema, json: JSON.stringify(output), callSite: userFrameHere() });
  } catch {
    // A result that cannot be serialised is no tool's input.
  }
};
// Our own references, taken before any user code loads (see realmGuard.ts).
const realSend = process.send?.bind(process);
const { stringify, parse } = JSON;

/** The failure of the evaluation under way; the first one wins. */
let failure: EvaluationFailure | undefined;
let evaluating = false;

/** What the permission model refused, in words: the attempt and what the check allows instead. */
const REFUSALS: Record<string, string> = {
  FileSystemWrite: 'to write',
  FileSystemRead: 'to read',
  ChildProcess: 'to start a process',
  WorkerThreads: 'to start a worker thread',
  Network: 'to connect to',
};

function describe(error: unknown): { reason: string; at?: EvaluationFailure['at']; refused?: boolean; cause?: EvaluationFailure['cause'] } {
  if (error instanceof ExitRequest) return { reason: error.message, at: error.at };
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_DLOPEN_DISABLED') {
    return {
      reason:
        'it tried to load a native addon, whose code would run outside the confinement; allow addons with toolSchemaLens.evaluation.allowAddons or check --allow-addons, or stub the package that loads it with toolSchemaLens.evaluation.stubs or check --stub',
      at: userFrame(framesOf((error as { stack?: string }).stack)),
      refused: true,
    };
  }
  const denied = error as { code?: unknown; permission?: unknown; resource?: unknown; stack?: string };
  if (denied?.code === 'ERR_ACCESS_DENIED') {
    const permission = typeof denied.permission === 'string' ? denied.permission : '';
    // Node refuses some APIs outright (fsync, process.binding) with no permission name: the API is in the message.
    const what =
      REFUSALS[permission] ?? (permission ? `a restricted API (${permission})` : `the API ${refusedApi(error)}, which the permission model turns off`);
    const resource = typeof denied.resource === 'string' && denied.resource.trim() ? ` ${denied.resource}` : '';
    return {
      reason: `it tried ${what}${resource}; while checking, code may read the workspace, write only to a scratch folder and connect only to loopback, and starts no process or thread`,
      at: userFrame(framesOf(denied.stack)),
      refused: true,
    };
  }
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : `Thrown value: ${String(error)}`;
  const cause = loadCause(error);
  return { reason, at: error instanceof Error ? userFrame(framesOf(error.stack)) : undefined, ...(cause ? { cause } : {}) };
}

function fail(phase: EvaluationFailure['phase'], error: unknown, prefix = ''): void {
  if (!evaluating || failure) return;
  const { reason, at, refused, cause } = describe(error);
  failure = refused
    ? { phase: 'refused', reason, at }
    : { phase: error instanceof ExitRequest ? 'exit' : phase, reason: prefix + reason, at, ...(cause ? { cause } : {}) };
}

handleExits((request) => {
  if (!evaluating) return false;
  failure ??= { phase: 'exit', reason: request.message, at: request.at };
  return true;
});
// An exit asked for inside the module's own last-resort handler is already recorded; anything else it threw is a failure.
handleHandlerErrors((error) => {
  if (!(error instanceof ExitRequest)) fail('load', error, 'Uncaught exception: ');
});
process.on('uncaughtException', (error) => fail('load', error, 'Uncaught exception: '));
process.on('unhandledRejection', (reason) => fail('load', reason, 'Unhandled promise rejection: '));
// The parent is gone (killed, crashed) or retired us: never outlive it, nor leave what user code spawned.
process.on('disconnect', () => {
  try {
    if (process.platform !== 'win32') process.kill(-process.pid, 'SIGKILL');
  } catch {
    // Not a group leader (started by hand): only this process goes.
  }
  exitWorker(0);
});

/**
 * Every zod module the workspace loaded in this worker (by href), registered with the engine as it loaded; one map
 * read by every judgement (which copy made a zod 3 schema), so a copy loaded mid-evaluation counts.
 */
const zodLoaded = new Map<string, unknown>();
function noteZod(mod: unknown, href: string): void {
  if (zodLoaded.has(href)) return;
  zodLoaded.set(href, mod);
  registerZod(mod);
  observeZod3(mod);
  watchZodState(mod);
}

/** An empty object of the workspace's zod, for a tool without input; read at call time, after zod has loaded. */
function emptyObjectWith(zodModules: ReadonlyMap<string, unknown>): () => unknown {
  return () => {
    for (const mod of zodModules.values() as IterableIterator<Record<string, any>>) {
      const z = typeof mod?.object === 'function' ? mod : mod?.z;
      if (typeof z?.object === 'function') return z.object({});
    }
    return undefined;
  };
}

/** Timers and immediates alive when the evaluation started (the worker's own), to tell the file's from them. */
let timersAtStart: ResourceCounts = new Map();

/**
 * Lets registrations made in promises and timers of zero delay land before judging. The wait for a timer (a
 * millisecond at least, on each re-check) is skipped when the file started none: none of ours, none Node counts.
 */
async function settle(pending: Promise<unknown>[]): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await Promise.allSettled(pending);
  if (pendingTimerCount() === 0 && leftRunning(timersAtStart).every((type) => type !== 'Timeout' && type !== 'Immediate')) return;
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Requests in flight (a DNS lookup, a connect, a file read), not what stays open (a socket, a timer, the IPC pipe). */
const REQUESTS = new Set([
  'GetAddrInfoReqWrap',
  'GetNameInfoReqWrap',
  'QueryReqWrap',
  'TCPConnectWrap',
  'PipeConnectWrap',
  'FSReqCallback',
  'FSReqPromise',
  'CloseReq',
  'FileHandleCloseReq',
]);
/** How long a start is let go on after its top level ended while it waits on a request or a timer. */
const START_WAIT_MS = 1500;
/** However long its imports keep loading, never longer than this. */
const LOADING_WAIT_MS = 15_000;
const requestInFlight = () => process.getActiveResourcesInfo().some((r) => REQUESTS.has(r));
const waitsOnRequest = () => transformPending() || requestInFlight();
/**
 * An import the program started waits on Node's loader thread: while it does, Node holds its port to that thread
 * referenced (listed as one more `MessagePort` than when the evaluation started), from the `import()` call on, before
 * our hooks have even started on it.
 */
const importAsked = () => leftRunning(timersAtStart).includes('MessagePort');

/**
 * A start that goes on after its top level ended, before it registers, is let finish as Node would run it: while a
 * request is in flight (a tenant looked up over the network, a config file read) or a timer it started falls due
 * (a backoff, `await setTimeout(40)`), up to 1.5 s; while a module it imports is loading (an optional part loaded on
 * demand, `await import('./atlas.js')`), as long as the imports keep loading. Settled again after each step. A
 * module holding a connection open, or an interval, costs nothing here: neither is waited on.
 */
async function settleStart(pending: Promise<unknown>[]): Promise<StoppedWaiting | undefined> {
  const started = performance.now();
  let deadline = started + START_WAIT_MS;
  let ended = loaderActivity().ended;
  for (;;) {
    const now = performance.now();
    const loading = loaderActivity();
    // Our hooks running or having run since the last look: the imports are loading, and are let go on loading.
    const loads = loading.inFlight > 0 || loading.ended !== ended;
    ended = loading.ended;
    if (loads) deadline = Math.min(started + LOADING_WAIT_MS, Math.max(deadline, now + START_WAIT_MS));
    const due = soonestTimerDue();
    const on = loads || importAsked() ? 'import' : requestInFlight() ? 'request' : due !== undefined ? 'timer' : undefined;
    if (!on) return undefined;
    // Still waiting, on what is not waited for any longer: said, since what it registers from then on is not seen (a
    // poll that never ends, a timer that falls due after the wait, an import chain longer than 15 s).
    if (now >= deadline || (on === 'timer' && due !== undefined && due > deadline)) return { on, afterMs: Math.round(now - started) };
    await new Promise((resolve) => setTimeout(resolve, 5));
    await settle(pending);
  }
}

async function evaluate(message: EvaluateMessage): Promise<ResultMessage> {
  // What the previous file changed of the process (its directory, umask, environment) is not this file's.
  restoreProcessState(processState);
  restoreZodState();
  failure = undefined;
  resetExitRequest();
  evaluating = true;
  takeRefusals();
  takeFsReads();
  takeLoopbackReached();
  watchEnvReads();
  recordRefusals(true);
  const session = startSession();
  // Which lines of which modules the start reached: factories left to call, and (for an entry) modules the pipeline
  // need not run again. Each costs a formatted stack per registration, so only when it is asked for.
  if (message.factories?.length || message.entry) session.reached = [];
  // As if the file were run directly: `import.meta.url === pathToFileURL(process.argv[1]).href` guards pass.
  process.argv.splice(1, Infinity, message.file, ...(message.argv ?? []));
  freshEvaluationInput();
  // Zod announces itself as it loads (loader/hooks.ts), before any user module that imports it runs, so each tool
  // can be judged the moment it is recorded; a copy loaded by an earlier evaluation is this one's too.
  const options: JudgeOptions = { ...message.engine, zodModules: zodLoaded };
  const emptyInput = emptyObjectWith(zodLoaded);
  const early = new Map<Recording, { name: string; tool: EvaluatedTool; judgement: Judgement }>();
  const streamed = new Map<EvaluatedTool, number>();
  // Judging a tool the moment it is recorded is the engine's time, though it happens while the module loads.
  let judgedEarlyMs = 0;
  session.onRecord = (recording) => {
    const name = nameOf(recording, undefined, message.sources);
    const judgeStarted = performance.now();
    const judged = untracked(() => judgeAlone({ ...recording, name, inputSite: inputSiteOf(recording.input) }, options, emptyInput));
    judgedEarlyMs += performance.now() - judgeStarted;
    if (!judged) return;
    early.set(recording, { name, ...judged });
    // Sent now: if the module's top level hangs later, the worker is killed and cannot send its result.
    streamed.set(judged.tool, streamed.size);
    send({ type: 'tool', id: message.id, tool: judged.tool });
  };
  const started = performance.now();
  const resourcesBefore = resourceCounts();
  timersAtStart = resourcesBefore;
  trackTimers();
  startWatching(message.env);
  trackCreation(true);
  // The globals of the runtime the file deploys to (Workers, a newer Node), for this evaluation only.
  forgetDeployRuntimes();
  const runtimeGlobals = installRuntimeGlobals(deployRuntimeOf(message.file));
  const loaded = await endInputIfLoadWaits(importFresh(message.file, message.sources, message.appendix, message.stubs, message.prepared), waitsOnRequest);
  const ns = loaded.namespace;
  // A file that did not transform or an import that did not resolve is the file's, before any of its code ran.
  const report = await generationReport(loaded.generation);
  if (loaded.error !== undefined) {
    if (report.failure && !failure) {
      const { reason, at, missingPackage } = report.failure;
      failure = { phase: 'bundle', reason, ...(at ? { at } : {}), ...(missingPackage ? { missingPackage } : {}) };
    } else fail('load', loaded.error);
  }
  // Put back what the module changed before our own code (settle's promises, the engine) runs on it, and again after.
  const realmChanges: RealmChange[] = checkAndRestoreRealm();
  await settle(session.pending);
  const stoppedWaiting = await settleStart(session.pending);
  realmChanges.push(...checkAndRestoreRealm());
  const watched = stopWatching();
  // Set by the exit and error handlers meanwhile (TypeScript cannot see that).
  const atLoad = failure;
  if (atLoad && (atLoad.phase === 'exit' || atLoad.phase === 'load')) {
    failure = {
      ...atLoad,
      ...(watched.printed.length ? { printed: watched.printed } : {}),
      ...(watched.unsetEnv.length ? { unsetEnv: watched.unsetEnv } : {}),
    };
  }
  let factoryCalls: FactoryCall[] = [];
  if (message.factories?.length) {
    // A factory's own exit or throw is reported with that call, never as the module's failure.
    const atStart = failure;
    failure = undefined;
    factoryCalls = await callFactories(ns, message.factories, message.file, session, () => settle(session.pending));
    failure = atStart;
  }
  // A server built per request (a Worker's fetch, a route's POST) is built now, by a client's first request.
  await serveRequests(ns, session, () => settle(session.pending));
  // Servers that register tools once a client initializes: initialized now, as a client would, while recording.
  await initializeServers(session, () => settle(session.pending));
  // Low-level servers answer tools/list with what their handlers compute: asked now, as a client would.
  const served = await listLowLevelServers(session);
  session.recordings.push(...served.recordings);
  if (served.failed.length && !failure) failure = { phase: 'list', ...served.failed[0] };
  trackCreation(false);
  session.open = false;
  runtimeGlobals.remove();
  const stubbedGlobals = runtimeGlobals.stubsRead();
  const evaluateMs = performance.now() - started - judgedEarlyMs;
  clearLeftTimers();
  const retire = retirement(realmChanges, leftRunning(resourcesBefore), takeSpawned()) ?? restoreProcessState(processState);
  // What the start printed goes with it: a start that stopped on a missing argument says which (usageHint.ts).
  if (realmChanges.length > 0)
    failure ??= { phase: 'realm', reason: `it ${describeRealmChanges(realmChanges)}`, ...(watched.printed.length ? { printed: watched.printed } : {}) };

  const engineStarted = performance.now();
  // A call site many tools share is a wrapper or a loop: their stacks say which call of it each tool came from.
  const perSite = new Map<string, number>();
  const siteKey = (r: Recording) => (r.callSite ? `${r.callSite.file}:${r.callSite.line}:${r.callSite.character}` : '');
  for (const r of session.recordings) perSite.set(siteKey(r), (perSite.get(siteKey(r)) ?? 0) + 1);
  for (const r of session.recordings) {
    if (r.callSite && (perSite.get(siteKey(r)) ?? 0) > 1 && r.rawStack) r.frames = stackFrames(r.rawStack.stack).slice(0, 8);
  }
  const named = session.recordings.map((r) => {
    const name = nameOf(r, ns, message.sources);
    const known = early.get(r);
    // Judged again when it was named differently then, or the engine refused it before the module had loaded, or it
    // was judged while the module had the built-ins changed.
    const reuse = known && known.name === name && !known.judgement.ships.refused && realmChanges.length === 0;
    const toolSet = r.server ? undefined : toolSetOf(r.handle, ns);
    return { ...r, name, ...(toolSet ? { toolSet } : {}), inputSite: inputSiteOf(r.input), early: reuse ? known : undefined };
  });
  const judgements = named.map((r) => r.early?.judgement ?? judgeRecording(r, options, emptyInput));
  const swaps = new Map<Recording, unknown>();
  named.forEach((r, i) => {
    const swap = judgements[i]?.swap;
    if (swap !== undefined) swaps.set(r, swap);
  });
  // The libraries' own answers (a real client's tools/list): user code's servers answer here, so this is still
  // the evaluation (a throw or an exit in it is its failure).
  const listStarted = performance.now();
  const answers = await askLibraries(named, swaps);
  const listMs = performance.now() - listStarted;
  // An input of plain JSON Schema through its library's helper (`jsonSchema({...})`): judged as its library sends it.
  const plainRegistrations = named.flatMap((r, i) => {
    if (judgements[i] !== undefined) return [];
    const { library, libraryVersion } = shippingLibraryOf(r, r.input, zodLoaded);
    const tool = judgePlainRegistration(r, answers.get(r), library, libraryVersion);
    return tool ? [tool] : [];
  });
  const tools = [
    ...judgeRegistrations(named, judgements, answers, options).map((tool) => (streamed.has(tool) ? { streamed: streamed.get(tool)! } : tool)),
    ...plainRegistrations,
    ...served.plain,
    ...judgeModuleSchemas(moduleSchemas(ns, message.tagged), options),
  ];
  evaluating = false;
  recordRefusals(false);
  const refusals = takeRefusals();
  const reads = takeFsReads();
  const envRead = takeEnvReads();
  const loopback = takeLoopbackReached();
  // Asked again now: factories and the engine may have loaded modules after the start.
  const loadedAll = await generationReport(loaded.generation);
  const inputs = [...new Set([...loadedAll.inputs, ...requiredThisGeneration()])];
  const internalErrors = takeInternalErrors();
  const memory = process.memoryUsage();
  return {
    type: 'result',
    id: message.id,
    tools,
    failure,
    evaluateMs,
    engineMs: performance.now() - engineStarted + judgedEarlyMs,
    listMs,
    heapUsed: memory.heapUsed,
    rss: memory.rss,
    factoryCalls,
    ...(message.entry ? { reached: reachedLines(session.reached ?? []) } : {}),
    ...(retire ? { retire } : {}),
    inputs: inputs.length ? inputs : [message.file],
    ...(reads.length ? { reads } : {}),
    ...(envRead.length ? { envRead } : {}),
    ...(stoppedWaiting ? { stoppedWaiting } : {}),
    ...(loopback ? { loopback } : {}),
    ...(loadedAll.loadedOnce.length ? { loadedOnce: loadedAll.loadedOnce } : {}),
    ...(report.stubbed.length || stubbedGlobals.length ? { stubbed: [...report.stubbed, ...stubbedGlobals.map((name) => `globalThis.${name}`)] } : {}),
    ...(report.assets.length ? { assets: report.assets } : {}),
    ...(refusals.length ? { refusals } : {}),
    ...(internalErrors.length ? { internalErrors } : {}),
  };
}

/** Where the input was declared: for a schema the runtime package flattened, its original (the flat copy is the package's own). */
function inputSiteOf(input: unknown): ReturnType<typeof creationSite> {
  return creationSite(flattenMarkOf(input)?.original ?? input);
}

/** The reached frames as file → sorted unique 0-based lines. */
function reachedLines(stacks: ReadonlyArray<ReadonlyArray<{ file: string; line: number }>>): Record<string, number[]> {
  const byFile = new Map<string, Set<number>>();
  for (const stack of stacks) {
    for (const frame of stack) {
      let lines = byFile.get(frame.file);
      if (!lines) byFile.set(frame.file, (lines = new Set()));
      lines.add(frame.line);
    }
  }
  return Object.fromEntries([...byFile].map(([file, lines]) => [file, [...lines].sort((a, b) => a - b)]));
}

/** Why this worker must not evaluate another file, if it must not. */
function retirement(realmChanges: RealmChange[], running: string[], spawned: boolean): string | undefined {
  if (realmChanges.length > 0) return 'the module changed built-ins';
  if (spawned) return 'the module started processes';
  if (running.length > 0) return `the module left ${running.join(', ')} running`;
  return undefined;
}

/** IPC speaks JSON: a BigInt default or a cycle in user data must not lose the whole result. */
function plain(message: WorkerMessage): WorkerMessage {
  const seen = new WeakSet<object>();
  return parse(
    stringify(message, (_key, value: unknown) => {
      if (typeof value === 'bigint') return value.toString();
      if (value && typeof value === 'object') {
        if (seen.has(value)) return '[Circular]';
        seen.add(value);
      }
      return value;
    }),
  ) as WorkerMessage;
}

function send(message: WorkerMessage): void {
  try {
    realSend?.(message);
  } catch {
    realSend?.(plain(message));
  }
}

process.on('message', (message: ParentMessage) => {
  if (message?.type !== 'evaluate') return;
  evaluate(message).then(send, (error) => {
    evaluating = false;
    recordRefusals(false);
    send({
      type: 'result',
      id: message.id,
      tools: [],
      failure: { phase: 'load', reason: describe(error).reason },
      evaluateMs: 0,
      engineMs: 0,
      heapUsed: 0,
      rss: 0,
    });
  });
});

captureRealm();
const processState = captureProcessState();
send({ type: 'ready' });
