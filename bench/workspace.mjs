// Generates a realistic MCP server workspace for the benchmarks: N tool files of T tools each (zod 4 +
// the MCP SDK), some with discriminated unions whose variants collide. It lives inside the repository
// (default .cache/bench-workspace, gitignored) so the root node_modules resolve. Reused by the LSP bench.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The text of tool file `i`: `toolsPerFile` registrations; every other file has a colliding union. */
export function toolFileText(i, toolsPerFile = 5, revision = 0) {
  const lines = [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { z } from 'zod';`,
    `import { pagination } from '../shared/pagination';`,
    ``,
    `// revision ${revision}`,
    `export const server${i} = new McpServer({ name: 'bench-${i}', version: '1.0.0' });`,
    ``,
    `const content${i} = z.discriminatedUnion('kind', [`,
    `  z.object({ kind: z.literal('text'), body: z.string().min(1) }),`,
    i % 2 === 0
      ? `  z.object({ kind: z.literal('photo'), media: z.object({ url: z.string().url(), caption: z.string().optional() }) }),`
      : `  z.object({ kind: z.literal('photo'), media: z.string().url() }),`,
    `  z.object({ kind: z.literal('album'), media: z.array(z.string().url()).max(10) }),`,
    `]);`,
    ``,
    `const filter${i} = z.discriminatedUnion('scope', [`,
    `  z.object({ scope: z.literal('channel'), sort: z.enum(['recent', 'relevance']) }),`,
    `  z.object({ scope: z.literal('user'), sort: z.enum(['recent', 'name']) }).strict(),`,
    `]);`,
    ``,
  ];
  for (let t = 0; t < toolsPerFile; t++) {
    const name = `tool_${i}_${t}`;
    const shape =
      t === 0
        ? `{ channelId: z.string(), content: content${i} }`
        : t === 1
          ? `{ query: z.string(), filter: filter${i}, ...pagination }`
          : `{ id: z.string(), count: z.number().int().min(0).max(${100 + t}), tags: z.array(z.string()).optional() }`;
    lines.push(
      `server${i}.registerTool(`,
      `  '${name}',`,
      `  { description: 'Tool ${t} of file ${i}', inputSchema: ${shape} },`,
      `  async () => ({ content: [{ type: 'text', text: '${name}' }] }),`,
      `);`,
      ``,
    );
  }
  return lines.join('\n');
}

/** Write the workspace; returns its root and the tool files' absolute paths. */
export function generateWorkspace({ dir = path.join(REPO_ROOT, '.cache', 'bench-workspace'), files = 200, toolsPerFile = 5 } = {}) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'src', 'tools'), { recursive: true });
  mkdirSync(path.join(dir, 'src', 'shared'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'bench-workspace', private: true, type: 'module' }, null, 2));
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify(
      { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, skipLibCheck: true, noEmit: true } },
      null,
      2,
    ),
  );
  writeFileSync(
    path.join(dir, 'src', 'shared', 'pagination.ts'),
    `import { z } from 'zod';\n\nexport const pagination = { cursor: z.string().optional(), limit: z.number().int().max(100).default(20) };\n`,
  );
  const toolFiles = [];
  for (let i = 0; i < files; i++) {
    const file = path.join(dir, 'src', 'tools', `tools${String(i).padStart(3, '0')}.ts`);
    writeFileSync(file, toolFileText(i, toolsPerFile));
    toolFiles.push(file);
  }
  return { root: dir, toolFiles, toolCount: files * toolsPerFile };
}
