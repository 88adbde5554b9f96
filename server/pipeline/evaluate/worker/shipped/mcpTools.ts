/**
 * What an MCP server built with the workspace's own SDK (1.x `McpServer`, 2.x `@modelcontextprotocol/server`)
 * sends: a real client of that SDK connects over the SDK's in-memory transport to the recorded server and takes
 * `tools/list`, exactly as a host's client receives it (the client's own parsing included, which is where the
 * SDK's key order comes from). Where 2.x has no `@modelcontextprotocol/client` installed, the JSON-RPC answer
 * is read off the server's transport instead (what any client receives on the wire).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageOf } from './packageInfo';
import { detachSink } from '../recorders/sinkTransport';
import { shareCompiledValidators } from './sharedValidators';

type AnyClass = new (...args: any[]) => any;
type Definition = Record<string, unknown>;

interface RegisteredTool {
  enabled?: boolean;
  inputSchema?: unknown;
}

interface ServerLike {
  _registeredTools?: Record<string, RegisteredTool>;
}

export interface McpListing {
  library: string;
  libraryVersion?: string;
  /** By tool name, when the whole list succeeded. */
  tools?: Map<string, Definition>;
  /** The list failed: the error, and what each tool listed alone gives (a server holding just that tool). */
  failure?: { error: string; perTool: Map<string, AloneListing> };
  /** How the list was taken, when not by the SDK's own client. */
  via?: 'wire';
}

/** One tool listed by a server holding only it: its definition, or the error its list fails with. */
export type AloneListing = { definition: Definition; error?: undefined } | { definition?: undefined; error: string };

export interface ClientKit {
  Client?: AnyClass;
  InMemoryTransport: { createLinkedPair(): [any, any] };
}

const kits = new Map<string, Promise<ClientKit | undefined>>();

function fileOf(href: string): string {
  return href.startsWith('file:') ? fileURLToPath(href) : href;
}

async function load(file: string): Promise<Record<string, any>> {
  return (await import(pathToFileURL(file).href)) as Record<string, any>;
}

/** The SDK's client and in-memory transport, from the same install as the server module (same format). */
export function clientKit(serverModule: string): Promise<ClientKit | undefined> {
  let kit = kits.get(serverModule);
  if (!kit) kits.set(serverModule, (kit = loadKit(serverModule).catch(() => undefined)));
  return kit;
}

async function loadKit(serverModule: string): Promise<ClientKit | undefined> {
  const file = fileOf(serverModule);
  const pkg = packageOf(file);
  if (!pkg) return undefined;
  if (pkg.name === '@modelcontextprotocol/sdk') {
    // 1.x: dist/{esm,cjs}/server/mcp.js beside dist/{esm,cjs}/client/index.js and inMemory.js.
    const dist = path.dirname(path.dirname(file));
    const client = path.join(dist, 'client', 'index.js');
    const inMemory = path.join(dist, 'inMemory.js');
    if (!existsSync(client) || !existsSync(inMemory)) return undefined;
    const [c, m] = await Promise.all([load(client), load(inMemory)]);
    return { Client: c.Client, InMemoryTransport: m.InMemoryTransport };
  }
  // 2.x: the server package exports the transport; the client is its own package, when installed.
  const server = await load(file);
  if (!server.InMemoryTransport) return undefined;
  let Client: AnyClass | undefined;
  try {
    const resolved = createRequire(file).resolve('@modelcontextprotocol/client');
    Client = (await load(resolved)).Client;
  } catch {
    Client = undefined;
  }
  return { Client, InMemoryTransport: server.InMemoryTransport };
}

const CLIENT_INFO = { name: 'tool-schema-lens', version: '0.0.0' };

/**
 * Every capability a client can declare (the 2025-11-25 schema's, tasks and URL elicitation included): a server that
 * offers tools only to some clients shows them all.
 */
export const EVERY_CAPABILITY = {
  roots: { listChanged: true },
  sampling: { context: {}, tools: {} },
  elicitation: { form: {}, url: {} },
  tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
};

interface InitializedLike {
  server?: { oninitialized?: unknown };
}

/**
 * One `tools/list` through a fresh connection, as a client declaring every capability; rejects with the server's
 * error. The server's own `oninitialized` ran once, during the evaluation (`initializeAsClient`): not again here,
 * where what it registers would not be recorded and the timers it starts would outlive the evaluation.
 */
async function listOnce(server: object, Real: AnyClass, kit: ClientKit): Promise<Definition[]> {
  const inner = (server as InitializedLike).server;
  const own = inner?.oninitialized;
  if (inner && own !== undefined) inner.oninitialized = undefined;
  try {
    return await connectedList(server, Real, kit);
  } finally {
    if (inner && own !== undefined) inner.oninitialized = own;
  }
}

function connectedList(server: object, Real: AnyClass, kit: ClientKit): Promise<Definition[]> {
  detachSink((server as { server?: unknown }).server);
  return listThrough(
    kit,
    (serverSide) => Real.prototype.connect.call(server, serverSide) as Promise<unknown>,
    () => (server as { close?: () => Promise<void> }).close?.(),
    EVERY_CAPABILITY,
  );
}

/** Whether the server acts on a client's initialize (`server.server.oninitialized`, SDK 1.x and 2.x). */
export function actsOnInitialize(server: object): boolean {
  return typeof (server as InitializedLike).server?.oninitialized === 'function';
}

/**
 * Initializes the server as the SDK's own client declaring every capability would, then disconnects: what its
 * `oninitialized` registers is registered as under a real client. Resolves once the client got its answer.
 */
export async function initializeAsClient(server: object, Real: AnyClass, serverModule: string): Promise<void> {
  const kit = await clientKit(serverModule);
  if (!kit || typeof Real.prototype.connect !== 'function') return;
  // Only the initialize matters here; the listing after it is ours, and its error is not the file's: an older SDK
  // (1.25) answers "Method not found" for a server with no tool yet (its handler is set by the first registration).
  // What `oninitialized` itself throws still reaches the evaluation, through the process's handlers.
  await connectedList(server, Real, kit).catch(() => undefined);
}

/**
 * One `tools/list` by the SDK's client (or the raw JSON-RPC one sends) over a fresh in-memory pair, whose server
 * side `connect` attaches; `close` ends the server after. Rejects with the server's error.
 */
export async function listThrough(
  kit: ClientKit,
  connect: (serverSide: unknown) => Promise<unknown>,
  close: () => Promise<unknown> | undefined,
  capabilities: Record<string, unknown> = {},
  wire = false,
): Promise<Definition[]> {
  const [clientSide, serverSide] = kit.InMemoryTransport.createLinkedPair();
  await connect(serverSide);
  try {
    if (kit.Client) {
      const client = new kit.Client(CLIENT_INFO, { capabilities });
      shareCompiledValidators(client);
      await client.connect(clientSide);
      const sent = wire ? tapToolsList(clientSide) : undefined;
      try {
        const result = await client.listTools();
        return (result?.tools ?? []) as Definition[];
      } catch (error) {
        // The server answered and the SDK's own client refused the answer: the tools are judged as they were sent,
        // and what that client loses is a verdict on the tool and path it refused, not this error.
        if (sent?.tools) return sent.tools as Definition[];
        throw error;
      }
    }
    return (await listOverWire(clientSide, capabilities)) as Definition[];
  } finally {
    await close()?.catch(() => undefined);
    await clientSide.close?.().catch?.(() => undefined);
  }
}

/** The `tools/list` result as it arrives on the client's transport, before the client parses it. */
function tapToolsList(transport: any): { tools?: unknown[] } {
  const sent: { tools?: unknown[] } = {};
  const deliver = transport.onmessage as ((message: unknown, extra?: unknown) => void) | undefined;
  transport.onmessage = (message: any, extra?: unknown) => {
    const tools = message?.result?.tools;
    if (Array.isArray(tools)) sent.tools = JSON.parse(JSON.stringify(tools)) as unknown[];
    deliver?.call(transport, message, extra);
  };
  return sent;
}

/** initialize, initialized, tools/list: the JSON-RPC a client sends, answers as they arrive. */
async function listOverWire(transport: any, capabilities: Record<string, unknown>): Promise<unknown[]> {
  const waiting = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  transport.onmessage = (message: any) => {
    const pending = waiting.get(message?.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(`MCP error ${message.error.code}: ${message.error.message}`));
    else pending.resolve(message.result);
  };
  await transport.start?.();
  const request = (id: number, method: string, params: unknown) =>
    new Promise<any>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      Promise.resolve(transport.send({ jsonrpc: '2.0', id, method, params })).catch(reject);
    });
  const init = await request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities, clientInfo: CLIENT_INFO });
  void init;
  await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const listed = await request(2, 'tools/list', {});
  return listed?.tools ?? [];
}

/** One line, short: a client's validation error is a pretty-printed JSON array. */
function errorText(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/**
 * The recorded server's `tools/list`, with some tools' inputs swapped for the duration (a tool counted as
 * flattened ships its flattened schema). When the list fails, each tool is listed alone: the ones that fail are
 * named, and every other keeps the definition its library really sends for it.
 */
export async function listMcpTools(
  server: object,
  Real: AnyClass,
  serverModule: string,
  swaps: ReadonlyMap<string, unknown> = new Map(),
): Promise<McpListing | undefined> {
  const pkg = packageOf(fileOf(serverModule));
  const kit = await clientKit(serverModule);
  if (!kit || typeof Real.prototype.connect !== 'function') return undefined;
  const library = pkg?.name ?? '@modelcontextprotocol/sdk';
  const base = { library, libraryVersion: pkg?.version, ...(kit.Client ? {} : { via: 'wire' as const }) };
  const registered = (server as ServerLike)._registeredTools ?? {};
  const saved = new Map<string, RegisteredTool>();
  for (const [name, schema] of swaps) {
    const tool = registered[name];
    if (!tool) continue;
    saved.set(name, { ...tool });
    tool.inputSchema = schema;
  }
  try {
    try {
      const tools = await listOnce(server, Real, kit);
      return { ...base, tools: new Map(tools.map((t) => [String(t.name), t])) };
    } catch (error) {
      return { ...base, failure: { error: errorText(error), perTool: await listEachAlone(server, Real, kit, registered) } };
    }
  } finally {
    for (const [name, before] of saved) Object.assign(registered[name], { inputSchema: before.inputSchema });
  }
}

async function listEachAlone(server: object, Real: AnyClass, kit: ClientKit, registered: Record<string, RegisteredTool>): Promise<Map<string, AloneListing>> {
  const names = Object.keys(registered);
  const enabled = new Map(names.map((n) => [n, registered[n].enabled]));
  const out = new Map<string, AloneListing>();
  try {
    for (const name of names) {
      if (enabled.get(name) === false) continue;
      for (const other of names) registered[other].enabled = other === name;
      try {
        // Disabling the others is the same server holding only this tool: the SDK lists enabled tools only,
        // each converted on its own, so what it sends for this one is byte for byte what a lone server sends.
        const listed = await listOnce(server, Real, kit);
        const definition = listed.find((t) => t.name === name);
        out.set(name, definition ? { definition } : { error: 'not listed even alone' });
      } catch (error) {
        out.set(name, { error: errorText(error) });
      }
    }
  } finally {
    for (const name of names) registered[name].enabled = enabled.get(name);
  }
  return out;
}
