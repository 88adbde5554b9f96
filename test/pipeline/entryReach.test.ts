/**
 * A bin or script that cannot reach a tool library is not run (issue 21): its imports are followed statically
 * through the workspace and into installed packages' manifests; whatever the walk cannot read counts as reaching.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entryReach } from '../../server/pipeline/plan/entryReach';

const root = mkdtempSync(path.join(os.tmpdir(), 'tsl-reach-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files: Record<string, string> = {
  'node_modules/argparse-lite/package.json': JSON.stringify({ name: 'argparse-lite', dependencies: { chalk: '*' } }),
  'node_modules/tool-kit/package.json': JSON.stringify({ name: 'tool-kit', peerDependencies: { '@modelcontextprotocol/sdk': '*' } }),
  'src/clean.ts':
    "import { rmSync } from 'node:fs';\nimport parse from 'argparse-lite';\nimport { dirs } from './paths.js';\nrmSync(parse(process.argv)[0] ?? dirs.build);\n",
  'src/paths.ts': "import path from 'path';\nexport const dirs = { build: path.resolve('build') };\n",
  'src/serve.ts': "import { start } from './server';\nstart();\n",
  'src/server/index.ts':
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function start() { return new McpServer({ name: 's', version: '1' }); }\n",
  'src/helper.ts': "import { serve } from 'tool-kit';\nserve();\n",
  'src/plugins.ts': 'const name = process.argv[2];\nawait import(`./plugins/${name}.js`);\n',
  'src/aliased.ts': "import { start } from '@/server';\nstart();\n",
};
for (const [rel, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}
const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};
const reach = (rel: string) => entryReach(path.join(root, rel), read);

describe('whether an entry can reach a tool library', () => {
  it('a CLI whose imports (files, built-ins, packages that depend on no library) reach none: not run', () => {
    expect(reach('src/clean.ts')).toEqual({ reaches: false, files: 2 });
  });
  it('through a workspace file (a folder index, an extensionless import) that imports the SDK', () => {
    expect(reach('src/serve.ts')).toEqual({ reaches: true });
  });
  it('through a package that depends on a tool library', () => {
    expect(reach('src/helper.ts')).toEqual({ reaches: true });
  });
  it('a computed import, or an alias that is no installed package, is unknown: it runs', () => {
    expect(reach('src/plugins.ts')).toEqual({ reaches: true });
    expect(reach('src/aliased.ts')).toEqual({ reaches: true });
  });
});
