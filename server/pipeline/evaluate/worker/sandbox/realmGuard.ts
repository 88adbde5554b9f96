/**
 * The worker's defence of its own realm. User code runs in the same realm as the engine and the IPC, so a module
 * that replaces `Array.prototype.map`, `Object.entries`, `JSON.stringify` or `process.send`, or adds
 * `Object.prototype.toJSON`, would change how every later file is judged and sent. Before any user code loads,
 * the worker snapshots the property descriptors of the built-ins it relies on; after each file it compares,
 * puts back what was changed (so this file's own tools are judged and sent by the real built-ins) and reports
 * the change on that file. A worker whose realm was changed is retired: what else the module reached (a closure
 * over a built-in, a frozen property) cannot be undone from outside.
 *
 * Invariant: `checkRealm` and `restore` only use references captured here at load time.
 */

type Descriptors = Map<PropertyKey, PropertyDescriptor>;

interface Watched {
  name: string;
  target: object;
  /** Properties added to it count as a change (a prototype: every object inherits them), else they are accepted. */
  strict: boolean;
  /** Only these keys are compared (objects with much mutable state of their own, like `process`). */
  keys?: readonly PropertyKey[];
  descriptors: Descriptors;
  proto: object | null;
}

const { getOwnPropertyDescriptor, defineProperty, getPrototypeOf, setPrototypeOf, is } = Object;
const ownKeys = Reflect.ownKeys;
const deleteProperty = Reflect.deleteProperty;
const arrayPush = Array.prototype.push;
const arrayJoin = Array.prototype.join;
const mapSet = Map.prototype.set;
const mapHas = Map.prototype.has;
const setHas = Set.prototype.has;
const mapForEach = Map.prototype.forEach;
const apply = Reflect.apply;
/** `fn.call(self, ...args)` without trusting the `call` user code could replace later. */
const invoke = <R>(fn: (...args: any[]) => R, self: unknown, ...args: unknown[]): R => apply(fn, self, args);

const iteratorPrototype = getPrototypeOf(getPrototypeOf([][Symbol.iterator]()));
const arrayIteratorPrototype = getPrototypeOf([][Symbol.iterator]());
const mapIteratorPrototype = getPrototypeOf(new Map()[Symbol.iterator]());
const setIteratorPrototype = getPrototypeOf(new Set()[Symbol.iterator]());
const stringIteratorPrototype = getPrototypeOf(''[Symbol.iterator]());

/** Constructors and namespaces whose statics the engine and the worker call, and whose prototypes every object shares. */
const BUILT_INS: Array<[string, object, boolean]> = [
  ['Object', Object, false],
  ['Object.prototype', Object.prototype, true],
  ['Function.prototype', Function.prototype, true],
  ['Array', Array, false],
  ['Array.prototype', Array.prototype, true],
  ['String', String, false],
  ['String.prototype', String.prototype, true],
  ['Number', Number, false],
  ['Number.prototype', Number.prototype, true],
  ['Boolean.prototype', Boolean.prototype, true],
  ['BigInt.prototype', BigInt.prototype, true],
  ['Symbol', Symbol, false],
  ['Symbol.prototype', Symbol.prototype, true],
  ['Promise', Promise, false],
  ['Promise.prototype', Promise.prototype, true],
  ['Map.prototype', Map.prototype, true],
  ['Set.prototype', Set.prototype, true],
  ['WeakMap.prototype', WeakMap.prototype, true],
  ['WeakSet.prototype', WeakSet.prototype, true],
  ['RegExp', RegExp, false],
  ['RegExp.prototype', RegExp.prototype, true],
  ['Date.prototype', Date.prototype, true],
  ['Error', Error, false],
  ['Error.prototype', Error.prototype, true],
  ['JSON', JSON, false],
  ['Math', Math, false],
  ['Reflect', Reflect, false],
  ['Iterator.prototype', iteratorPrototype, true],
  ['Array Iterator', arrayIteratorPrototype, true],
  ['Map Iterator', mapIteratorPrototype, true],
  ['Set Iterator', setIteratorPrototype, true],
  ['String Iterator', stringIteratorPrototype, true],
];

/** The process methods the worker's own IPC, exits and signals go through. */
const PROCESS_KEYS: readonly PropertyKey[] = [
  'send',
  'kill',
  '_kill',
  'exit',
  'reallyExit',
  'emit',
  'on',
  'once',
  'nextTick',
  'memoryUsage',
  'getActiveResourcesInfo',
  'setSourceMapsEnabled',
];

/** Globals the engine and the worker name: replacing one (not adding a new global) is a change. */
const GLOBAL_KEYS: readonly PropertyKey[] = [
  'Object',
  'Function',
  'Array',
  'String',
  'Number',
  'Boolean',
  'BigInt',
  'Symbol',
  'Promise',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'RegExp',
  'Date',
  'Error',
  'TypeError',
  'RangeError',
  'JSON',
  'Math',
  'Reflect',
  'Proxy',
  'globalThis',
  'setTimeout',
  'clearTimeout',
  'setImmediate',
  'clearImmediate',
  'queueMicrotask',
  'structuredClone',
  'performance',
];

function snapshot(target: object, keys?: readonly PropertyKey[]): Descriptors {
  const descriptors: Descriptors = new Map();
  for (const key of keys ?? ownKeys(target)) {
    const d = getOwnPropertyDescriptor(target, key);
    if (d) invoke(mapSet, descriptors, key, d);
  }
  return descriptors;
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return (
    is(a.value, b.value) &&
    a.get === b.get &&
    a.set === b.set &&
    a.writable === b.writable &&
    a.enumerable === b.enumerable &&
    a.configurable === b.configurable
  );
}

const watched: Watched[] = [];

function watch(name: string, target: object, strict: boolean, keys?: readonly PropertyKey[]): void {
  invoke(arrayPush, watched, { name, target, strict, keys, descriptors: snapshot(target, keys), proto: getPrototypeOf(target) });
}

/** Takes the snapshot; call once, before any user code (and after the worker's own patches, which it then guards). */
export function captureRealm(): void {
  if (watched.length > 0) return;
  for (const [name, target, strict] of BUILT_INS) watch(name, target, strict);
  watch('process', process, false, PROCESS_KEYS);
  watch('globalThis', globalThis, false, GLOBAL_KEYS);
}

export interface RealmChange {
  /** `Array.prototype.map`, `Object.prototype.toJSON`, `process.send`. */
  what: string;
  how: 'replaced' | 'deleted' | 'added' | 'prototype changed';
}

/**
 * Settings rather than behaviour: a module that sets one (`Error.stackTraceLimit = 50`, as many servers' entry points
 * do) changes how nothing is judged or sent (the worker sets its own limit around each capture). Its value is put back
 * after the file, without a finding.
 */
const SETTINGS: ReadonlySet<string> = new Set(['Error.stackTraceLimit']);

function keyName(key: PropertyKey): string {
  return typeof key === 'symbol' ? `[${key.description ?? 'symbol'}]` : String(key);
}

/**
 * What user code changed since the snapshot, each put back where it can be. Additions to a constructor or
 * namespace that is not a prototype (a polyfill, `reflect-metadata`) are accepted into the snapshot: they change
 * no existing behaviour, and the module cache keeps them for later files anyway.
 */
export function checkAndRestoreRealm(): RealmChange[] {
  const changes: RealmChange[] = [];
  for (const w of watched) {
    if (getPrototypeOf(w.target) !== w.proto) {
      invoke(arrayPush, changes, { what: w.name, how: 'prototype changed' });
      try {
        setPrototypeOf(w.target, w.proto);
      } catch {
        // Not extensible any more: the worker is retired anyway.
      }
    }
    invoke(mapForEach, w.descriptors, (saved: PropertyDescriptor, key: PropertyKey) => {
      const now = getOwnPropertyDescriptor(w.target, key);
      if (now && sameDescriptor(now, saved)) return;
      const what = `${w.name}.${keyName(key)}`;
      const setting = now !== undefined && typeof now.value === 'number' && now.get === undefined && invoke(setHas, SETTINGS, what);
      if (!setting) invoke(arrayPush, changes, { what, how: now ? 'replaced' : 'deleted' });
      try {
        defineProperty(w.target, key, saved);
      } catch {
        // Made non-configurable: cannot be put back; the worker is retired anyway.
      }
    });
    if (w.keys) continue;
    const keys = ownKeys(w.target);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (invoke(mapHas, w.descriptors, key)) continue;
      if (!w.strict) {
        const d = getOwnPropertyDescriptor(w.target, key);
        if (d) invoke(mapSet, w.descriptors, key, d);
        continue;
      }
      invoke(arrayPush, changes, { what: `${w.name}.${keyName(key)}`, how: 'added' });
      deleteProperty(w.target, key);
    }
  }
  return changes;
}

/** One line for the finding: what was changed, and that it was undone for the analysis. */
export function describeRealmChanges(changes: readonly RealmChange[]): string {
  const shown: string[] = [];
  for (let i = 0; i < changes.length && i < 4; i++) invoke(arrayPush, shown, `${changes[i].how} ${changes[i].what}`);
  const more = changes.length > 4 ? ` and ${changes.length - 4} more` : '';
  return `${invoke(arrayJoin, shown, ', ')}${more}`;
}
