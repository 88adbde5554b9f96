#!/usr/bin/env node
// The corpus's oracle: start a server the way its users do and list its tools through the MCP SDK's real client.
//
//   node corpus/list-tools.mjs [--cwd <dir>] [--env NAME=VALUE ...] [--url <http url>] [--json] -- <command> [args...]
//
// Over stdio by default (the command is spawned with its own environment plus --env), or Streamable HTTP to an
// already started server (--url). The client is the SDK the server's folder installs (so its parse is the one the
// check's `definition` went through), else this repository's. Prints the count and a digest per tool
// (sha256 of JSON.stringify of the tool as the client lists it): what `corpus/servers/*.json` keep as `digests`.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const flags = dash < 0 ? argv : argv.slice(0, dash);
const command = dash < 0 ? [] : argv.slice(dash + 1);
let cwd = process.cwd();
let url;
let json = false;
const env = {};
for (let i = 0; i < flags.length; i++) {
  const flag = flags[i];
  if (flag === '--cwd') cwd = path.resolve(flags[++i]);
  else if (flag === '--url') url = flags[++i];
  else if (flag === '--json') json = true;
  else if (flag === '--env') {
    const [name, ...value] = flags[++i].split('=');
    env[name] = value.join('=');
  } else throw new Error(`unknown flag ${flag}`);
}
if (!url && command.length === 0) {
  console.error('usage: node corpus/list-tools.mjs [--cwd dir] [--env N=V] [--url http://127.0.0.1:port/mcp] [--json] -- command args...');
  process.exit(2);
}

/** The SDK's client modules from the server's own install when it has one, else ours. */
async function sdk() {
  const candidates = [path.join(cwd, 'package.json'), path.join(process.cwd(), 'package.json')];
  for (const from of candidates) {
    if (!existsSync(from)) continue;
    const require = createRequire(from);
    try {
      const client = require.resolve('@modelcontextprotocol/sdk/client/index.js');
      const stdio = require.resolve('@modelcontextprotocol/sdk/client/stdio.js');
      const http = require.resolve('@modelcontextprotocol/sdk/client/streamableHttp.js');
      const version = JSON.parse(
        await import('node:fs').then((fs) =>
          fs.readFileSync(path.join(client.slice(0, client.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json'), 'utf8'),
        ),
      ).version;
      return {
        Client: (await import(pathToFileURL(client).href)).Client,
        Stdio: (await import(pathToFileURL(stdio).href)).StdioClientTransport,
        Http: (await import(pathToFileURL(http).href)).StreamableHTTPClientTransport,
        version,
      };
    } catch {
      // not installed there: the next
    }
  }
  throw new Error('no @modelcontextprotocol/sdk to list with');
}

const { Client, Stdio, Http, version } = await sdk();
const client = new Client({ name: 'tool-schema-lens-corpus', version: '0' }, { capabilities: { roots: {}, sampling: {}, elicitation: {} } });
const transport = url
  ? new Http(new URL(url))
  : new Stdio({ command: command[0], args: command.slice(1), cwd, env: { ...process.env, ...env }, stderr: 'ignore' });
const timer = setTimeout(() => {
  console.error('list-tools: no answer in 30 s');
  process.exit(1);
}, 30_000);
await client.connect(transport);
const tools = [];
let cursor;
do {
  const page = await client.listTools(cursor ? { cursor } : {});
  tools.push(...page.tools);
  cursor = page.nextCursor;
} while (cursor);
clearTimeout(timer);
await client.close().catch(() => {});
const digest = (tool) => createHash('sha256').update(JSON.stringify(tool)).digest('hex').slice(0, 16);
const digests = Object.fromEntries(tools.map((t) => [t.name, digest(t)]));
if (json) console.log(JSON.stringify({ sdk: version, count: tools.length, digests, tools }, null, 2));
else console.log(JSON.stringify({ sdk: version, count: tools.length, digests }, null, 2));
process.exit(0);
