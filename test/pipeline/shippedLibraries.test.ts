/**
 * Fidelity of the function libraries: what the worker reports is JSON.stringify-equal to what each library's
 * own conversion returns, computed here with the fixture's own install: the AI SDK's
 * `asSchema(inputSchema).jsonSchema` (ai 5 with zod 3.25, ai 6 with zod 4.6), the OpenAI Agents tool's
 * `parameters` and `strict` (zod 4.2.1), LangChain's `toJsonSchema(schema)` and FastMCP's tools/list entry
 * (`strictJsonSchema(await toJsonSchema(parameters))` from the xsschema it depends on), both with zod 3.25.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvaluator, type Evaluator } from '../../server/pipeline/evaluate/index';

const fixtures = path.join(__dirname, '..', 'fixtures');
const load = (file: string) => import(pathToFileURL(file).href);
/** A package of the fixture's own install, loaded as the fixture's code would (ESM entry). */
async function fromFixture(fixture: string, specifier: string, beside = path.join(fixtures, fixture, 'src', 'x.js')): Promise<any> {
  const resolved = createRequire(beside).resolve(specifier);
  return load(resolved);
}

let evaluator: Evaluator;
beforeAll(() => {
  evaluator = createEvaluator({ timeoutMs: 20_000 });
});
afterAll(() => evaluator.dispose());

async function evaluated(fixture: string, file: string) {
  const result = await evaluator.evaluate({ file: path.join(fixtures, fixture, 'src', file), options: { flattenUnionInput: 'auto', target: 'draft-7' } });
  expect(result.failure).toBeUndefined();
  return new Map(result.tools.filter((t) => t.kind === 'registration').map((t) => [t.name, t]));
}

describe.each([
  { fixture: 'ship-libs-zod3', ai: '5.0.277', zod: '3.25.76' },
  { fixture: 'ship-ai6-zod46', ai: '6.0.325', zod: '4.6.7' },
])('AI SDK $ai with zod $zod', ({ fixture, ai, zod }) => {
  it('each tool is what asSchema(inputSchema).jsonSchema returns', async () => {
    const tools = await evaluated(fixture, 'ai.ts');
    const { asSchema } = await fromFixture(fixture, 'ai');
    const module = await load(path.join(fixtures, fixture, 'src', 'ai.ts'));
    for (const name of ['weather', 'post', 'strictOne']) {
      const ours = tools.get(name)!;
      expect([ours.shipped?.source, ours.shipped?.libraryVersion, ours.shipped?.zodVersion]).toEqual(['library', ai, zod]);
      const theirs = await asSchema(module[name].inputSchema).jsonSchema;
      expect(JSON.stringify(ours.advertised)).toBe(JSON.stringify(theirs));
    }
  });
});

describe('OpenAI Agents 0.20 with zod 4.2.1', () => {
  it("the tool's own parameters and strict", async () => {
    const tools = await evaluated('ship-agents-zod421', 'agents.ts');
    const { searchDocs } = await load(path.join(fixtures, 'ship-agents-zod421', 'src', 'agents.ts'));
    const ours = tools.get('search_docs')!;
    expect(JSON.stringify(ours.advertised)).toBe(JSON.stringify(searchDocs.parameters));
    expect(ours.shipped?.definition?.strict).toBe(searchDocs.strict);
    expect([ours.shipped?.library, ours.shipped?.zodVersion]).toEqual(['@openai/agents', '4.2.1']);
  });
});

describe('LangChain 1.4 and FastMCP 4.20 with zod 3.25', () => {
  it('LangChain: toJsonSchema(schema), for tool() and DynamicStructuredTool', async () => {
    const tools = await evaluated('ship-libs-zod3', 'langchain.ts');
    const { toJsonSchema } = await fromFixture('ship-libs-zod3', '@langchain/core/utils/json_schema');
    const module = await load(path.join(fixtures, 'ship-libs-zod3', 'src', 'langchain.ts'));
    for (const [name, made] of [
      ['share', module.share],
      ['greet', module.greet],
    ] as const) {
      expect(JSON.stringify(tools.get(name)!.advertised)).toBe(JSON.stringify(toJsonSchema(made.schema)));
    }
    expect(tools.get('share')!.findings.map((f) => f.code)).toEqual(['union-shipped']);
  });

  it('FastMCP: byte for byte what a real MCP client lists from the real server over stdio', async () => {
    const tools = await evaluated('ship-libs-zod3', 'fastmcp.ts');
    const dir = path.join(fixtures, 'ship-libs-zod3');
    // The fixture's server started for real: bundled beside its node_modules, so fastmcp and the SDK are its own.
    const started = path.join(dir, 'node_modules', '.cache', 'fastmcp-stdio.mjs');
    await build({
      stdin: {
        contents: "import { server } from './fastmcp.ts'; await server.start({ transportType: 'stdio' });",
        resolveDir: path.join(dir, 'src'),
        loader: 'ts',
      },
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      outfile: started,
      logLevel: 'error',
    });
    const { Client } = await fromFixture('ship-libs-zod3', '@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await fromFixture('ship-libs-zod3', '@modelcontextprotocol/sdk/client/stdio.js');
    const client = new Client({ name: 'test', version: '0.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [started], cwd: dir, stderr: 'ignore' }));
    let listed: any[];
    try {
      listed = (await client.listTools()).tools;
    } finally {
      await client.close();
    }
    const ours = tools.get('add')!;
    expect(JSON.stringify(ours.shipped?.definition)).toBe(JSON.stringify(listed.find((t) => t.name === 'add')));
    expect(JSON.stringify(ours.advertised)).toBe(JSON.stringify(listed.find((t) => t.name === 'add').inputSchema));
  }, 30_000);
});
