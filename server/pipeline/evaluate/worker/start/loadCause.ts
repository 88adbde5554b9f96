import type { LoadCause } from '../../contract';

/** Globals by the Node major version that made them global. */
const NEWER_NODE_GLOBALS: Record<string, number> = {
  navigator: 21,
  WebSocket: 22,
  EventSource: 22,
  Iterator: 22,
  CloseEvent: 23,
  Float16Array: 24,
  URLPattern: 24,
};

/** Methods by the Node major version whose V8 added them, as a `… is not a function` error names them. */
const NEWER_NODE_METHODS: Array<[RegExp, string, number]> = [
  [/\bObject\.groupBy$/, 'Object.groupBy', 21],
  [/\bMap\.groupBy$/, 'Map.groupBy', 21],
  [/\bPromise\.withResolvers$/, 'Promise.withResolvers', 22],
  [/\bArray\.fromAsync$/, 'Array.fromAsync', 22],
  [/\bURL\.parse$/, 'URL.parse', 22],
  [/\bIterator\.from$/, 'Iterator.from', 22],
  [/\bprocess\.getBuiltinModule$/, 'process.getBuiltinModule', 22],
  [/\.(union|intersection|symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom)$/, 'Set methods (union, intersection, …)', 22],
  [/\bPromise\.try$/, 'Promise.try', 23],
  [/\bRegExp\.escape$/, 'RegExp.escape', 24],
  [/\bError\.isError$/, 'Error.isError', 24],
];

/** Built-in modules by the Node version that added them. */
const NEWER_NODE_MODULES: Record<string, number> = { 'node:sqlite': 22 };

/** Globals of other runtimes, by runtime. */
const OTHER_RUNTIMES: Record<string, string> = {
  WebSocketPair: 'Cloudflare Workers',
  HTMLRewriter: 'Cloudflare Workers',
  caches: 'Cloudflare Workers',
  scheduler: 'Cloudflare Workers',
  Deno: 'Deno',
  Bun: 'Bun',
  window: 'a browser',
  document: 'a browser',
  localStorage: 'a browser',
  sessionStorage: 'a browser',
};

/** CommonJS's own names, undefined in a file Node runs as an ES module. */
const COMMONJS_NAMES = new Set(['require', 'module', 'exports', '__dirname', '__filename']);

/** The cause of `error`, when it is one of those; undefined for anything else (the error's own words then). */
export function loadCause(error: unknown): LoadCause | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof ReferenceError || /is not defined/.test(message)) {
    const name = /^(\S+) is not defined/.exec(message)?.[1];
    if (name && NEWER_NODE_GLOBALS[name]) return { kind: 'newer-node', needs: NEWER_NODE_GLOBALS[name], api: name };
    if (name && OTHER_RUNTIMES[name]) return { kind: 'other-runtime', global: name, runtime: OTHER_RUNTIMES[name] };
    if (name && COMMONJS_NAMES.has(name) && /ES module scope/.test(message)) return { kind: 'module-format', problem: 'commonjs-in-esm', name };
  }
  if (error instanceof TypeError) {
    const callee = /^(.+?) is not a function/
      .exec(message)?.[1]
      ?.replace(/^\(0\s*,\s*/, '')
      .replace(/\)$/, '');
    const newer = callee && NEWER_NODE_METHODS.find(([pattern]) => pattern.test(callee));
    if (newer) return { kind: 'newer-node', needs: newer[2], api: newer[1] };
  }
  if (code === 'ERR_UNKNOWN_BUILTIN_MODULE') {
    const module = /node:[\w/]+/.exec(message)?.[0];
    if (module && NEWER_NODE_MODULES[module]) return { kind: 'newer-node', needs: NEWER_NODE_MODULES[module], api: module };
  }
  // Node 20 asserts instead of refusing when require() meets an ES module graph that awaits at its top level.
  const requiredEsm = code === 'ERR_INTERNAL_ASSERTION' && /importSyncForRequire|loadESMFromCJS/.test((error as Error).stack ?? '');
  if (code === 'ERR_REQUIRE_ESM' || code === 'ERR_REQUIRE_ASYNC_MODULE' || requiredEsm) return { kind: 'module-format', problem: 'require-esm' };
  const commonJsNamed = /Named export '([^']+)' not found\. The requested module '([^']+)' is a CommonJS module/.exec(message);
  if (commonJsNamed) return { kind: 'module-format', problem: 'named-from-commonjs', name: commonJsNamed[1], module: commonJsNamed[2] };
  const missingName = /The requested module '([^']+)' does not provide an export named '([^']+)'/.exec(message);
  if (missingName && !/^[./]/.test(missingName[1]))
    return { kind: 'module-format', problem: 'named-from-package', name: missingName[2], module: missingName[1] };
  if (/Cannot use import statement outside a module/.test(message)) return { kind: 'module-format', problem: 'esm-in-commonjs' };
  return undefined;
}
