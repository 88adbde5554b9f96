/**
 * Fidelity: what the worker reports as shipped is byte for byte what a real client of the workspace's own SDK
 * receives from `tools/list`. Each fixture pins its SDK and zod (installed by the global setup); the reference
 * side imports the fixture's module and connects that SDK's real Client over its InMemoryTransport here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvaluator, type Evaluator } from '../../server/pipeline/evaluate/index';
import type { EvaluatedTool } from '../../server/pipeline/evaluate/contract';

const fixtures = path.join(__dirname, '..', 'fixtures');
const load = (file: string) => {
  const [plain, query] = file.split('?');
  return import(pathToFileURL(plain).href + (query ? `?${query}` : ''));
};

/** The SDK's real client and in-memory transport, from the fixture's own node_modules. */
async function clientKit(root: string): Promise<{ Client: any; InMemoryTransport: any }> {
  const sdk = path.join(root, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm');
  if (existsSync(sdk))
    return {
      Client: (await load(path.join(sdk, 'client', 'index.js'))).Client,
      InMemoryTransport: (await load(path.join(sdk, 'inMemory.js'))).InMemoryTransport,
    };
  const pkg = (name: string) => path.join(root, 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.mjs');
  return { Client: (await load(pkg('client'))).Client, InMemoryTransport: (await load(pkg('server'))).InMemoryTransport };
}

let instance = 0;

/**
 * What a real client receives: the tools, or the error its listTools rejects with. With `only`, from a fresh copy
 * of the module whose other tools are removed through the SDK's own `RegisteredTool.remove()`: a server holding
 * just that tool.
 */
async function realList(root: string, file: string, only?: string): Promise<{ tools?: any[]; error?: string }> {
  const { Client, InMemoryTransport } = await clientKit(root);
  const { server } = await load(only === undefined ? file : `${file}?alone=${++instance}`);
  if (only !== undefined) for (const [name, tool] of Object.entries<any>(server._registeredTools)) if (name !== only) tool.remove();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'reference', version: '0.0.0' }, { capabilities: {} });
  await client.connect(clientSide);
  try {
    return { tools: (await client.listTools()).tools };
  } catch (error) {
    return { error: String(error) };
  } finally {
    await client.close();
  }
}

let evaluator: Evaluator;
beforeAll(() => {
  evaluator = createEvaluator({ timeoutMs: 20_000 });
});
afterAll(() => evaluator.dispose());

const CASES: Array<{ fixture: string; sdk: string; zod: string; files: string[] }> = [
  { fixture: 'eval-zod3-sdk117', sdk: '1.17.5', zod: '3.25.76', files: ['tools.ts', 'dates.ts', 'server.ts', 'when.ts', 'payloads.ts'] },
  { fixture: 'ship-sdk122-zod4112', sdk: '1.22.0', zod: '4.1.12', files: ['tools.ts', 'dates.ts'] },
  { fixture: 'ship-sdk125-zod421', sdk: '1.25.2', zod: '4.2.1', files: ['tools.ts', 'dates.ts'] },
  {
    fixture: 'ship-sdk132-zod46',
    sdk: '1.32.2',
    zod: '4.6.7',
    files: ['tools.ts', 'dates.ts', 'marked.ts', 'payloads.ts', 'breaks.ts', 'definitions.ts', 'structured.ts'],
  },
  { fixture: 'ship-server2', sdk: '2.4.0', zod: '4.6.7', files: ['tools.ts', 'dates.ts'] },
];

describe.each(CASES)('$fixture: MCP SDK $sdk with zod $zod', ({ fixture, sdk, zod, files }) => {
  const root = path.join(fixtures, fixture);
  it.each(files)('%s: every tool is reported exactly as a real client receives it', async (name) => {
    const file = path.join(root, 'src', name);
    const [evaluated, real] = await Promise.all([
      evaluator.evaluate({ file, options: { flattenUnionInput: 'auto', target: 'draft-7' } }),
      realList(root, file),
    ]);
    const tools = evaluated.tools.filter((t) => t.kind === 'registration');
    expect(tools.length).toBeGreaterThan(0);
    for (const t of tools) expect([t.shipped?.libraryVersion, t.shipped?.zodVersion]).toEqual([sdk, zod]);
    if (real.error) {
      // The real list fails: so does ours, the culprit named; every other tool is what a server holding only it lists.
      const failing = tools.filter((t) => t.findings.some((f) => f.code === 'list-fails'));
      expect(failing.length).toBeGreaterThan(0);
      for (const t of failing) expect(t.shipped?.source).toBe('emulated');
      for (const t of tools.filter((t) => !failing.includes(t))) {
        const alone = await realList(root, file, t.name);
        expect([t.name, alone.error]).toEqual([t.name, undefined]);
        expect([t.shipped?.source, t.shipped?.listedAlone]).toEqual(['library', true]);
        expect(JSON.stringify(t.shipped?.definition)).toBe(JSON.stringify(alone.tools![0]));
        expect(JSON.stringify(t.advertised)).toBe(JSON.stringify(alone.tools![0].inputSchema));
      }
      return;
    }
    const byName = new Map<string, EvaluatedTool>(tools.map((t) => [t.name, t]));
    for (const sent of real.tools!) {
      const ours = byName.get(sent.name)!;
      expect(ours.shipped?.source).toBe('library');
      expect(JSON.stringify(ours.shipped?.definition)).toBe(JSON.stringify(sent));
      expect(JSON.stringify(ours.advertised)).toBe(JSON.stringify(sent.inputSchema));
    }
  });
});

describe('a server that acts on initialize and has no tool, on an SDK that sets its tools handler at the first registration', () => {
  it('SDK 1.25: initializing it as a client costs the file nothing; the other server keeps its tool', async () => {
    const file = path.join(fixtures, 'ship-sdk125-zod421', 'src', 'initializes.ts');
    const evaluated = await evaluator.evaluate({ file, options: { flattenUnionInput: 'auto', target: 'draft-7' } });
    expect(evaluated.failure).toBeUndefined();
    expect(evaluated.tools.map((t) => [t.name, t.shipped?.source])).toEqual([['audit', 'library']]);
  });
});

describe('what ships decides the findings', () => {
  const sdk132 = (name: string) => path.join(fixtures, 'ship-sdk132-zod46', 'src', name);
  const codes = (t: EvaluatedTool) => t.findings.map((f) => f.code);

  it('a root union on SDK 1.32 is schema-dropped (and mountable), a nested one union-shipped with its losses related', async () => {
    const { tools } = await evaluator.evaluate({ file: sdk132('tools.ts'), options: { flattenUnionInput: 'auto', target: 'draft-7' } });
    const act = tools.find((t) => t.name === 'act')!;
    expect([codes(act), act.mountable, act.advertised]).toEqual([['schema-dropped'], true, { type: 'object', properties: {} }]);
    const send = tools.find((t) => t.name === 'send')!;
    const shipped = send.findings.find((f) => f.code === 'union-shipped')!;
    expect([shipped.severity, shipped.path, shipped.related?.map((f) => f.code)]).toEqual(['information', ['content'], ['collision-widened']]);
    expect((send.flattened?.advertised as any).properties.content.properties.kind).toEqual({ type: 'string', enum: ['photo', 'album'] });
  });

  it('a z.date() on SDK 1.32 with zod 4 makes the whole tools/list fail: list-fails names the node', async () => {
    const { tools } = await evaluator.evaluate({ file: sdk132('dates.ts'), options: { flattenUnionInput: 'auto', target: 'draft-7' } });
    const stamp = tools.find((t) => t.name === 'stamp')!;
    expect(stamp.findings.map((f) => [f.code, f.path])).toEqual([['list-fails', ['createdAt']]]);
    expect(stamp.findings[0].message).toContain('@modelcontextprotocol/sdk 1.32.2 cannot convert `createdAt` (a z.date())');
    expect(stamp.mountable).toBe(false);
  });

  it('when one tool breaks the list, a root union among the others is still schema-dropped, as a lone server ships it', async () => {
    const { tools } = await evaluator.evaluate({ file: sdk132('breaks.ts'), options: { flattenUnionInput: 'auto', target: 'draft-7' } });
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(codes(byName.get('stamp')!)).toEqual(['list-fails']);
    const act = byName.get('act')!;
    expect([codes(act), act.mountable, act.advertised]).toEqual([['schema-dropped'], true, { type: 'object', properties: {} }]);
    expect(codes(byName.get('post')!)).toEqual(['union-shipped']);
    expect((byName.get('lookup')!.shipped?.definition as any).outputSchema.properties.found).toEqual({ type: 'boolean' });
  });

  it('a union of a string and a record ships as an anyOf flattened or not: its union-shipped relates the union-kept that says why', async () => {
    const { tools } = await evaluator.evaluate({ file: sdk132('payloads.ts'), options: { flattenUnionInput: 'auto', target: 'draft-7' } });
    const publish = tools.find((t) => t.name === 'publish')!;
    const message = publish.findings.find((f) => f.code === 'union-shipped' && f.path.join('.') === 'message')!;
    expect(message.related?.map((f) => [f.code, f.severity, f.path])).toEqual([['union-kept', 'information', ['message']]]);
    expect(message.related?.[0].message).toBe(
      'Tool publish: the model sees an anyOf at `message`; use a discriminated union on a string key if its members are objects. Its members include objects or arrays, which cannot be merged into one.',
    );
    const replyTo = publish.findings.find((f) => f.code === 'union-shipped' && f.path.join('.') === 'replyTo')!;
    // Its lazy member is not entered: the loss is JSON repair there, not a reason the union stays.
    expect(replyTo.related?.map((f) => [f.code, f.path])).toEqual([['not-walked', ['replyTo']]]);
  });

  it('"auto" counts a tool as flattened when its input carries the runtime marker; the losses are then diagnostics', async () => {
    const { tools } = await evaluator.evaluate({ file: sdk132('marked.ts'), options: { flattenUnionInput: 'auto', target: 'draft-7' } });
    const marked = tools.find((t) => t.name === 'marked')!;
    const unmarked = tools.find((t) => t.name === 'unmarked')!;
    expect([marked.shipped?.flattened, marked.shipped?.source, codes(marked)]).toEqual([true, 'library', ['collision-widened']]);
    expect([unmarked.shipped?.flattened, codes(unmarked)]).toEqual([false, ['union-shipped']]);
  });

  it('true counts every tool as flattened: the library is asked to send the flattened schema', async () => {
    const { tools } = await evaluator.evaluate({ file: sdk132('tools.ts'), options: { flattenUnionInput: true, target: 'draft-7' } });
    const send = tools.find((t) => t.name === 'send')!;
    expect([send.shipped?.flattened, send.shipped?.source]).toEqual([true, 'library']);
    expect((send.advertised as any).properties.content.properties.kind).toEqual({ type: 'string', enum: ['photo', 'album'] });
    expect(codes(send)).toContain('collision-widened');
  });
});

describe('the rest of the definition, as the library sent it', () => {
  it.each([
    ['ship-sdk132-zod46', 'http://json-schema.org/draft-07/schema#', ['claude-desktop']],
    ['ship-server2', 'https://json-schema.org/draft/2020-12/schema', []],
  ])('%s: the output schema carries the dialect its SDK stamps, and only a draft-07 one breaks a 2020-12-only client', async (fixture, dialect, refusedBy) => {
    const { tools } = await evaluator.evaluate({
      file: path.join(fixtures, fixture, 'src', 'tools.ts'),
      options: { flattenUnionInput: 'auto', target: 'draft-7' },
    });
    const search = tools.find((t) => t.name === 'search')!;
    expect((search.shipped?.definition as any).outputSchema.$schema).toBe(dialect);
    expect((search.outputSchema as any).$schema).toBe(dialect);
    expect(search.violations?.filter((v) => v.rule === 'output-dialect').flatMap((v) => v.targets.map((t) => t.target))).toEqual(refusedBy);
  });

  const file = path.join(fixtures, 'ship-sdk132-zod46', 'src', 'definitions.ts');

  it('x-mcp-header: a name that is no token, a number, one under a union are refused; a valid one is not', async () => {
    const { tools } = await evaluator.evaluate({ file, options: { flattenUnionInput: 'auto', target: 'draft-7' } });
    const route = tools.find((t) => t.name === 'route')!;
    const headers = route.findings.filter((f) => f.code === 'mcp-header-invalid');
    expect(headers.map((f) => [f.path.join('.'), f.severity])).toEqual([
      ['tenant', 'error'],
      ['weight', 'error'],
      ['target.host', 'error'],
    ]);
    expect(headers[0].message).toContain('"Tenant Id" is no valid HTTP header name');
    expect(headers[2].message).toContain(
      'Tool route: `target.host`: no header reaches where it sits, so clients leave the tool out; move it to a top-level key.',
    );
    expect((route.shipped?.definition as any).inputSchema.properties.region['x-mcp-header']).toBe('X-Region');
  });
});
