/**
 * The tool libraries the pipeline knows, in the order discovery prefers them when a call could belong to
 * several (a file importing both the MCP SDK and FastMCP: `server.tool(...)` is MCP's). Adding a library
 * is one descriptor file here, listed below, plus its fixture and test.
 */
import { MCP_CLIENTS } from '../../../shared/clients/index';
import { ai } from './ai';
import { fastmcp } from './fastmcp';
import { functionObjects } from './functionObjects';
import { langchain } from './langchain';
import { isSpecifierOf, type Recorder, type ToolLibrary } from './library';
import { mastra } from './mastra';
import { mcpSdk } from './mcp';
import { mcpHandler } from './mcpHandler';
import { mcpLowLevel } from './mcpLowLevel';
import { mcpServer2 } from './mcpServer2';
import { openaiAgents } from './openaiAgents';
import type { ToolSdk } from './names';

// The low-level Server's entries are also the SDK's specifiers: the more specific descriptor comes first.
const LIBRARIES = [mcpLowLevel, mcpSdk, mcpServer2, mcpHandler, fastmcp, ai, openaiAgents, langchain, mastra, functionObjects] as const;

export type { ToolSdk };
// The leaf's list and the libraries' families are the same set: a library added without its name fails here.
type Families = (typeof LIBRARIES)[number]['sdk'];
const sameFamilies: [ToolSdk] extends [Families] ? ([Families] extends [ToolSdk] ? true : never) : never = true;
void sameFamilies;

export const TOOL_LIBRARIES: readonly ToolLibrary<ToolSdk>[] = LIBRARIES;

export type { DiscoveredExport, RegistrationForm, ServerClass, ToolLibrary } from './library';
export { exportOf } from './library';

/** How reports name an SDK family: its package, and the words views show. */
export function libraryNames(sdk: ToolSdk): { package: string; display: string } {
  const names = TOOL_LIBRARIES.find((library) => library.sdk === sdk && library.names)?.names;
  const pkg = names?.package ?? sdk;
  return { package: pkg, display: names?.display ?? pkg };
}

/** The targets a tool of `sdk` is judged against: the user's list, else its library's default, else the MCP clients. */
export function targetsOf(sdk: ToolSdk | undefined, clients: readonly string[] | undefined): readonly string[] {
  if (clients && clients.length > 0) return clients;
  return (sdk ? TOOL_LIBRARIES.find((library) => library.sdk === sdk && library.defaultTargets)?.defaultTargets : undefined) ?? MCP_CLIENTS;
}

/** The library an import specifier names, if any. */
export function toolLibraryOf(specifier: string): ToolLibrary<ToolSdk> | undefined {
  return TOOL_LIBRARIES.find((library) => isSpecifierOf(library, specifier));
}

/** Which recorder handles a shimmed entry point, the exports it replaces, and the modules it also needs. */
export interface ShimSpec {
  recorder: string;
  exports: readonly string[];
  companions?: readonly string[];
}

const SHIMS = new Map<string, ShimSpec>(
  TOOL_LIBRARIES.flatMap(({ id, shim }) =>
    shim ? shim.entries.map((entry): [string, ShimSpec] => [entry, { recorder: id, exports: shim.exports, companions: shim.companions }]) : [],
  ),
);

/** The shim an import specifier is routed through, if it is a library's shimmed entry point. */
export function shimFor(specifier: string): ShimSpec | undefined {
  return SHIMS.get(specifier);
}

/** The recorders the worker installs, keyed by library id as the shims call them. */
export const RECORDERS: Readonly<Record<string, Recorder>> = Object.fromEntries(
  TOOL_LIBRARIES.flatMap((library) => (library.recorder ? [[library.id, library.recorder]] : [])),
);

/** Every text whose presence makes a file worth parsing for a library's registrations. */
export const LIBRARY_MENTIONS: readonly string[] = TOOL_LIBRARIES.flatMap((library) => library.mentions);

/** The package an import specifier is in (`@mastra/core/tools` → `@mastra/core`). */
export function packageOf(specifier: string): string {
  return specifier
    .replace(/\*$/, '')
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/** The packages that are tool libraries, by name. */
export const TOOL_LIBRARY_PACKAGES: ReadonlySet<string> = new Set(TOOL_LIBRARIES.flatMap((library) => library.specifiers.map(packageOf)));
