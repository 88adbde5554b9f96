import type { InputSite, SourcePoint } from '../../contract';
import { placedFrames } from './callSite';
import { objectShape, readNode } from '../../../../../shared/zod/read';

const captured = new WeakMap<object, { stack?: unknown }>();
let tracking = false;
let installed = false;
const patchedZod3 = new WeakSet<object>();

function capture(node: object, hook: (...args: any[]) => unknown): void {
  if (captured.has(node)) return;
  const previous = Error.stackTraceLimit;
  Error.stackTraceLimit = 24;
  const holder: { stack?: unknown } = {};
  Error.captureStackTrace(holder, hook);
  Error.stackTraceLimit = previous;
  captured.set(node, holder);
}

/** Observes zod 4's schema creation; once per worker. */
export function installCreationSites(): void {
  if (installed) return;
  installed = true;
  const define = Object.defineProperty;
  const hooked = function defineProperty<T>(target: T, key: PropertyKey, descriptor: PropertyDescriptor & ThisType<any>): T {
    if (tracking && key === '_zod' && target && typeof target === 'object' && !isCheck(target)) capture(target, hooked);
    return define(target, key, descriptor);
  };
  Object.defineProperty = hooked as typeof Object.defineProperty;
}

/** Observes a zod 3 module's schema creation (its `ZodType` constructor assigns `_def`). */
export function observeZod3(mod: unknown): void {
  const m = mod as Record<string, any> | undefined;
  const ZodType = m?.ZodType ?? m?.z?.ZodType;
  const proto = ZodType?.prototype;
  if (!proto || patchedZod3.has(proto) || Object.getOwnPropertyDescriptor(proto, '_def')) return;
  patchedZod3.add(proto);
  const setter = function (this: object, value: unknown) {
    Object.defineProperty(this, '_def', { value, writable: true, configurable: true, enumerable: true });
    if (tracking) capture(this, setter);
  };
  Object.defineProperty(proto, '_def', { set: setter, configurable: true });
}

export function trackCreation(on: boolean): void {
  tracking = on;
}

/**
 * Runs `work` (the engine judging a tool while its module still loads) without recording creation sites: the nodes
 * the engine builds are ours and never looked up, so a stack captured for each would be work for nothing.
 */
export function untracked<T>(work: () => T): T {
  const was = tracking;
  tracking = false;
  try {
    return work();
  } finally {
    tracking = was;
  }
}

/** A zod 4 check (`.min()`, `.url()`'s format check): zod's internals too, but never a schema a site is asked for. */
function isCheck(target: object): boolean {
  const name: unknown = (target as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name.startsWith('$ZodCheck');
}

const IN_ZOD = /[\\/]node_modules[\\/](?:zod|zod-[\w-]+|@zod[\\/][\w-]+)[\\/]/;
const IN_PACKAGE = /[\\/]node_modules[\\/]/;

/** The first frame below zod's own: who asked zod for this schema. */
function creatorFrame(schema: object): SourcePoint | undefined {
  const holder = captured.get(schema);
  if (!holder) return undefined;
  for (const f of placedFrames(holder)) if (!IN_ZOD.test(f.file) && !f.file.startsWith('node:') && !isWorkerFrame(f)) return f;
  return undefined;
}

const workerFile = process.argv[1] ?? '';
function isWorkerFrame(f: SourcePoint): boolean {
  return f.file === workerFile || f.file.includes('tool-schema-lens-shim:');
}

function shapeOf(schema: unknown): Record<string, unknown> | undefined {
  try {
    const node = readNode(schema);
    return node?.kind === 'object' ? objectShape(node) : undefined;
  } catch {
    return undefined;
  }
}

/** How many members of a shape are placed at most: enough to find the literal, cheap to format. */
const MEMBER_SITES = 12;

/**
 * Where `schema` was created in workspace source: the call that built it, when workspace code did; else, for an
 * object a package built from a raw shape (the SDK's `z.object(shape)` of `Schema.shape` or of a shape rebuilt by
 * `Object.fromEntries`), where the members of that shape were built, each with its key: the schema as written is
 * the literal holding them under those keys, which the locator picks (a member created elsewhere, `type:
 * SomeEnum`, names no literal).
 */
export function creationSite(schema: unknown): InputSite | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const frame = creatorFrame(schema);
  const call = frame && !IN_PACKAGE.test(frame.file) ? frame : undefined;
  if (call) return { call };
  // Each member costs a source-mapped stack: formatted only when the object itself was built in a package.
  const members: NonNullable<InputSite['members']> = [];
  const shape = shapeOf(schema) ?? {};
  for (const [key, member] of Object.entries(shape)) {
    if (members.length >= MEMBER_SITES) break;
    const at = member && typeof member === 'object' ? creatorFrame(member) : undefined;
    if (at && !IN_PACKAGE.test(at.file)) members.push({ ...at, key });
  }
  return members.length ? { members, keys: Object.keys(shape) } : undefined;
}
