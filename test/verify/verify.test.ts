// `verify` against loopback providers (loopback.ts): what each receives, byte for byte as its own SDK serialises the
// same call; refusals mapped to their tools; verdict-drift; the stored answers and `check` showing them; retries,
// a network failure, the cost gate and the request bound. Nothing here leaves 127.0.0.1, and no key is ever printed.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, REPO, runCli, runInProcess, type CliRun } from '../cli/runCli';
import { strictView } from '../../shared/clients/index';
import { startLoopback, type Loopback } from './loopback';

const FIXTURE = path.join(REPO, 'test', 'fixtures', 'verify');
// Inside the repository, so the copy's imports resolve to the repository's SDK and zod.
const DIR = path.join(REPO, '.cache', `verify-${process.pid}`);
const STORE = path.join(DIR, 'toolschemalens.verified.json');
const TODAY = '2026-12-07';
const KEYS = { OPENAI_API_KEY: 'sk-test-FAKEKEY-openai-0001', ANTHROPIC_API_KEY: 'sk-ant-FAKEKEY-0002', GEMINI_API_KEY: 'AIza-FAKEKEY-gemini-0003' };
const version = (pkg: string, file: string) => JSON.parse(readFileSync(path.join(REPO, 'node_modules', pkg, file), 'utf8')).version as string;

let loop: Loopback;
const baseUrls = () => ['--base-url', `openai=${loop.url}/v1`, '--base-url', `gemini=${loop.url}`];
/** A verify run: keys and Anthropic's base URL from the environment it is given (the SDK's own variable). */
const verify = (args: string[], io: { confirm?: (q: string) => Promise<boolean>; env?: Record<string, string> } = {}) =>
  runInProcess(['verify', DIR, ...baseUrls(), ...args], {
    cwd: REPO,
    io: { env: { ...KEYS, ANTHROPIC_BASE_URL: loop.url, ...io.env }, today: () => TODAY, ...(io.confirm ? { confirm: io.confirm } : {}) },
  });
const noKey = (...texts: string[]) => {
  for (const text of texts) for (const key of Object.values(KEYS)) expect(text).not.toContain(key);
};

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  cpSync(FIXTURE, DIR, { recursive: true });
  loop = await startLoopback();
});
afterAll(async () => {
  await loop.close();
  rmSync(DIR, { recursive: true, force: true });
});

describe('verify', () => {
  let checked: any;
  let run: CliRun;
  const since = { count: 0 };

  it('sends each provider the check’s definitions, exactly as its SDK sends that call', async () => {
    checked = JSON.parse((await runInProcess(['check', DIR, '--format', 'json', '--no-cache'], { cwd: REPO })).stdout);
    since.count = loop.received.length;
    run = await verify(['--yes', '--format', 'json']);
    noKey(run.stdout, run.stderr);
    expect(run.stderr, run.stderr + run.stdout).toContain('verify sends, per provider');
    const mine = loop.received.slice(since.count);
    expect(mine.length).toBe(7);
    // Every request compared with the SDK's own serialisation of the same call, over the check's definitions.
    const defs = new Map(checked.tools.map((t: any) => [t.name, t.definition]));
    const sdkSends = async (call: () => Promise<unknown>) => {
      const before = loop.received.length;
      await call().catch(() => undefined);
      return loop.received[before].body;
    };
    const openai = new OpenAI({ apiKey: 'x', baseURL: `${loop.url}/v1`, maxRetries: 0 });
    const anthropic = new Anthropic({ apiKey: 'x', baseURL: loop.url, maxRetries: 0 });
    const gemini = new GoogleGenAI({ apiKey: 'x', vertexai: false, httpOptions: { baseUrl: loop.url } });
    const geminiConfig = { maxOutputTokens: 1, toolConfig: { functionCallingConfig: { mode: 'NONE' as any } } };
    const seen = new Set<string>();
    for (const r of mine) {
      const body = JSON.parse(r.body);
      if (r.url.endsWith('/chat/completions')) {
        const strict = Boolean(body.tools[0].function.strict);
        seen.add(strict ? 'openai-strict' : 'openai');
        const tools = body.tools.map((t: any) => {
          const d: any = defs.get(t.function.name);
          const parameters = strict ? (strictView(d.inputSchema) as any) : d.inputSchema;
          return { type: 'function' as const, function: { name: d.name, description: d.description, parameters, ...(strict ? { strict } : {}) } };
        });
        const params = {
          model: 'gpt-4.1-mini',
          messages: [{ role: 'user' as const, content: 'ok' }],
          max_completion_tokens: 1,
          tool_choice: 'none' as const,
          tools,
        };
        expect(r.body).toBe(await sdkSends(() => openai.chat.completions.create(params)));
        expect(r.headers.authorization).toBe(`Bearer ${KEYS.OPENAI_API_KEY}`);
      } else if (r.url.endsWith('/v1/messages')) {
        seen.add('anthropic');
        const tools = body.tools.map((t: any) => {
          const d: any = defs.get(t.name);
          return { name: d.name, description: d.description, input_schema: d.inputSchema };
        });
        const params = {
          model: 'claude-haiku-4-5',
          max_tokens: 1,
          messages: [{ role: 'user' as const, content: 'ok' }],
          tool_choice: { type: 'none' as const },
          tools,
        };
        expect(r.body).toBe(await sdkSends(() => anthropic.messages.create(params)));
        // The SDK (1.x) sends the key as a bearer token.
        expect(r.headers.authorization).toBe(`Bearer ${KEYS.ANTHROPIC_API_KEY}`);
      } else {
        const asJson = 'parametersJsonSchema' in body.tools[0].functionDeclarations[0];
        seen.add(asJson ? 'gemini-json' : 'gemini');
        const functionDeclarations = body.tools[0].functionDeclarations.map((f: any) => {
          const d: any = defs.get(f.name);
          return { name: d.name, description: d.description, ...(asJson ? { parametersJsonSchema: d.inputSchema } : { parameters: d.inputSchema }) };
        });
        // `parameters` as written goes as the REST body's own field, which the SDK would otherwise move or rewrite.
        const config = asJson
          ? { ...geminiConfig, tools: [{ functionDeclarations }] }
          : { ...geminiConfig, httpOptions: { extraBody: { tools: [{ functionDeclarations }] } } };
        expect(r.body).toBe(await sdkSends(() => gemini.models.generateContent({ model: 'gemini-2.5-flash', contents: 'ok', config })));
        if (!asJson)
          expect(body.tools[0].functionDeclarations[0].parameters).toEqual((defs.get(body.tools[0].functionDeclarations[0].name) as any).inputSchema);
        expect(r.headers['x-goog-api-key']).toBe(KEYS.GEMINI_API_KEY);
      }
    }
    expect([...seen].sort()).toEqual(['anthropic', 'gemini', 'gemini-json', 'openai', 'openai-strict']);
  });

  it('names each refused tool with the provider’s own error, a request per tool after a refused batch', () => {
    const out = JSON.parse(run.stdout);
    const by = (provider: string) => out.providers.find((p: any) => p.provider === provider);
    const answer = (provider: string, tool: string) => by(provider).tools.find((t: any) => t.name === tool);
    // The tool predicted refused alone, the two others together.
    expect(by('openai-strict').requests).toBe(2);
    expect(answer('openai-strict', 'run_operations')).toMatchObject({
      accepted: false,
      error: "Invalid schema for function 'run_operations': In context=('properties', 'operations', 'items'), 'oneOf' is not permitted.",
      predicted: { loads: false, broken: ['one-of'] },
    });
    expect(answer('openai-strict', 'lookup')).toMatchObject({ accepted: true, predicted: { loads: true } });
    expect(by('openai').requests).toBe(1);
    expect(by('openai').tools.every((t: any) => t.accepted)).toBe(true);
    expect(answer('anthropic', 'set_volume')).toMatchObject({
      accepted: false,
      error: "tools.1.custom: For 'integer' type, properties maximum, minimum are not supported",
    });
    expect(answer('anthropic', 'run_operations').accepted).toBe(true);
    // Refused where nothing was predicted: the batch of three, whose error names the refused tool by its place, then
    // the two others again.
    expect(by('anthropic').requests).toBe(2);
    // All three predicted refused, together: Gemini's one refusal names each.
    expect(by('gemini').requests).toBe(1);
    expect(by('gemini').tools.map((t: any) => t.accepted)).toEqual([false, false, false]);
    expect(answer('gemini', 'lookup').error).toBe(
      `Invalid JSON payload received. Unknown name "$schema" at 'tools[0].function_declarations[2].parameters': Cannot find field.`,
    );
    expect(by('gemini-json').tools.every((t: any) => t.accepted)).toBe(true);
    expect(out.providers.map((p: any) => [p.provider, p.model, p.sdk])).toEqual([
      ['openai', 'gpt-4.1-mini', `openai ${version('openai', 'package.json')}`],
      ['openai-strict', 'gpt-4.1-mini', `openai ${version('openai', 'package.json')}`],
      ['anthropic', 'claude-haiku-4-5', `@anthropic-ai/sdk ${version('@anthropic-ai/sdk', 'package.json')}`],
      ['gemini', 'gemini-2.5-flash', `@google/genai ${version('@google/genai', 'package.json')}`],
      ['gemini-json', 'gemini-2.5-flash', `@google/genai ${version('@google/genai', 'package.json')}`],
    ]);
  });

  it('makes a disagreement with the profile a verdict-drift finding, with both sides, and exits 1', () => {
    const out = JSON.parse(run.stdout);
    expect(run.code).toBe(1);
    expect(out.diagnostics.map((d: any) => [d.code, d.tool, d.targets, d.severity])).toEqual([['verdict-drift', 'set_volume', ['anthropic'], 'error']]);
    expect(out.diagnostics[0].message).toMatch(/^Tool set_volume: Anthropic refused it, where its profile predicts it loads; /);
    expect(out.diagnostics[0].message).toContain("For 'integer' type, properties maximum, minimum are not supported");
  });

  it('keeps the answers in the project, each with its date, model, SDK and the snapshot’s digest', async () => {
    const text = readFileSync(STORE, 'utf8');
    noKey(text);
    expect(text).not.toContain(loop.url);
    const store = JSON.parse(text);
    expect(store.format).toBe(1);
    expect(store.verdicts).toHaveLength(15);
    const snapshot = JSON.parse((await runInProcess(['snapshot', DIR], { cwd: REPO })).stdout);
    const digests = Object.fromEntries(snapshot.servers[0].tools.map((t: any) => [t.name, t.digest]));
    for (const v of store.verdicts) {
      expect(v).toMatchObject({ server: 'mixer', date: TODAY, digest: digests[v.tool] });
      expect(Object.keys(v).sort()).toEqual(
        ['accepted', 'date', 'digest', 'model', 'predicted', 'provider', 'sdk', 'server', 'tool', ...(v.accepted ? [] : ['error'])].sort(),
      );
    }
    expect(store.verdicts.find((v: any) => v.tool === 'set_volume' && v.provider === 'anthropic')).toMatchObject({
      accepted: false,
      model: 'claude-haiku-4-5',
      predicted: [],
    });
  });

  it('shows the kept answers in check, text and JSON, with the verdict-drift, until the tool changes', async () => {
    const json = await runInProcess(['check', DIR, '--format', 'json'], { cwd: REPO });
    const tools = JSON.parse(json.stdout).tools;
    const volume = tools.find((t: any) => t.name === 'set_volume');
    expect(volume.verified).toContainEqual({
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
      date: TODAY,
      accepted: false,
      error: "tools.1.custom: For 'integer' type, properties maximum, minimum are not supported",
    });
    expect(volume.verified).toHaveLength(5);
    expect(
      JSON.parse(json.stdout)
        .diagnostics.filter((d: any) => d.code === 'verdict-drift')
        .map((d: any) => d.tool),
    ).toEqual(['set_volume']);
    const text = await runInProcess(['check', DIR], { cwd: REPO });
    expect(text.stdout).toContain(`✗ Anthropic (claude-haiku-4-5, ${TODAY}): tools.1.custom: For 'integer' type`);
    expect(text.stdout).toMatch(/error verdict-drift Tool set_volume: Anthropic refused it/);
    noKey(json.stdout, json.stderr, text.stdout, text.stderr);
  });

  it('retries a rate limit and an overload after their Retry-After', async () => {
    loop.queue.push(
      {
        path: '/chat/completions',
        status: 429,
        headers: { 'retry-after': '0' },
        body: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
      },
      { path: '/messages', status: 529, headers: { 'retry-after': '0' }, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
    );
    const retried = await verify(['--yes', '--provider', 'openai,anthropic', '--format', 'json']);
    const out = JSON.parse(retried.stdout);
    expect(out.providers.map((p: any) => [p.provider, p.requests])).toEqual([
      ['openai', 2],
      ['anthropic', 3],
    ]);
    expect(retried.stderr).toContain('OpenAI answered 429; waiting 0 s before trying again');
    expect(retried.stderr).toContain('Anthropic answered 529; waiting 0 s before trying again');
    expect(loop.queue).toEqual([]);
  });

  it('says so when the network fails, and changes no stored answer', async () => {
    const before = readFileSync(STORE, 'utf8');
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failed = await verify(['--yes', '--provider', 'anthropic'], { env: { ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` } });
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(new RegExp(`Anthropic: no answer from http://127\\.0\\.0\\.1:${port} \\(.+\\); the stored answers`));
    expect(readFileSync(STORE, 'utf8')).toBe(before);
    noKey(failed.stdout, failed.stderr);
  });

  it('prints the cost and sends nothing without a yes', async () => {
    const count = loop.received.length;
    const noTerminal = await verify(['--provider', 'openai-strict']);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toMatch(
      /OpenAI \(strict\)\s+gpt-4\.1-mini: 3 tools, 2 requests \(1 alone: a refusal is predicted\), ~\d+ input tokens \(at most 4 requests, ~\d+ tokens, if a request is refused unpredicted\)\n/,
    );
    expect(noTerminal.stderr).toContain('run it again with --yes');
    const asked: string[] = [];
    const declined = await verify(['--provider', 'openai-strict'], { confirm: async (q) => (asked.push(q), false) });
    expect(declined.code).toBe(2);
    expect(asked).toEqual(['Send these requests? [y/N] ']);
    expect(loop.received.length).toBe(count);
  });

  it('sends each tool alone when a refusal names none, and notes tools refused only together', async () => {
    // A refusal without its place, as a proxy in front of OpenAI answered (alibaba/spring-ai-alibaba#4576).
    loop.queue.push({
      path: '/chat/completions',
      status: 400,
      body: {
        error: { message: "Invalid schema for function 'lookup': too many tools", type: 'invalid_request_error', param: null, code: 'invalid_request_error' },
      },
    });
    const alone = await verify(['--yes', '--provider', 'openai', '--format', 'json']);
    const out = JSON.parse(alone.stdout).providers[0];
    expect(out.requests).toBe(4);
    expect(out.tools.every((t: any) => t.accepted)).toBe(true);
    expect(out.refusedTogether).toEqual([{ tools: ['run_operations', 'set_volume', 'lookup'], error: "Invalid schema for function 'lookup': too many tools" }]);
  });

  it('stops at --max-requests and says what it did not send', async () => {
    const bounded = await verify(['--yes', '--provider', 'openai-strict', '--max-requests', '1', '--format', 'json']);
    expect(JSON.parse(bounded.stdout).providers[0]).toMatchObject({ requests: 1, unsent: 2 });
    expect(bounded.stderr).toContain('OpenAI (strict): 2 tool(s) not sent: --max-requests 1 reached');
  });

  it('says when a provider accepts what its profile predicts it refuses', async () => {
    loop.openaiRefusesOneOf = false;
    try {
      const accepted = await verify(['--yes', '--provider', 'openai-strict']);
      expect(accepted.code).toBe(1);
      expect(accepted.stdout).toMatch(
        /warning verdict-drift Tool run_operations: OpenAI \(strict\) accepted it, where its profile predicts a refusal \(`one-of`\)/,
      );
      expect(accepted.stdout).toContain('✓ run_operations  accepted (predicted refused: one-of)  ← verdict-drift');
    } finally {
      loop.openaiRefusesOneOf = true;
    }
  });

  it('loads the SDKs from a bundle of their own, which check and the language server never read', async () => {
    const dist = path.dirname(CLI);
    // The server bundle names the SDK bundle and holds none of the SDKs.
    expect(readFileSync(path.join(dist, 'server.js'), 'latin1')).not.toContain('x-stainless');
    expect(readFileSync(path.join(dist, 'providerSdks.js'), 'latin1')).toContain('x-stainless');
    const built = await runCli(['verify', DIR, '--yes', '--provider', 'gemini-json', ...baseUrls()], {
      cwd: REPO,
      env: { GEMINI_API_KEY: KEYS.GEMINI_API_KEY },
    });
    expect(built.stderr).not.toContain('internal error');
    expect(built.code).toBe(0);
    expect(built.stdout).toContain(`Gemini (parametersJsonSchema) · gemini-2.5-flash · @google/genai ${version('@google/genai', 'package.json')} · 1 request`);
    noKey(built.stdout, built.stderr);
  });

  it('keeps the SDKs quiet whatever their log variables say', async () => {
    const env = { ...KEYS, ANTHROPIC_BASE_URL: loop.url, OPENAI_LOG: 'debug', ANTHROPIC_LOG: 'debug' };
    const logged = await runCli(['verify', DIR, '--yes', '--provider', 'openai,anthropic', ...baseUrls()], { cwd: REPO, env });
    expect(logged.stderr).not.toContain('internal error');
    expect(logged.stdout).toContain('OpenAI · gpt-4.1-mini');
    // What the SDKs print at debug: `[log_1a2b3c] sending request { … }`.
    expect(`${logged.stdout}${logged.stderr}`).not.toMatch(/\[log_[0-9a-f]+\]|sending request/);
    noKey(logged.stdout, logged.stderr);
  });

  it('needs a key for a provider it is told to send to', async () => {
    const run = await runInProcess(['verify', DIR, '--provider', 'anthropic'], { cwd: REPO, io: { env: {} } });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('tool-schema-lens: no key for Anthropic: set ANTHROPIC_API_KEY, or leave it out of --provider\n');
    expect(existsSync(STORE)).toBe(true);
  });
});
