/**
 * "Ship `name` flattened": the rewrite of a registration to the runtime package, on real source text. The result
 * type-checks with the real SDK and zod, and a real client's `tools/list` then shows the flat schema the preview
 * showed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { advertise } from '../../shared/index';
import { planShipFlattened, type OffsetEdit } from '../../server/pipeline/fixes/shipFlattenedEdit';

const REPO = path.join(__dirname, '..', '..');

function apply(text: string, edits: OffsetEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

function ship(text: string, marker: string, tool: string, options = {}): string {
  const plan = planShipFlattened(text, 'server.ts', text.indexOf(marker), tool, options);
  if ('refused' in plan) throw new Error(plan.refused);
  return apply(text, plan.edits);
}

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const content = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), body: z.string() }),
  z.object({ kind: z.literal('photo'), url: z.string(), caption: z.string().optional() }),
]);

export const server = new McpServer({ name: 'ship', version: '1.0.0' });

export function register() {
  server.registerTool(
    'send_message',
    { description: 'Send', inputSchema: { channel: z.string(), content } },
    async ({ channel, content }, extra) => ({ content: [{ type: 'text', text: channel + content.kind + String(extra.requestId) }] }),
  );
}
register();
`;

describe('planShipFlattened', () => {
  it('wraps the schema and the handler of registerTool and imports the runtime', () => {
    expect(ship(SERVER, 'server.registerTool', 'send_message')).toBe(
      SERVER.replace("import { z } from 'zod';", "import { z } from 'zod';\nimport { flattenTool } from '@tool-schema-lens/runtime';")
        .replace('  server.registerTool(', '  const sendMessageShipped = flattenTool({ channel: z.string(), content });\n  server.registerTool(')
        .replace('inputSchema: { channel: z.string(), content } }', 'inputSchema: sendMessageShipped.inputSchema }')
        .replace(
          /async \(\{ channel, content \}, extra\) => (.*)\),\n {2}\);/,
          'sendMessageShipped.handler(async ({ channel, content }, extra) => $1)),\n  );',
        ),
    );
  });

  it('moves a multi-line schema to the indentation of the statement, its lines kept in step', () => {
    const text = [
      "import { z } from 'zod';",
      'export function register() {',
      '  server.registerTool(',
      "    'search',",
      '    {',
      '      inputSchema: {',
      '        query: z.string(),',
      '        limit: z.number().optional(),',
      '      },',
      '    },',
      '    (args) => args,',
      '  );',
      '}',
      '',
    ].join('\n');
    expect(ship(text, 'server.registerTool', 'search')).toContain(
      ['  const searchShipped = flattenTool({', '    query: z.string(),', '    limit: z.number().optional(),', '  });', '  server.registerTool('].join('\n'),
    );
  });

  it('registers the raw shape where the SDK takes nothing else, and keeps a shorthand property', () => {
    const text = `import { z } from 'zod';\nconst inputSchema = z.object({ a: z.string() });\nserver.registerTool('t', { inputSchema }, (args) => args);\n`;
    const out = ship(text, 'server.registerTool', 't', { rawShapeOnly: true });
    expect(out).toContain(
      "const tShipped = flattenTool(inputSchema);\nserver.registerTool('t', { inputSchema: tShipped.shape }, tShipped.handler((args) => args));",
    );
  });

  it('rewrites server.tool, fastmcp addTool and an AI SDK tool(), and reuses an existing import', () => {
    const text = [
      "import { flattenTool } from '@tool-schema-lens/runtime';",
      "server.tool('a', 'desc', shapeA, async (x) => ok(x));",
      "mcp.addTool({ name: 'b', parameters: schemaB, execute: async (x) => 'ok' });",
      "export const c = tool({ description: 'c', inputSchema: schemaC, execute: async (x) => x });",
      '',
    ].join('\n');
    let out = ship(text, "server.tool('a'", 'a');
    expect(out).toContain("const aShipped = flattenTool(shapeA);\nserver.tool('a', 'desc', aShipped.inputSchema, aShipped.handler(async (x) => ok(x)));");
    out = ship(out, 'mcp.addTool', 'b');
    expect(out).toContain("parameters: bShipped.inputSchema, execute: bShipped.handler(async (x) => 'ok') });");
    out = ship(out, 'tool({', 'c');
    expect(out).toContain(
      "const cShipped = flattenTool(schemaC);\nexport const c = tool({ description: 'c', inputSchema: cShipped.inputSchema, execute: cShipped.execute(async (x) => x) });",
    );
    expect(out.match(/from '@tool-schema-lens\/runtime'/g)).toHaveLength(1);
  });

  it('refuses plainly what it cannot rewrite', () => {
    const inExpression = 'tools.forEach((t) => server.registerTool(t.name, { inputSchema: t.schema }, t.run));\n';
    expect(planShipFlattened(inExpression, 'a.ts', inExpression.indexOf('server.registerTool'), 'x')).toEqual({
      refused: expect.stringMatching(/inside an expression/),
    });
    expect(planShipFlattened('foo();\n', 'a.ts', 0, 'x')).toEqual({ refused: expect.stringMatching(/not a registration/) });
  });
});

describe('after the fix', () => {
  const dir = mkdtempSync(path.join(REPO, 'node_modules', '.cache-ship-flattened-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the project type-checks and tools/list sends the flat schema the preview showed', async () => {
    // The linked runtime package with its declarations, as a user's install has it.
    execFileSync(process.execPath, [path.join(REPO, 'runtime', 'build.mjs')], { stdio: 'pipe' });
    const shipped = ship(SERVER, 'server.registerTool', 'send_message');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'server.ts'), shipped);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler', target: 'ES2022', noEmit: true, skipLibCheck: true, types: [] },
        files: ['server.ts'],
      }),
    );
    const tsc = path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
    try {
      execFileSync(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')], { encoding: 'utf8' });
    } catch (error) {
      throw new Error(`the shipped file does not type-check:\n${(error as { stdout?: string }).stdout}\n${shipped}`);
    }

    // The same module as JavaScript, run for real with a real client.
    const { transformSync } = await import('esbuild');
    writeFileSync(path.join(dir, 'server.mjs'), transformSync(shipped, { loader: 'ts', format: 'esm' }).code);
    const { server } = (await import(pathToFileURL(path.join(dir, 'server.mjs')).href)) as { server: { connect(t: unknown): Promise<void> } };
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'ship-test', version: '1.0.0' });
    await client.connect(clientSide);
    const listed = (await client.listTools()).tools[0];
    const { z } = await import('zod');
    const content = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('text'), body: z.string() }),
      z.object({ kind: z.literal('photo'), url: z.string(), caption: z.string().optional() }),
    ]);
    const preview = advertise({ name: 'send_message', input: { channel: z.string(), content } }, { flattenUnionInput: true }).jsonSchema;
    expect(listed.inputSchema).toEqual(preview);
    expect(JSON.stringify(listed.inputSchema)).not.toMatch(/anyOf|oneOf/);
    const called = await client.callTool({ name: 'send_message', arguments: { channel: 'c', content: { kind: 'photo', url: 'u' } } });
    // The handler got the original's parse (and the SDK's extra, typed as before the fix).
    expect(called.content).toEqual([{ type: 'text', text: expect.stringMatching(/^cphoto\d+$/) }]);
    await client.close();
  }, 60_000);
});
