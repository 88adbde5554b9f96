/**
 * Our MCP server as an agent meets it: the built CLI (`dist/cli.js mcp`) started in a folder, reached through the
 * SDK's real client over stdio or over Streamable HTTP (the port read from the line the server prints once it
 * listens: an event, not a wait).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI } from '../cli/runCli';

export interface Session {
  client: Client;
  /** What the server wrote on stderr so far (its log). */
  stderr(): string;
  close(): Promise<void>;
}

export interface SessionOptions {
  /** Extra arguments after `mcp`. */
  args?: string[];
  /** Folders the client declares as its roots (MCP roots capability). */
  roots?: string[];
  /** The server's environment over the test's own. */
  env?: Record<string, string>;
}

function newClient(options: SessionOptions): Client {
  const client = new Client({ name: 'agent', version: '1.0.0' }, { capabilities: options.roots ? { roots: { listChanged: true } } : {} });
  if (options.roots) {
    const roots = options.roots.map((r) => ({ uri: pathToFileURL(r).href }));
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
  }
  return client;
}

export async function stdioSession(cwd: string, options: SessionOptions = {}): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...(options.args ?? [])],
    cwd,
    stderr: 'pipe',
    ...(options.env ? { env: { ...(process.env as Record<string, string>), ...options.env } } : {}),
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const client = newClient(options);
  await client.connect(transport);
  return { client, stderr: () => log, close: () => client.close() };
}

/** The server on `--http 0`: its URL once it says it listens. */
export async function startHttpServer(cwd: string, args: string[] = []): Promise<{ url: URL; child: ChildProcess; stderr(): string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [CLI, 'mcp', '--http', '0', ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const url = await new Promise<URL>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(log);
      if (found) resolve(new URL(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`mcp --http exited (${code}) before listening: ${log}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    child,
    stderr: () => log,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function httpSession(url: URL, options: SessionOptions = {}): Promise<Session> {
  const client = newClient(options);
  await client.connect(new StreamableHTTPClientTransport(url));
  return { client, stderr: () => '', close: () => client.close() };
}

/** A tool call that must succeed: its structured content. */
export async function call<T = Record<string, any>>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} answered an error: ${JSON.stringify(result.content)}`);
  return result.structuredContent as T;
}

/** A tool call that must fail as a tool error the agent reads: its text. */
export async function callError(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (!result.isError) throw new Error(`${name} did not fail: ${JSON.stringify(result.structuredContent)}`);
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** A text edit as suggest_fix answers it: 1-based lines and columns, the file relative to the workspace. */
export interface Edit {
  file: string;
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
  newText: string;
}

/** Applies suggest_fix's edits under `root` as an agent would: per file, from the last to the first. */
export function applyEdits(root: string, edits: readonly Edit[]): void {
  for (const file of new Set(edits.map((e) => e.file))) {
    const full = path.join(root, file);
    let text = fs.readFileSync(full, 'utf8');
    const offset = (line: number, column: number) =>
      text
        .split('\n')
        .slice(0, line - 1)
        .reduce((n, l) => n + l.length + 1, 0) +
      column -
      1;
    const mine = edits.filter((e) => e.file === file).sort((a, b) => b.startLine - a.startLine || b.startColumn - a.startColumn);
    for (const e of mine) text = text.slice(0, offset(e.startLine, e.startColumn)) + e.newText + text.slice(offset(e.endLine, e.endColumn));
    fs.writeFileSync(full, text);
  }
}
