/** Entry points where platforms put them: a Cloudflare Worker's wrangler `main` (JSONC or TOML), mapped to source. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findEntryPoints } from '../../server/pipeline/plan/entryPoints';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tsl-entries-'));
  made.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('wrangler main', () => {
  it('is an entry point, from wrangler.jsonc (comments, trailing commas) and from wrangler.toml', () => {
    const jsonc = workspace({ 'wrangler.jsonc': '{\n  // the Worker\n  "main": "src/worker.ts",\n}\n', 'src/worker.ts': 'export default {};\n' });
    expect(findEntryPoints(jsonc)).toEqual([path.join(jsonc, 'src', 'worker.ts')]);
    const toml = workspace({ 'wrangler.toml': 'name = "mcp"\nmain = "dist/index.js"\n', 'src/index.ts': 'export default {};\n' });
    expect(findEntryPoints(toml)).toEqual([path.join(toml, 'src', 'index.ts')]);
  });
});

describe('framework conventions', () => {
  it('Next.js routes and API pages, Vercel and Netlify functions, a Mastra instance: each only where the framework is used', () => {
    const files = {
      'app/api/[transport]/route.ts': 'export const GET = () => null;\n',
      'app/page.tsx': 'export default function Page() { return null; }\n',
      'src/pages/api/tools.ts': 'export default function handler() {}\n',
      'api/mcp.ts': 'export default function handler() {}\n',
      'netlify/functions/mcp.mts': 'export default async () => new Response();\n',
      'src/mastra/index.ts': 'export const mastra = {};\n',
    };
    const used = workspace({
      ...files,
      'package.json': JSON.stringify({ dependencies: { next: '*', '@vercel/node': '*', '@mastra/core': '*' } }),
      'netlify.toml': '[functions]\n',
    });
    expect(
      findEntryPoints(used)
        .map((f) => path.relative(used, f))
        .sort(),
    ).toEqual(['api/mcp.ts', 'app/api/[transport]/route.ts', 'netlify/functions/mcp.mts', 'src/mastra/index.ts', 'src/pages/api/tools.ts'].sort());
    const unused = workspace({ ...files, 'package.json': JSON.stringify({ dependencies: { zod: '*' } }) });
    expect(findEntryPoints(unused).map((f) => path.relative(unused, f))).toEqual(['netlify/functions/mcp.mts']);
  });
});
