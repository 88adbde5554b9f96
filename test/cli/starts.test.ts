/**
 * Starts that need something (test/fixtures/starts, README there). Each server is started for real with its
 * variables set (tsx; the SDK's real client lists it) and checked with none set: `check` finds the real start's tools,
 * byte for byte, by running the start again with placeholder values for exactly the variables it stopped on, and
 * marks every tool found so. A choice (a mode the code compares with values) never gets a placeholder; a start that
 * stopped on a connection the check refused says so at the line that connected; a placeholder secret sent to a service
 * is refused and named, as every connection off loopback is.
 */
import http from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, REPO, runInProcess } from './runCli';

const ROOT = path.join(FIXTURES, 'starts');
const TSX = path.join(REPO, 'node_modules', '.bin', 'tsx');

interface Report {
  tools: Array<{ name: string; definition?: unknown; placeholders?: string[] }>;
  diagnostics: Array<{ code: string; file: string; line: number; message: string }>;
}

/** The tools the server lists when started for real with `env`, by name → JSON. */
async function realStart(folder: string, env: Record<string, string>): Promise<Record<string, string>> {
  const client = new Client({ name: 'starts-oracle', version: '0' });
  await client.connect(
    new StdioClientTransport({
      command: TSX,
      args: ['src/index.ts'],
      cwd: path.join(ROOT, folder),
      env: { ...process.env, ...env } as Record<string, string>,
      stderr: 'ignore',
    }),
  );
  try {
    const { tools } = await client.listTools();
    return Object.fromEntries(tools.map((t) => [t.name, JSON.stringify(t)]));
  } finally {
    await client.close();
  }
}

async function check(folder: string, ...flags: string[]): Promise<Report> {
  return JSON.parse((await runInProcess(['check', '.', '--format', 'json', '--no-cache', ...flags], { cwd: path.join(ROOT, folder) })).stdout) as Report;
}

const definitions = (report: Report) => Object.fromEntries(report.tools.map((t) => [t.name, JSON.stringify(t.definition)]));

describe.each<{ folder: string; env: Record<string, string> }>([
  { folder: 'throw-at-import', env: { ACME_CLIENT_ID: 'client-1234', ACME_CLIENT_SECRET: 'secret-5678' } },
  { folder: 'exit-on-key', env: { MAILER_KEY: 'mk_live_0123456789' } },
  { folder: 'validator', env: { ACME_TOKEN: 'at_0123456789abcdefghijk', ACME_URL: 'https://wiki.acme.example' } },
  { folder: 'dependency-server', env: { NOTES_TOKEN: 'nt_0123456789' } },
])('$folder: found with placeholders, as the real start lists them', ({ folder, env }) => {
  it('the same tools and definitions as the start run with its variables set, each marked with the placeholders used', async () => {
    const [real, report] = await Promise.all([realStart(folder, env), check(folder)]);
    expect(definitions(report)).toEqual(real);
    for (const tool of report.tools) expect(tool.placeholders).toEqual(Object.keys(env).sort());
    expect(report.diagnostics.filter((d) => d.code === 'evaluation-failed' || d.code === 'no-tools-found')).toEqual([]);
  });
});

describe('placeholders, and where there are none', () => {
  it('an optional option left unset keeps the field the real start requires (no invented sender)', async () => {
    const report = await check('exit-on-key');
    const sendMail = report.tools.find((t) => t.name === 'send_mail')?.definition as { inputSchema: { required: string[] } };
    expect(sendMail.inputSchema.required).toContain('from');
  });

  it('the text report says which tools were found with placeholders, for which variables', async () => {
    const run = await runInProcess(['check', '.', '--no-cache'], { cwd: path.join(ROOT, 'throw-at-import') });
    expect(run.stdout).toMatch(
      /note: 2 tools found with placeholder values for ACME_CLIENT_ID, ACME_CLIENT_SECRET, which the start needs and which are unset: set them/,
    );
  });

  it('--no-placeholders: the start fails, naming what to set; what the fallback builds says what it made up, and leaves options unset', async () => {
    const report = await check('exit-on-key', '--no-placeholders');
    expect(report.diagnostics.find((d) => d.code === 'evaluation-failed')?.message).toMatch(/It read MAILER_KEY, unset/);
    const sendMail = report.tools.find((t) => t.name === 'send_mail') as {
      calledFactory?: string;
      inventedArguments?: string[];
      definition?: { inputSchema: { required: string[] } };
    };
    expect(sendMail).toMatchObject({ calledFactory: 'addMailTools', inventedArguments: ['key'] });
    expect(sendMail.definition?.inputSchema.required).toContain('from');
  });

  it('a choice the code compares with values gets none: the finding says it is a choice, and --env recovers the real tools', async () => {
    const report = await check('selector');
    expect(report.tools).toEqual([]);
    expect(report.diagnostics.find((d) => d.code === 'no-tools-found')?.message).toMatch(/it reads NOTES_MODE, which the code compares with values: a choice/);
    const [real, set] = await Promise.all([realStart('selector', { NOTES_MODE: 'full' }), check('selector', '--env', 'NOTES_MODE=full')]);
    expect(definitions(set)).toEqual(real);
  });

  it('a placeholder secret sent to a service is refused and named: nothing leaves the machine', async () => {
    const report = await check('validator');
    const refused = report.diagnostics.find((d) => d.code === 'evaluation-refused');
    expect(refused?.message).toMatch(/tried to connect to tsl-placeholder\.invalid:443, and the check refused it/);
  });
});

describe('fetch-first: a start that fetches its defaults before its optional tools', () => {
  let service: http.Server;
  let url: string;
  beforeAll(async () => {
    service = http.createServer((_req, res) => res.end(JSON.stringify({ categories: ['shoes', 'hats'] })));
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(service.address() as { port: number }).port}/defaults.json`;
  });
  afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

  it('stopped on the refused connection: a warning at the line that connected, naming the host and the way on', async () => {
    const report = await check('fetch-first');
    expect(report.tools.map((t) => t.name)).toEqual(['find_product']);
    const failed = report.diagnostics.find((d) => d.code === 'evaluation-failed');
    expect(failed).toMatchObject({ file: 'src/index.ts', line: 9 });
    expect(failed?.message).toMatch(
      /^the start stopped on a refused connection to catalog\.example:443; stub the module that connects .*the tools it registers afterwards are missing/,
    );
    expect(report.diagnostics.filter((d) => d.code === 'evaluation-refused')).toEqual([]);
  });

  it('pointed at a service on loopback, it registers what the real start does', async () => {
    const [real, report] = await Promise.all([
      realStart('fetch-first', { CATALOG_DEFAULTS_URL: url }),
      check('fetch-first', '--env', `CATALOG_DEFAULTS_URL=${url}`),
    ]);
    expect(Object.keys(real).sort()).toEqual(['find_product', 'list_hats', 'list_shoes']);
    expect(definitions(report)).toEqual(real);
  });
});

describe('ai-toolkit: AI SDK tools, one written in JSON Schema, one built by a factory that needs its key', () => {
  /** What the AI SDK itself makes of each tool of `tools`, the key set: its `asSchema(...).jsonSchema`. */
  async function sdkSchemas(): Promise<Record<string, string>> {
    const script = [
      "import { asSchema } from 'ai';",
      "import { tools } from './src/index.ts';",
      'const out = {};',
      'for (const [name, t] of Object.entries(tools)) out[name] = JSON.stringify({ description: t.description, inputSchema: await asSchema(t.inputSchema).jsonSchema });',
      'console.log(JSON.stringify(out));',
    ].join('\n');
    const { execFile } = await import('node:child_process');
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        TSX,
        ['--input-type=module', '-e', script],
        { cwd: path.join(ROOT, 'ai-toolkit'), env: { ...process.env, SEARCH_API_KEY: 'sk-0123456789' } },
        (error, out) => (error ? reject(new Error(error.message)) : resolve(out)),
      ),
    );
    return JSON.parse(stdout) as Record<string, string>;
  }

  it('finds all three as the AI SDK sends them, the factory one with a placeholder key, all in one tool set', async () => {
    const [sdk, report] = await Promise.all([sdkSchemas(), check('ai-toolkit')]);
    expect(definitions(report)).toEqual({ weather: sdk.weather, forecast: sdk.forecast, search: sdk.search });
    for (const tool of report.tools) expect(tool.placeholders).toEqual(['SEARCH_API_KEY']);
    const text = (await runInProcess(['check', '.', '--no-cache'], { cwd: path.join(ROOT, 'ai-toolkit') })).stdout;
    expect(text).toMatch(/^3 tools: /m);
    expect(text).toMatch(/placeholder values for SEARCH_API_KEY/);
  });
});

describe('toolkit: a class constructed with a configuration that hands its tools out, for three frameworks', () => {
  /** What each framework sends for the toolkit's tools, built for real with a key and every action granted. */
  async function realToolkits(): Promise<Record<string, Record<string, string>>> {
    const script = [
      "import { asSchema } from 'ai';",
      "import { toJsonSchema } from '@langchain/core/utils/json_schema';",
      "import * as ai from './src/ai-sdk.ts';",
      "import * as lc from './src/langchain.ts';",
      "import * as oa from './src/openai.ts';",
      "const options = { apiKey: 'ak_live_0123', configuration: { actions: { invoices: { create: true, read: true }, customers: { read: true } } } };",
      'const out = { ai: {}, langchain: {}, openai: {} };',
      'for (const [name, t] of Object.entries(new ai.AcmeAgentToolkit(options).getTools())) out.ai[name] = JSON.stringify({ description: t.description, inputSchema: await asSchema(t.inputSchema).jsonSchema });',
      'for (const t of new lc.AcmeAgentToolkit(options).getTools()) out.langchain[t.name] = JSON.stringify({ name: t.name, description: t.description, schema: toJsonSchema(t.schema) });',
      'for (const t of new oa.AcmeAgentToolkit(options).getTools()) out.openai[t.function.name] = JSON.stringify(t);',
      'console.log(JSON.stringify(out));',
    ].join('\n');
    const { execFile } = await import('node:child_process');
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(TSX, ['--input-type=module', '-e', script], { cwd: path.join(ROOT, 'toolkit') }, (error, out) =>
        error ? reject(new Error(error.message)) : resolve(out),
      ),
    );
    return JSON.parse(stdout) as Record<string, Record<string, string>>;
  }

  it('finds every tool of every toolkit, as each framework sends it, with every action of the permission map granted', async () => {
    const [real, report] = await Promise.all([realToolkits(), check('toolkit')]);
    const byFile = (file: string) => definitions({ tools: report.tools.filter((t) => (t as { file?: string }).file?.endsWith(file)) } as Report);
    expect(byFile('ai-sdk.ts')).toEqual(real.ai);
    expect(byFile('langchain.ts')).toEqual(real.langchain);
    expect(byFile('openai.ts')).toEqual(real.openai);
    expect(Object.keys(real.ai)).toHaveLength(3);
  });

  it('says the tools were built with made-up options, naming them', async () => {
    const text = (await runInProcess(['check', '.', '--no-cache'], { cwd: path.join(ROOT, 'toolkit') })).stdout;
    expect(text).toMatch(/9 tools built by calling AcmeAgentToolkit\(…\) with made-up \{ apiKey, configuration \}/);
  });
});

describe('needs-flag: a start that exits without the argument naming its tools', () => {
  it('says which --arg the start asks for, never choosing its value; given it, finds what the real start lists', async () => {
    const report = await check('needs-flag');
    const failed = report.diagnostics.find((d) => d.code === 'evaluation-failed');
    expect(failed?.message).toContain('(it asks for the argument --tools: pass the value your users pass, check --arg --tools=<value>)');
    expect(report.tools).toEqual([]);
    const client = new Client({ name: 'starts-oracle', version: '0' });
    await client.connect(
      new StdioClientTransport({ command: TSX, args: ['src/index.ts', '--tools=all'], cwd: path.join(ROOT, 'needs-flag'), stderr: 'ignore' }),
    );
    const real = Object.fromEntries((await client.listTools()).tools.map((t) => [t.name, JSON.stringify(t)]));
    await client.close();
    expect(definitions(await check('needs-flag', '--arg', '--tools=all'))).toEqual(real);
  });
});
