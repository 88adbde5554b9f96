import type { ServerIdentity, SourcePoint } from '../../contract';

const IDENTITY = Symbol.for('tool-schema-lens.server-identity');
let nextId = 0;

/** Give a freshly built server its identity (again, to mark one the worker made). */
export function identify(server: object, info: unknown, site: SourcePoint | undefined, synthetic = false): void {
  const name = info && typeof info === 'object' && typeof (info as { name?: unknown }).name === 'string' ? (info as { name: string }).name : undefined;
  const identity: ServerIdentity = { id: ++nextId, ...(name ? { name } : {}), ...(site && !synthetic ? { site } : {}), ...(synthetic ? { synthetic } : {}) };
  Object.defineProperty(server, IDENTITY, { value: identity, configurable: true, enumerable: false });
}

export function identityOf(server: unknown): ServerIdentity | undefined {
  return server && typeof server === 'object' ? ((server as Record<symbol, ServerIdentity | undefined>)[IDENTITY] ?? undefined) : undefined;
}
