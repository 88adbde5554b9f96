/**
 * Modules that exist only on a platform the workspace deploys to (a Worker's `cloudflare:*`, Bun's `bun:*`) or
 * that refuse to load outside a framework's bundler (`server-only`, `client-only`). Node cannot load them, so a
 * file importing them would fail before registering anything; they are served as documented stubs instead:
 *
 * - every named import is provided: a capitalised name is a class whose constructor keeps `(ctx, env)` as
 *   `this.ctx` / `this.env` (so `class MyAgent extends DurableObject` and `McpAgent` construct), any other name a
 *   forgiving value that reads, calls and constructs to itself (`env.API_KEY` is that value, never a secret);
 * - the default export is the same forgiving value.
 *
 * The report names each stubbed module. Which names a stub must export is read from the importing sources.
 */
import { REFUSAL_KEY } from './protocol';

/** Whether `specifier` is served by a stub. */
export function isPlatformModule(specifier: string): boolean {
  return /^(cloudflare|bun|deno|workerd):/.test(specifier) || specifier === 'server-only' || specifier === 'client-only';
}

/** Whether `specifier` is one the user asked to stub: named exactly, or under a pattern ending in `*` (`next/*`). */
export function matchesStub(specifier: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.endsWith('*') ? specifier.startsWith(p.slice(0, -1)) : specifier === p));
}

const IMPORT_LIST = /import\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2/g;
const EXPORT_LIST = /export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2/g;

/** The names `source` imports (or re-exports) from `specifier`. */
export function importedNames(source: string, specifier: string): string[] {
  const names = new Set<string>();
  for (const pattern of [IMPORT_LIST, EXPORT_LIST]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
      if (match[3] !== specifier) continue;
      for (const part of match[1].split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(name) && name !== 'default') names.add(name);
      }
    }
  }
  return [...names];
}

/** The stub module's source, exporting `names`. */
export function stubSource(specifier: string, names: readonly string[]): string {
  const lines = [
    `// Tool Schema Lens: a stub for ${JSON.stringify(specifier)}, which exists only on its platform.`,
    'const forgiving = new Proxy(function stub() {}, {',
    '  get: (_t, key) => (key === Symbol.toPrimitive ? () => "" : key === "then" ? undefined : forgiving),',
    '  apply: () => forgiving,',
    '  construct: () => forgiving,',
    '});',
    'function platformClass(name) {',
    '  const C = class { constructor(ctx, env) { this.ctx = ctx ?? forgiving; this.env = env ?? forgiving; } };',
    '  Object.defineProperty(C, "name", { value: name });',
    '  return C;',
    '}',
    'export default forgiving;',
  ];
  for (const name of names) {
    lines.push(/^[A-Z]/.test(name) ? `export const ${name} = platformClass(${JSON.stringify(name)});` : `export const ${name} = forgiving;`);
  }
  return lines.join('\n');
}

/**
 * The stub as CommonJS `require` sees it (a CommonJS package importing `cloudflare:workers`): the same forgiving
 * value, whose capitalised properties are platform classes, as `stubSource` exports them by name.
 */
export function stubExports(): unknown {
  const forgiving: unknown = new Proxy(function stub() {}, {
    get: (_t, key) => (key === Symbol.toPrimitive ? () => '' : key === 'then' ? undefined : forgiving),
    apply: () => forgiving,
    construct: () => forgiving as object,
  });
  const classes = new Map<string, unknown>();
  return new Proxy(
    {},
    {
      get: (_t, key) => {
        if (key === '__esModule') return false;
        if (typeof key !== 'string' || !/^[A-Z]/.test(key)) return key === 'then' ? undefined : forgiving;
        if (!classes.has(key)) classes.set(key, platformClass(key, forgiving));
        return classes.get(key);
      },
    },
  );
}

function platformClass(name: string, forgiving: unknown): unknown {
  const C = class {
    ctx: unknown;
    env: unknown;
    constructor(ctx?: unknown, env?: unknown) {
      this.ctx = ctx ?? forgiving;
      this.env = env ?? forgiving;
    }
  };
  Object.defineProperty(C, 'name', { value: name });
  return C;
}

/** Whether `specifier` is Node's worker_threads: user code gets a copy whose `Worker` refuses to start. */
export function isWorkerThreads(specifier: string): boolean {
  return specifier === 'worker_threads' || specifier === 'node:worker_threads';
}

/**
 * The error a refused `new Worker(...)` throws: shaped as Node's permission model shapes its refusals, so it is
 * reported the same way (a thread could listen on a real port or outlive the check; the model cannot refuse it).
 */
export const REFUSED_WORKER_SOURCE = [
  'class Worker {',
  '  constructor() {',
  '    const error = new Error("Access to this API has been restricted");',
  '    error.code = "ERR_ACCESS_DENIED";',
  '    error.permission = "WorkerThreads";',
  `    globalThis[Symbol.for(${JSON.stringify(REFUSAL_KEY)})]?.(error);`,
  '    throw error;',
  '  }',
  '}',
].join('\n');

/** worker_threads as user code sees it while checking. */
export function workerThreadsSource(): string {
  return [
    'import * as real from "node:worker_threads";',
    'export * from "node:worker_threads";',
    REFUSED_WORKER_SOURCE,
    'export { Worker };',
    'export default { ...real, Worker };',
  ].join('\n');
}
