// Generates the "whole server" bench workspace (issue 9): one entry point (package.json `bin` → src/main.ts)
// whose factory registers all FILES × TOOLS tools through a registry loop. Each tool file only exports tool
// definitions (name, description, zod input, some with colliding discriminated unions); nothing registers
// until the factory runs. Lives in .cache/ (gitignored) so the repository's node_modules resolve.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './workspace.mjs';

/** Tool file `i`: `toolsPerFile` definitions in one exported array. */
export function definitionFileText(i, toolsPerFile = 5, revision = 0) {
  const lines = [
    `import { z } from 'zod';`,
    `import { pagination } from '../shared/pagination';`,
    ``,
    `// revision ${revision}`,
    `const content = z.discriminatedUnion('kind', [`,
    `  z.object({ kind: z.literal('text'), body: z.string().min(1) }),`,
    i % 2 === 0
      ? `  z.object({ kind: z.literal('photo'), media: z.object({ url: z.string().url(), caption: z.string().optional() }) }),`
      : `  z.object({ kind: z.literal('photo'), media: z.string().url() }),`,
    `  z.object({ kind: z.literal('album'), media: z.array(z.string().url()).max(10) }),`,
    `]);`,
    ``,
    `export const tools${i} = [`,
  ];
  for (let t = 0; t < toolsPerFile; t++) {
    const input =
      t === 0 ? `z.object({ channelId: z.string(), content })` : `z.object({ id: z.string(), count: z.number().int().min(0).max(${100 + t}), ...pagination })`;
    lines.push(`  { name: 'tool_${i}_${t}', description: 'Tool ${t} of file ${i}', inputSchema: ${input} },`);
  }
  lines.push(`];`, ``);
  return lines.join('\n');
}

export function generateServerWorkspace({ dir = path.join(REPO_ROOT, '.cache', 'bench-server-workspace'), files = 200, toolsPerFile = 5 } = {}) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'src', 'tools'), { recursive: true });
  mkdirSync(path.join(dir, 'src', 'shared'), { recursive: true });
  const pkg = { name: 'bench-server-workspace', private: true, type: 'module', bin: { 'bench-server': 'dist/main.js' } };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, skipLibCheck: true, outDir: 'dist', rootDir: 'src' },
      },
      null,
      2,
    ),
  );
  writeFileSync(
    path.join(dir, 'src', 'shared', 'pagination.ts'),
    `import { z } from 'zod';\n\nexport const pagination = { cursor: z.string().optional(), limit: z.number().int().max(100).default(20) };\n`,
  );
  const toolFiles = [];
  const imports = [];
  const names = [];
  for (let i = 0; i < files; i++) {
    const base = `tools${String(i).padStart(3, '0')}`;
    const file = path.join(dir, 'src', 'tools', `${base}.ts`);
    writeFileSync(file, definitionFileText(i, toolsPerFile));
    toolFiles.push(file);
    imports.push(`import { tools${i} } from './tools/${base}';`);
    names.push(`...tools${i}`);
  }
  writeFileSync(path.join(dir, 'src', 'registry.ts'), `${imports.join('\n')}\n\nexport const registry = [${names.join(', ')}];\n`);
  writeFileSync(
    path.join(dir, 'src', 'server.ts'),
    [
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import { registry } from './registry';`,
      ``,
      `export function createServer(options: { name: string }): McpServer {`,
      `  const server = new McpServer({ name: options.name, version: '1.0.0' });`,
      `  for (const tool of registry) {`,
      `    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, async () => ({ content: [] }));`,
      `  }`,
      `  return server;`,
      `}`,
      ``,
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'src', 'main.ts'),
    [
      `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';`,
      `import { createServer } from './server';`,
      ``,
      `const server = createServer({ name: process.env.BENCH_SERVER_NAME ?? 'bench' });`,
      `await server.connect(new StdioServerTransport());`,
      ``,
    ].join('\n'),
  );
  return { root: dir, toolFiles, toolCount: files * toolsPerFile };
}
