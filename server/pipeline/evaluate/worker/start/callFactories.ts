/**
 * After the entry module has run as the program starts, the worker calls each of its factories that start
 * did not reach (no registration or server construction had a frame inside it): a function with a recording
 * server where a server is expected and a forgiving placeholder for every other argument; a class
 * constructed the same way, then each of its building methods (`init()`, `register(server)`) called and, for a
 * toolkit, asked for the tools it hands out (toolkits.ts).
 * What each call did is reported, so a file that still yields no tool can say why.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { FactorySpec, ParamHint } from '../../../discover/contract';
import type { SourcePoint } from '../../contract';
import { hasBuiltArguments, isBuilt, materialise } from '../../builtValue';
import { recordingMcpServer } from '../../../sdks/mcp';
import { identify } from '../recorders/serverIdentity';
import { PLACEHOLDER_MARK, type RecordingSession } from '../recorders/session';
import { startWatching, stopWatching } from './startWatch';
import { adoptToolkitTools, toolkitTools } from './toolkits';

/** A factory as the worker receives it: the spec and the export of the entry module that holds it. */
export interface CallableFactory extends FactorySpec {
  exportAs: string;
}

/** What became of one factory. */
export interface FactoryCall {
  name: string;
  outcome: 'ran-at-start' | 'called' | 'threw' | 'not-callable';
  /** For `threw`: the error, one line. */
  reason?: string;
  /** For `threw`: the variables the call read and found unset (a key it needs). */
  unsetEnv?: string[];
  /** It registered only when called with arguments built from its parameter types. */
  typed?: boolean;
}

type AnyClass = new (...args: any[]) => any;
type Attempt = 'typed' | 'placeholders' | 'empty';

/** A factory given built arguments (a second run, after placeholders registered nothing) tries those first. */
function attemptsOf(factory: CallableFactory): readonly Attempt[] {
  return hasBuiltArguments(factory) ? ['typed', 'placeholders', 'empty'] : ['placeholders', 'empty'];
}

/** A value that survives whatever a factory does with an option it was not given: reads, calls, `new`, string use. */
export function placeholder(): unknown {
  const target = function placeholder() {};
  const proxy: unknown = new Proxy(target, {
    get(_t, key) {
      if (key === Symbol.toPrimitive) return (hint: string) => (hint === 'number' ? 0 : PLACEHOLDER_MARK);
      if (key === 'toString' || key === 'valueOf' || key === 'toJSON') return () => PLACEHOLDER_MARK;
      // Not a thenable, so `await options.x` goes on; not iterable beyond nothing.
      if (key === 'then') return undefined;
      if (key === Symbol.iterator) return function* empty() {};
      if (typeof key === 'symbol') return undefined;
      return proxy;
    },
    apply: () => proxy,
    construct: () => proxy as object,
    has: () => false,
    set: () => true,
  });
  return proxy;
}

/**
 * An options object: the given keys as they are, the keys the factory's destructuring gives a default left unset (so
 * that default applies), every other read a placeholder.
 */
function withPlaceholders(options: Record<string, unknown>, defaulted: readonly string[] = []): unknown {
  const unset = new Set<string | symbol>(['then', ...defaulted]);
  return new Proxy(options, {
    get: (target, key) => (key in target ? target[key as string] : typeof key === 'symbol' || unset.has(key) ? undefined : placeholder()),
  });
}

function ranAt(lines: [number, number], entry: string, reached: SourcePoint[][]): boolean {
  return reached.some((stack) => stack.some((f) => f.file === entry && f.line >= lines[0] && f.line <= lines[1]));
}

/** The workspace's McpServer class: the one the bundle's shims handed over, else resolved from the entry (a type-only import loads nothing). */
async function serverClass(session: RecordingSession, entry: string): Promise<AnyClass | undefined> {
  if (session.serverClass) return session.serverClass;
  const require = createRequire(entry);
  for (const specifier of ['@modelcontextprotocol/sdk/server/mcp.js', '@modelcontextprotocol/server']) {
    try {
      const href = pathToFileURL(require.resolve(specifier)).href;
      const mod = (await import(href)) as { McpServer?: AnyClass };
      if (typeof mod.McpServer === 'function') {
        session.serverModule = href;
        return (session.serverClass = mod.McpServer);
      }
    } catch {
      // Not installed here: try the next.
    }
  }
  return undefined;
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n')[0];
}

/** Call every factory the start did not reach; `settle` lets what each call started finish. */
export async function callFactories(
  ns: Record<string, unknown> | undefined,
  factories: readonly CallableFactory[],
  entry: string,
  session: RecordingSession,
  settle: () => Promise<void>,
): Promise<FactoryCall[]> {
  const reached = session.reached ?? [];
  const calls: FactoryCall[] = [];
  // First with placeholders (an option read deep inside still works), then, if that threw, with empty options
  // (a placeholder is no URL, no number): whatever either registered is kept.
  const args = async (hints: readonly ParamHint[], attempt: Attempt) => {
    const out: unknown[] = [];
    for (const hint of hints) {
      if (hint === 'server') out.push(await newServer(session, entry));
      else if (isBuilt(hint) && attempt === 'typed') out.push(await materialise(hint.built, () => newServer(session, entry), placeholder));
      else if (hint === 'options') out.push({});
      else if (hint === 'value' || isBuilt(hint)) out.push(attempt === 'empty' ? {} : placeholder());
      else {
        const options: Record<string, unknown> = {};
        for (const key of hint.serverKeys) options[key] = await newServer(session, entry);
        out.push(attempt === 'empty' ? options : withPlaceholders(options, hint.defaulted));
      }
    }
    return out;
  };
  const callOnce = async (factory: CallableFactory, value: unknown, attempt: Attempt) => {
    if (factory.kind === 'function') {
      session.track((value as (...a: unknown[]) => unknown)(...(await args(factory.params, attempt))));
    } else {
      const instance = new (value as AnyClass)(...(await args(factory.params, attempt)));
      await settle();
      for (const method of factory.methods ?? []) {
        if (ranAt(method.lines, entry, reached) || typeof instance?.[method.name] !== 'function') continue;
        session.track(instance[method.name](...(await args(method.params, attempt))));
      }
      // A toolkit hands its tools out instead of registering them.
      await settle();
      const handed = await toolkitTools(instance);
      if (handed) adoptToolkitTools(handed, session, { file: entry, line: factory.lines[0], character: 0 });
    }
    await settle();
  };
  session.placeholderNames = true;
  try {
    for (const factory of factories) {
      if (ranAt(factory.lines, entry, reached) && !(factory.methods ?? []).some((m) => !ranAt(m.lines, entry, reached))) {
        calls.push({ name: factory.name, outcome: 'ran-at-start' });
        continue;
      }
      const value = ns?.[factory.exportAs];
      if (typeof value !== 'function') {
        calls.push({ name: factory.name, outcome: 'not-callable' });
        continue;
      }
      session.callingFactory = factory.name;
      // The arguments this call makes up (a placeholder client, options): its tools say so, and a real start wins.
      session.inventedArguments = factory.params.flatMap((hint, i) =>
        hint === 'value' || isBuilt(hint) ? [factory.paramNames?.[i] ?? `argument ${i + 1}`] : [],
      );
      let threw: unknown;
      let returned = false;
      let typed = false;
      // What the call reads of the environment and finds unset: a toolkit's key, asked for a second run with a placeholder.
      startWatching(undefined);
      for (const attempt of attemptsOf(factory)) {
        const before = session.recordings.length;
        try {
          await callOnce(factory, value, attempt);
          returned = true;
          // Placeholders can also filter everything away (`new Set(options.allowed)` is empty): then empty options.
          if (session.recordings.length > before) {
            typed = attempt === 'typed';
            break;
          }
        } catch (error) {
          threw ??= error;
        }
      }
      // A factory that returned once was called; it threw only if every attempt threw.
      if (returned) threw = undefined;
      const { unsetEnv } = stopWatching();
      const outcome: FactoryCall =
        threw === undefined
          ? { name: factory.name, outcome: 'called' }
          : { name: factory.name, outcome: 'threw', reason: oneLine(threw), ...(unsetEnv.length ? { unsetEnv } : {}) };
      calls.push(typed ? { ...outcome, typed } : outcome);
    }
  } finally {
    session.unnamed = [];
    session.placeholderNames = false;
    session.callingFactory = undefined;
    session.inventedArguments = undefined;
  }
  return calls;
}

async function newServer(session: RecordingSession, entry: string): Promise<unknown> {
  const Real = await serverClass(session, entry);
  if (!Real) return placeholder();
  // With the real class's module, so the library's own tools/list can be taken from this server too.
  const Recording = recordingMcpServer(Real, session.serverModule, session);
  const server = new Recording({ name: 'tool-schema-lens', version: '0.0.0' });
  identify(server, undefined, undefined, true);
  return server;
}
