/** What discovery produces: the tool sites a static read finds, and the factories a worker may call. */
import type { ToolSdk } from '../sdks/names';
import type { Range } from '../syntax/places';

/** A tool schema site found statically by discovery (ts-morph). */
export interface DiscoveredSite {
  kind: 'registration' | 'exported' | 'tagged';
  sdk?: ToolSdk;
  /** The tool's name when it is a string literal (registrations) or the binding name (exported / tagged). */
  name?: string;
  exportName?: string;
  /** The registration call or the declaration. */
  range: Range;
  nameRange?: Range;
  /** The schema expression (input argument, inputSchema/parameters/schema property, initializer). */
  schemaRange?: Range;
  /** The returns of the inline handler that carry no `structuredContent` (discover/handlerReturns.ts). */
  unstructuredReturns?: Range[];
}

export interface DiscoveredFile {
  file: string;
  sites: DiscoveredSite[];
  /** True when the file may hold tool schemas and should be evaluated. */
  candidate: boolean;
  /** It imports what a tool library registers or serves with; false for an MCP client program or no library. */
  toolApi?: boolean;
}

/**
 * How the worker fills one parameter of a factory it calls: a recording server, an options object holding one at
 * these keys, a forgiving placeholder, or a value built from the parameter's type (discover/factoryArguments.ts).
 */
/**
 * What a factory's parameter is given: a recording server; a placeholder; an options object holding servers under
 * `serverKeys`, in which the keys its destructuring gives a default (`{ skipImages = false }`) are left out, so the
 * code's own default applies, as for a caller that omits them; or a value built from its type.
 */
export type ParamHint = 'server' | 'value' | 'options' | { serverKeys: string[]; defaulted?: string[] } | { built: BuiltValue };

/** A value described in JSON, made in the worker: a recording server, a Set and a function cannot cross as themselves. */
export type BuiltValue =
  | { literal: string | number | boolean | null }
  | { object: Record<string, BuiltValue> }
  | { array: BuiltValue[] }
  | { set: BuiltValue[] }
  | { map: true }
  | { fn: true }
  | { server: true }
  | { placeholder: true };

/** A top-level function or class that builds a server or registers tools (discover/factories.ts). */
export interface FactorySpec {
  name: string;
  /** The export that already names it (an anonymous default export); otherwise the bundle exports it under an alias. */
  exportName?: string;
  kind: 'function' | 'class';
  /** 0-based first and last line of its declaration in the entry file: a frame inside means it ran. */
  lines: [number, number];
  params: ParamHint[];
  /** The parameters' names as written (`options`, or `{…}` for a destructuring): what a report names as invented. */
  paramNames?: string[];
  /** A class's methods that build or register, called on the instance in order. */
  methods?: Array<{ name: string; lines: [number, number]; params: ParamHint[] }>;
}
