/**
 * The evaluation stage against real SDKs: each fixture is a small workspace bundled with real esbuild and
 * run in real worker processes; registrations come back with their exact call sites and the engine's verdict.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_CLIENTS, verdicts } from '../../shared/clients/index';
import { createEvaluator, type Evaluator } from '../../server/pipeline/evaluate/index';
import type { EvaluatedFile, SourcePoint } from '../../server/pipeline/evaluate/contract';

const fixtures = path.join(__dirname, '..', 'fixtures');
const sdks = (name: string) => path.join(fixtures, 'eval-sdks', 'src', name);
const options = { flattenUnionInput: true, target: 'draft-7' as const };

/** The 0-based position of the first occurrence of `needle` in `file` (or in `text`, its unsaved content), plus `offset` characters. */
function pointOf(file: string, needle: string, offset = 0, text = readFileSync(file, 'utf8')): SourcePoint {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`${needle} not in ${file}`);
  const before = text.slice(0, index + offset).split('\n');
  return { file, line: before.length - 1, character: before[before.length - 1].length };
}

function tool(result: EvaluatedFile, name: string) {
  const found = result.tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name} in ${JSON.stringify(result.tools.map((t) => t.name))}`);
  return found;
}

let evaluator: Evaluator;
beforeAll(() => {
  evaluator = createEvaluator({ timeoutMs: 20_000 });
});
afterAll(() => evaluator.dispose());

const evaluate = (file: string, extra: { tagged?: string[]; overlays?: Map<string, string> } = {}) => evaluator.evaluate({ file, options, ...extra });

describe('MCP TypeScript SDK', () => {
  const server = path.join(fixtures, 'eval-mcp', 'src', 'server.ts');

  it('records tool() with a raw shape, registerTool() with an object and a tool without input, at their call sites', async () => {
    const result = await evaluate(server);
    expect(result.failure).toBeUndefined();
    expect(result.tools.map((t) => [t.name, t.kind, t.sdk])).toEqual([
      ['echo', 'registration', 'mcp'],
      ['send_media', 'registration', 'mcp'],
      ['ping', 'registration', 'mcp'],
    ]);
    expect(tool(result, 'echo').callSite).toEqual(pointOf(server, "tool('echo'"));
    expect(tool(result, 'send_media').callSite).toEqual(pointOf(server, 'registerTool('));
    expect(tool(result, 'ping').callSite).toEqual(pointOf(server, "tool('ping'"));
    // The raw shape became the object the SDK builds.
    expect(tool(result, 'echo').advertised).toMatchObject({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] });
    expect(tool(result, 'ping').advertised).toMatchObject({ type: 'object' });
    expect(tool(result, 'ping').mountable).toBe(true);
  });

  it('flattens the union behind a tsconfig paths alias and reports the collision with a variant from the other file', async () => {
    const result = await evaluate(server);
    const sendMedia = tool(result, 'send_media');
    expect(sendMedia.advertised).toMatchObject({ properties: { target: { type: 'object', properties: { type: { enum: ['photo', 'album'] } } } } });
    const collision = sendMedia.findings.find((f) => f.code === 'collision-widened');
    expect(collision).toMatchObject({ tool: 'send_media', key: 'media', discriminator: 'type', variants: ['photo', 'album'] });
    expect(sendMedia.merges.find((m) => m.key === 'media')).toMatchObject({ outcome: 'widened-unknown' });
    // The variants live in the aliased file: it is one of the bundle's inputs (for dependents).
    expect(result.inputs.sort()).toEqual([server, path.join(fixtures, 'eval-mcp', 'src', 'shapes', 'media.ts')].sort());
  });

  it('records raw shapes of zod/v3 and objects of zod/v4 import paths', async () => {
    const file = sdks('zodPaths.ts');
    const result = await evaluate(file);
    expect(result.failure).toBeUndefined();
    expect(tool(result, 'v3_shape').callSite).toEqual(pointOf(file, "tool('v3_shape'"));
    expect(tool(result, 'v3_shape').advertised).toMatchObject({
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'number' } },
      required: ['query'],
    });
    expect(tool(result, 'v4_object').advertised).toMatchObject({ type: 'object', properties: { id: { type: 'string' } } });
  });

  it('runs createMcpHandler initializers at creation with a recording server', async () => {
    const file = sdks('handler.ts');
    const result = await evaluate(file);
    expect(result.failure).toBeUndefined();
    expect(result.tools).toHaveLength(1);
    expect(tool(result, 'roll_dice')).toMatchObject({ sdk: 'mcp', callSite: pointOf(file, 'registerTool(') });
    expect(tool(result, 'roll_dice').advertised).toMatchObject({ properties: { sides: { type: 'integer', minimum: 2 } } });
  });

  it('a server connected to stdio at top level neither hangs nor writes to our stdout', async () => {
    const file = sdks('stdio.ts');
    const written: string[] = [];
    // Saved to be put back as it was; it is only ever called with its receiver (`.call(process.stdout, …)`).
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const write = process.stdout.write;
    process.stdout.write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
      written.push(String(chunk));
      return (write as (...a: unknown[]) => boolean).call(process.stdout, chunk, ...rest);
    };
    try {
      const result = await evaluate(file);
      expect(result.failure).toBeUndefined();
      expect(tool(result, 'echo').callSite).toEqual(pointOf(file, "tool('echo'"));
    } finally {
      process.stdout.write = write;
    }
    expect(written.join('')).not.toMatch(/starting server on stdio|connected/);
  });

  it('duplicate names are both recorded and refused by the probe', async () => {
    const file = path.join(fixtures, 'eval-failures', 'src', 'duplicate.ts');
    const result = await evaluate(file);
    expect(result.failure).toBeUndefined();
    const same = result.tools.filter((t) => t.name === 'same');
    expect(same.map((t) => t.callSite)).toEqual([pointOf(file, "tool('same'"), pointOf(file, "tool('same', { b")]);
    for (const t of same) {
      expect(t.mountable).toBe(false);
      expect(t.findings.filter((f) => f.code === 'not-mountable')).toHaveLength(1);
    }
  });
});

describe('other SDKs', () => {
  it('fastmcp addTool, without starting the server', async () => {
    const file = sdks('fastmcp.ts');
    const result = await evaluate(file);
    expect(result.failure).toBeUndefined();
    expect(result.tools.map((t) => [t.name, t.sdk, t.callSite])).toEqual([['add', 'fastmcp', pointOf(file, 'addTool(')]]);
    expect(tool(result, 'add').advertised).toMatchObject({ properties: { a: { type: 'number' }, b: { type: 'number' } } });
    // The server's name, which MCP clients put before the tool's (mcp__fast__add), and the tool judged against every target.
    expect(tool(result, 'add').server?.name).toBe('fast');
    expect(verdicts(tool(result, 'add').violations ?? [], MCP_CLIENTS).flatMap((v) => v.broken)).toEqual([]);
    // Judged on what fastmcp really sends: its xsschema strictJsonSchema sets additionalProperties false, so OpenAI strict takes it.
    expect(tool(result, 'add').advertised).toMatchObject({ additionalProperties: false });
    expect(verdicts(tool(result, 'add').violations ?? [], ['openai-strict'])[0].broken).toEqual([]);
  });

  it('Vercel AI SDK tool(): named by the key it is placed under, exported or not', async () => {
    const file = sdks('ai.ts');
    const result = await evaluate(file);
    expect(result.failure).toBeUndefined();
    expect(result.tools.map((t) => [t.name, t.sdk, t.callSite])).toEqual([
      ['getWeather', 'ai', pointOf(file, 'tool({\n    description')],
      ['lookup', 'ai', pointOf(file, 'tool({ inputSchema')],
    ]);
    expect(tool(result, 'getWeather').advertised).toMatchObject({ properties: { city: { type: 'string' } } });
  });

  it('OpenAI Agents SDK tool()', async () => {
    const file = sdks('agents.ts');
    const result = await evaluate(file);
    expect(result.failure).toBeUndefined();
    expect(result.tools.map((t) => [t.name, t.sdk, t.callSite])).toEqual([['search_docs', 'openai-agents', pointOf(file, 'tool({')]]);
  });

  it('LangChain tool() and new DynamicStructuredTool()', async () => {
    const file = sdks('langchain.ts');
    const result = await evaluate(file);
    expect(result.failure).toBeUndefined();
    expect(result.tools.map((t) => [t.name, t.sdk, t.callSite])).toEqual([
      ['multiply', 'langchain', pointOf(file, 'tool(async')],
      ['greet', 'langchain', pointOf(file, 'new DynamicStructuredTool')],
    ]);
    expect(tool(result, 'greet').advertised).toMatchObject({ properties: { name: { type: 'string' } } });
  });
});

describe('module shapes', () => {
  it('waits for top-level await and registrations made in promises', async () => {
    const file = sdks('topLevelAwait.ts');
    const result = await evaluate(file);
    expect(result.failure).toBeUndefined();
    expect(result.tools.map((t) => [t.name, t.callSite])).toEqual([
      ['late_tool', pointOf(file, 'tool(`')],
      ['in_promise', pointOf(file, "tool('in_promise'")],
    ]);
  });

  it('waits for registrations made in timers of zero delay, however they were started', async () => {
    const result = await evaluate(sdks('zeroDelay.ts'));
    expect(result.failure).toBeUndefined();
    expect(result.tools.map((t) => t.name).sort()).toEqual(['after_sleep', 'in_immediate', 'in_timer']);
  });

  it('runs the file as the main module, so a main-module guard lets its server start', async () => {
    const file = sdks('mainGuard.ts');
    const result = await evaluate(file);
    expect(result.failure).toBeUndefined();
    expect(result.tools.map((t) => [t.name, t.callSite])).toEqual([['guarded_tool', pointOf(file, "tool('guarded_tool'")]]);
  });

  it('evaluates a CommonJS file', async () => {
    const file = sdks('commonjs.cjs');
    const result = await evaluate(file);
    expect(result.failure).toBeUndefined();
    expect(result.tools.map((t) => [t.name, t.callSite])).toEqual([['cjs_tool', pointOf(file, "tool('cjs_tool'")]]);
  });

  it('exported schemas holding a discriminated union, and tagged declarations even when not exported', async () => {
    const file = path.join(fixtures, 'eval-exports', 'src', 'schemas.ts');
    const result = await evaluate(file, { tagged: ['internalInput'] });
    expect(result.failure).toBeUndefined();
    expect(result.tools.map((t) => [t.name, t.kind, t.exportName])).toEqual([
      ['internalInput', 'tagged', 'internalInput'],
      ['message', 'exported', 'message'],
    ]);
    const message = tool(result, 'message');
    expect(message.advertised).toMatchObject({ properties: { body: { type: 'object', properties: { kind: { enum: ['text', 'image'] } } } } });
    expect(message.findings.some((f) => f.code === 'not-mountable')).toBe(false);
    expect(tool(result, 'internalInput').advertised).toMatchObject({ properties: { query: { type: 'string' } } });
  });

  it('unsaved overlay text wins over the disk, for the entry and for the files it imports', async () => {
    const file = path.join(fixtures, 'eval-mcp', 'src', 'server.ts');
    const shapes = path.join(fixtures, 'eval-mcp', 'src', 'shapes', 'media.ts');
    const overlays = new Map([
      [file, `${readFileSync(file, 'utf8')}\nserver.tool('unsaved', { n: z.number() }, async () => ({ content: [] }));\n`],
      [shapes, readFileSync(shapes, 'utf8').replace('media: z.array(z.string())', 'media: z.string()')],
    ]);
    const result = await evaluate(file, { overlays });
    expect(result.failure).toBeUndefined();
    expect(tool(result, 'unsaved').callSite).toEqual(pointOf(file, "tool('unsaved'", 0, overlays.get(file)));
    // Same media shape in both variants now: no collision.
    expect(tool(result, 'send_media').findings.filter((f) => f.code === 'collision-widened')).toEqual([]);
  });
});

it('imports a file that exists only as unsaved text', async () => {
  const file = path.join(fixtures, 'eval-mcp', 'src', 'server.ts');
  const unsavedModule = path.join(fixtures, 'eval-mcp', 'src', 'newTools.ts');
  const entry = `import { registerMore } from './newTools';\n${readFileSync(file, 'utf8')}\nregisterMore(server);\n`;
  const overlays = new Map([
    [file, entry],
    [
      unsavedModule,
      `import { z } from 'zod';\nexport function registerMore(server: any) {\n  server.tool('from_unsaved_file', { q: z.string() }, async () => ({ content: [] }));\n}\n`,
    ],
  ]);
  const result = await evaluate(file, { overlays });
  expect(result.failure).toBeUndefined();
  expect(tool(result, 'from_unsaved_file').callSite).toEqual(pointOf(unsavedModule, "tool('from_unsaved_file'", 0, overlays.get(unsavedModule)));
  expect(result.inputs).toContain(unsavedModule);
});

describe('a zod 3 workspace with MCP SDK 1.17', () => {
  it('loads the workspace own SDK and zod, and judges zod 3 schemas', async () => {
    const file = path.join(fixtures, 'eval-zod3-sdk117', 'src', 'server.ts');
    const result = await evaluate(file);
    expect(result.failure).toBeUndefined();
    expect(result.tools.map((t) => [t.name, t.callSite])).toEqual([
      ['send', pointOf(file, "tool('send'")],
      ['note', pointOf(file, 'registerTool(')],
    ]);
    const send = tool(result, 'send');
    expect(send.advertised).toMatchObject({ properties: { target: { type: 'object', properties: { type: { enum: ['photo', 'album'] } } } } });
    expect(send.findings.find((f) => f.code === 'collision-widened')).toMatchObject({ key: 'media' });
    expect(tool(result, 'note').advertised).toMatchObject({ properties: { text: { type: 'string' } } });
  });
});
