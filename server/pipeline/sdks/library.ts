/**
 * What a tool library is to the pipeline, as data: the import specifiers that are it, the words that make a
 * file worth parsing, what discovery recognises among its exports, and the recording shim the evaluation
 * bundle routes its entry points through. One descriptor per library (this folder); the pre-filter,
 * discovery, the shims and the worker's recorder table are all derived from the list in `index.ts`.
 *
 * Nothing here imports ts-morph or esbuild: descriptors are loaded by the main process (discovery) and by
 * the evaluation worker (recorders) alike.
 */

/** How a registering call carries the tool's name and input schema. */
export type RegistrationForm =
  /** `server.tool(name, [description], [shape], [annotations], callback)`: the callback is always last. */
  | { form: 'positional' }
  /** `server.registerTool(name, { inputSchema, ... }, callback)`. */
  | { form: 'nameThenConfig'; schemaKey: string }
  /**
   * `tool({ name?, parameters })`: the argument at `arg` is a config object holding the name (under `nameKey`,
   * default `name`; Mastra's is `id`) and the schema.
   */
  | { form: 'config'; arg: number; schemaKeys: readonly string[]; nameKey?: string };

/** A class whose instances register tools through methods (`McpServer`, `FastMCP`). */
export interface ServerClass {
  methods: Readonly<Record<string, RegistrationForm>>;
}

/** What discovery recognises an export as. */
export type DiscoveredExport =
  /** A function (`call`) or class (`new`) whose call is itself a registration. */
  | { kind: 'tool'; call: 'call' | 'new'; form: Extract<RegistrationForm, { form: 'config' }> }
  /** A server class: `new X()` and values typed `X` register through its methods. */
  | { kind: 'server'; server: ServerClass }
  /** A function whose callback's first parameter is a server (`createMcpHandler((server) => ...)`). */
  | { kind: 'host'; server: ServerClass };

/** Builds a library's replacement exports from the real module (and its companion module, if any). */
export type Recorder = (real: any, companion?: any, hrefs?: RecorderHrefs) => Record<string, unknown>;

/** Where the shim found the real module and its companion: the worker loads the library's converters from there. */
export interface RecorderHrefs {
  real?: string;
  server?: string;
}

export interface ToolLibrary<Sdk extends string = string> {
  /** Names the library in the shims and the worker's recorder table. */
  id: string;
  /** What a registration through this library reports as its SDK. */
  sdk: Sdk;
  /**
   * How reports name the library (a family's first descriptor names it for all): the package, used when the
   * installed package.json cannot be read, and the words views show.
   */
  names?: { package: string; display?: string };
  /**
   * The client-rejects targets its tools are judged against when the user names none (the family's first
   * descriptor decides; default: the MCP clients).
   */
  defaultTargets?: readonly string[];
  /** Import specifiers that are this library: exact, or any continuation when the entry ends in `*`. */
  specifiers: readonly string[];
  /** Texts whose presence makes a file worth parsing (the pre-filter); usually the package name. */
  mentions: readonly string[];
  /** Exports discovery recognises, by exported name. */
  exports: Readonly<Record<string, DiscoveredExport>>;
  /** The entry points routed through the recording shim, and the exports the recorder replaces. */
  shim?: {
    entries: readonly string[];
    exports: readonly string[];
    /** Modules the recorder also needs (resolved from the real module): the first that resolves is passed. */
    companions?: readonly string[];
  };
  recorder?: Recorder;
}

/** A descriptor, with its `sdk` kept as a literal so the list can derive `ToolSdk`. */
export function defineLibrary<const Sdk extends string>(library: ToolLibrary<Sdk>): ToolLibrary<Sdk> {
  return library;
}

/** Does an import specifier name this library? */
export function isSpecifierOf(library: ToolLibrary, specifier: string): boolean {
  return library.specifiers.some((s) => (s.endsWith('*') ? specifier.startsWith(s.slice(0, -1)) : specifier === s));
}

/** The export discovery recognises under this name, if any (own keys only: `toString` is no export). */
export function exportOf(library: ToolLibrary, name: string): DiscoveredExport | undefined {
  return Object.prototype.hasOwnProperty.call(library.exports, name) ? library.exports[name] : undefined;
}
