/**
 * What an entry's run covered holds in the analyses that follow (pipeline/plan/entryRuns.ts): the language server analyses
 * a workspace in batches, the entry in the first. A tool module in an import cycle with the server, run alone in a
 * later batch, failed where the program does not (its registry read the module's export before it existed); run by
 * the entry, it is covered and not run again, until a file the entry's run read changes.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipeline, type AnalysisResult, type Pipeline } from '../../server/pipeline';
import { DEFAULT_SETTINGS, pipelineOptions } from '../../server/settings';

const REPO = path.resolve(__dirname, '../..');

const files: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'entry-cycle', private: true, type: 'module', bin: { 'entry-cycle': 'dist/main.js' } }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, outDir: 'dist', rootDir: 'src' },
  }),
  'src/main.ts': [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { registry } from './registry';`,
    ``,
    `export const serverName = 'entry-cycle';`,
    `const server = new McpServer({ name: serverName, version: '1.0.0' });`,
    `for (const tool of registry) server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, async () => ({ content: [] }));`,
    ``,
  ].join('\n'),
  'src/registry.ts': `import { cyclicTools } from './tools/cyclic';\n\nexport const registry = [...cyclicTools];\n`,
  // Imports the entry (for its name, read only when called): run alone, the entry's registry reads `cyclicTools` first.
  'src/tools/cyclic.ts': [
    `import { z } from 'zod';`,
    `import { serverName } from '../main';`,
    ``,
    `const target = z.discriminatedUnion('kind', [z.object({ kind: z.literal('user'), id: z.string() }), z.object({ kind: z.literal('team'), slug: z.string() })]);`,
    `export const cyclicTools = [{ name: 'cyclic_tool', description: 'A tool of the server', inputSchema: { target }, owner: () => serverName }];`,
    ``,
  ].join('\n'),
};

const failures = (result: AnalysisResult) => [...result.diagnosticsByFile.values()].flat().filter((d) => d.code === 'evaluation-failed');

describe("an entry's run covers its modules in the analyses that follow", { timeout: 120_000 }, () => {
  let root: string;
  let pipeline: Pipeline;
  const at = (file: string) => path.join(root, file);

  beforeAll(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-entry-runs-')));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(at(file)), { recursive: true });
      fs.writeFileSync(at(file), text);
    }
    fs.symlinkSync(path.join(REPO, 'node_modules'), at('node_modules'), 'dir');
    pipeline = createPipeline(pipelineOptions({ ...DEFAULT_SETTINGS }, root, true));
  });

  afterAll(async () => {
    await pipeline?.dispose();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('a module of the cycle analysed after the entry is not run alone, so it does not fail where the program does not', async () => {
    const entry = await pipeline.analyze([at('src/main.ts')]);
    expect(entry.files.flatMap((f) => f.tools.map((t) => t.name))).toEqual(['cyclic_tool']);
    expect(failures(entry)).toEqual([]);

    const later = await pipeline.analyze([at('src/tools/cyclic.ts'), at('src/registry.ts')]);
    expect(failures(later)).toEqual([]);
  });

  it('a module changed on disk since the entry ran is run again (alone, here, it fails in the cycle); with the entry, not', async () => {
    const cyclic = at('src/tools/cyclic.ts');
    fs.writeFileSync(cyclic, files['src/tools/cyclic.ts'].replace('A tool of the server', 'A tool of the server, edited'));
    const alone = await pipeline.analyze([cyclic]);
    expect(failures(alone).length).toBeGreaterThan(0);

    const withEntry = await pipeline.analyze([at('src/main.ts'), cyclic]);
    expect(failures(withEntry)).toEqual([]);
    expect(withEntry.files.flatMap((f) => f.tools.map((t) => t.description))).toEqual(['A tool of the server, edited']);
  });
});
