/**
 * The runtime package as a server ships it: packed with `npm pack`, installed into fixture servers of several SDKs
 * and zod majors, and driven by each SDK's real client over its in-memory transport. What `tools/list` sends is the
 * flat schema the editor previews; `tools/call` reaches the handler parsed by the ORIGINAL union; a value only the flat
 * schema accepts gets an error result; a double-serialized argument at depth is repaired.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { advertise } from '../../shared/index';
import type { Target } from '../../shared/types';
import { runInProcess, FIXTURES } from '../cli/runCli';
import { installRuntime, packRuntime } from './installRuntime';

/** Each fixture server, and the dialect its SDK sends (SDK 2.x sends JSON Schema 2020-12). */
const MCP_SERVERS: Array<[string, Target]> = [
  ['runtime-sdk132-zod4', 'draft-7'],
  ['runtime-sdk117-zod3', 'draft-7'],
  ['runtime-server2-zod4', 'draft-2020-12'],
];

beforeAll(() => {
  const packed = packRuntime();
  try {
    for (const name of [...MCP_SERVERS.map(([n]) => n), 'runtime-ai5-zod4']) installRuntime(packed.tarball, path.join(FIXTURES, name));
  } finally {
    packed.remove(); // installed: the tarball is no longer needed
  }
}, 120_000);

interface Listed {
  name: string;
  inputSchema: Record<string, unknown>;
}
interface CallResult {
  isError?: boolean;
  content: Array<{ type: string; text: string }>;
}
interface McpFixture {
  original: { safeParse(v: unknown): { success: boolean; data?: unknown } };
  calls: unknown[];
  connect(): Promise<{ listTools(): Promise<{ tools: Listed[] }>; callTool(req: { name: string; arguments: unknown }): Promise<CallResult> }>;
}

async function checkJson(
  fixture: string,
  target: Target,
): Promise<{ tools: Array<{ name: string; advertised: unknown }>; diagnostics: Array<{ code: string }> }> {
  const run = await runInProcess(['check', fixture, '--format', 'json', '--target', target]);
  return JSON.parse(run.stdout);
}

const TEXT = { kind: 'text', body: '  hello  ' };
const MEDIA = { kind: 'media', media: { items: [{ url: 'https://x.test/a.png', alt: 'a' }] }, caption: 'c' };

describe.each(MCP_SERVERS)('a server shipping a tool through the packed runtime: %s', (name, target) => {
  const dir = path.join(FIXTURES, name);
  let fixture: McpFixture;
  let client: Awaited<ReturnType<McpFixture['connect']>>;
  const call = async (args: unknown) => client.callTool({ name: 'send_message', arguments: args });

  beforeAll(async () => {
    fixture = (await import(pathToFileURL(path.join(dir, 'server.mjs')).href)) as McpFixture;
    client = await fixture.connect();
  });

  it('lists the flat schema the editor previews for that tool', async () => {
    const listed = (await client.listTools()).tools.find((t) => t.name === 'send_message')!;
    expect(listed.inputSchema.properties).toHaveProperty('kind.enum', ['text', 'media']);
    expect(JSON.stringify(listed.inputSchema)).not.toMatch(/"(oneOf|anyOf)"/);
    // The engine's preview of the ORIGINAL, flattened: the very function the runtime shipped.
    const { jsonSchema } = advertise({ name: 'send_message', input: fixture.original }, { flattenUnionInput: true, target });
    expect(listed.inputSchema).toEqual(jsonSchema);
    // And what `check` shows for the registered tool, from evaluating the server itself.
    const report = await checkJson(dir, target);
    expect(report.tools.find((t) => t.name === 'send_message')?.advertised).toEqual(listed.inputSchema);
  });

  it('hands every variant to the handler parsed by the original schema', async () => {
    for (const value of [TEXT, MEDIA]) {
      const result = await call(value);
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      const parsed = fixture.original.safeParse(value);
      expect(JSON.parse(result.content[0].text)).toEqual(parsed.data);
    }
    // The original's transform and default applied once: trimmed body, default priority.
    expect(JSON.parse((await call(TEXT)).content[0].text)).toEqual({ kind: 'text', body: 'hello', priority: 3 });
  });

  it('answers isError for a value the flat schema accepts but the original rejects', async () => {
    const before = fixture.calls.length;
    // `caption` belongs to media; the strict text variant refuses it, although the flat object has the key.
    const result = await call({ ...TEXT, caption: 'not here' });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/caption/);
    // A variant's required key missing: the flat schema has it optional.
    const missing = await call({ kind: 'media' });
    expect(missing.isError).toBe(true);
    expect(missing.content[0].text).toMatch(/media/);
    expect(fixture.calls.length).toBe(before);
  });

  it('refuses a key no variant declares where the strict variant would; a raw shape (SDK before 1.20) cannot, as the README says', async () => {
    const result = await call({ ...TEXT, unknown_key: 1 });
    if (name === 'runtime-sdk117-zod3') {
      // The SDK wraps the raw shape in its own stripping object: the key never reaches the handler, nothing refuses it.
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      expect(JSON.parse(result.content[0].text)).toEqual({ kind: 'text', body: 'hello', priority: 3 });
    } else {
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toMatch(/unknown_key/);
    }
  });

  it('repairs an argument double-serialized at depth before validating', async () => {
    const sent = { kind: 'media', media: { items: JSON.stringify(MEDIA.media.items) }, caption: 'c' };
    const result = await call(sent);
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    expect(JSON.parse(result.content[0].text)).toEqual(MEDIA);
    const whole = await call({ kind: 'media', media: JSON.stringify(MEDIA.media), caption: 'c' });
    expect(JSON.parse(whole.content[0].text)).toEqual(MEDIA);
  });
});

describe('an AI SDK tool shipping through the packed runtime (ai 5, zod 4)', () => {
  const dir = path.join(FIXTURES, 'runtime-ai5-zod4');
  interface AiFixture {
    original: McpFixture['original'];
    sendMessage: { execute(args: unknown, options: unknown): Promise<string> };
    advertised(): Promise<unknown>;
    validate(value: unknown): Promise<{ success: boolean; value?: unknown; error?: unknown }>;
  }
  let fixture: AiFixture;
  beforeAll(async () => {
    fixture = (await import(pathToFileURL(path.join(dir, 'server.mjs')).href)) as AiFixture;
  });

  it('advertises the flat schema and executes with the original parse', async () => {
    const sent = await fixture.advertised();
    const { jsonSchema } = advertise({ name: 'sendMessage', input: fixture.original }, { flattenUnionInput: true });
    // The AI SDK converts with its own options (io "output": closed objects): the same flat keys, no union.
    expect(Object.keys((sent as { properties: object }).properties)).toEqual(Object.keys((jsonSchema as { properties: object }).properties));
    expect((sent as { properties: { kind: unknown } }).properties.kind).toEqual({ type: 'string', enum: ['text', 'media'] });
    expect(JSON.stringify(sent)).not.toMatch(/"(oneOf|anyOf)"/);
    const checked = await fixture.validate(TEXT);
    expect(checked.success).toBe(true);
    // What the AI SDK validated is what was sent: the original does the parsing inside execute.
    expect(checked.value).toEqual(TEXT);
    expect(JSON.parse(await fixture.sendMessage.execute(checked.value, { toolCallId: '1', messages: [] }))).toEqual({
      kind: 'text',
      body: 'hello',
      priority: 3,
    });
    await expect(fixture.sendMessage.execute({ ...TEXT, caption: 'x' }, { toolCallId: '2', messages: [] })).rejects.toThrow(/caption/);
  });
});
