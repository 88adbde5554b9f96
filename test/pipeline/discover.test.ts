import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverFiles } from '../../server/pipeline/discover';
import { WorkspaceProject } from '../../server/pipeline/project/project';
import type { DiscoveredFile, DiscoveredSite } from '../../server/pipeline/discover/contract';

const root = path.join(__dirname, '../fixtures/discover-styles');
const src = (name: string) => path.join(root, 'src', name);

function discoverOne(name: string, project = new WorkspaceProject(root)): DiscoveredFile {
  return discoverFiles(project, [src(name)])[0];
}

/** A compact view of a site: kind, sdk, name, and 0-based [line, character] of range / name / schema starts. */
function brief(site: DiscoveredSite) {
  const at = (r?: { start: { line: number; character: number } }) => (r ? [r.start.line, r.start.character] : null);
  return { kind: site.kind, sdk: site.sdk, name: site.name, range: at(site.range), nameAt: at(site.nameRange), schemaAt: at(site.schemaRange) };
}

describe('discovery of MCP SDK registrations', () => {
  it('reads every server.tool overload and registerTool, at exact positions', () => {
    const file = discoverOne('mcpServer.ts');
    expect(file.candidate).toBe(true);
    expect(file.sites.map(brief)).toEqual([
      { kind: 'registration', sdk: 'mcp', name: 'ping', range: [5, 0], nameAt: [5, 12], schemaAt: null },
      { kind: 'registration', sdk: 'mcp', name: 'echo', range: [7, 0], nameAt: [7, 12], schemaAt: [7, 20] },
      { kind: 'registration', sdk: 'mcp', name: 'describe', range: [9, 0], nameAt: [9, 12], schemaAt: [9, 45] },
      { kind: 'registration', sdk: 'mcp', name: 'annotated', range: [11, 0], nameAt: [11, 12], schemaAt: [11, 25] },
      { kind: 'registration', sdk: 'mcp', name: 'full', range: [13, 0], nameAt: [14, 2], schemaAt: [16, 2] },
      { kind: 'registration', sdk: 'mcp', name: 'send', range: [21, 0], nameAt: [22, 2], schemaAt: [23, 48] },
    ]);
    // The whole call is the site's range: `server.tool(...)` of `echo` ends before the `;`.
    expect(file.sites[1].range.end).toEqual({ line: 7, character: 102 });
  });

  it('does not take `.tool()` on an object literal for a registration', () => {
    const names = discoverOne('mcpServer.ts').sites.map((s) => s.name);
    expect(names).not.toContain('ignored-but-textual');
  });

  it('follows a parameter typed McpServer, a constructor parameter property and a class field (not an object-literal field)', () => {
    expect(discoverOne('mcpInFunctions.ts').sites.map(brief)).toEqual([
      { kind: 'registration', sdk: 'mcp', name: 'weather', range: [6, 2], nameAt: [6, 19], schemaAt: [6, 45] },
      { kind: 'registration', sdk: 'mcp', name: 'inClass', range: [13, 4], nameAt: [13, 21], schemaAt: [13, 46] },
      { kind: 'registration', sdk: 'mcp', name: 'owned', range: [22, 4], nameAt: [22, 29], schemaAt: [22, 53] },
    ]);
  });

  it('finds servers inside createMcpHandler callbacks', () => {
    expect(discoverOne('handler.ts').sites.map(brief)).toEqual([
      { kind: 'registration', sdk: 'mcp', name: 'roll_dice', range: [4, 2], nameAt: [4, 14], schemaAt: [4, 42] },
    ]);
  });

  it('follows a server imported from a sibling module (the file itself never imports the SDK)', () => {
    expect(discoverOne('usesSharedServer.ts').sites.map(brief)).toEqual([
      { kind: 'registration', sdk: 'mcp', name: 'from_shared', range: [3, 0], nameAt: [3, 12], schemaAt: [3, 27] },
    ]);
  });

  it('reads CommonJS requires in JavaScript files', () => {
    expect(discoverOne('server.js').sites.map(brief)).toEqual([
      { kind: 'registration', sdk: 'mcp', name: 'cjs_tool', range: [4, 0], nameAt: [4, 12], schemaAt: [4, 24] },
    ]);
  });
});

describe('discovery of other SDKs', () => {
  it('fastmcp addTool({ name, parameters })', () => {
    expect(discoverOne('fast.ts').sites.map(brief)).toEqual([
      { kind: 'registration', sdk: 'fastmcp', name: 'add', range: [5, 0], nameAt: [6, 8], schemaAt: [8, 14] },
    ]);
  });

  it('Vercel AI tool(): named by its variable or property key, inputSchema or parameters', () => {
    expect(discoverOne('aiTools.ts').sites.map(brief)).toEqual([
      { kind: 'registration', sdk: 'ai', name: 'weather', range: [3, 23], nameAt: [3, 13], schemaAt: [5, 15] },
      { kind: 'registration', sdk: 'ai', name: 'search', range: [10, 10], nameAt: [10, 2], schemaAt: [11, 16] },
    ]);
  });

  it('OpenAI Agents tool({ name, parameters }) under an import alias', () => {
    expect(discoverOne('agents.ts').sites.map(brief)).toEqual([
      { kind: 'registration', sdk: 'openai-agents', name: 'lookup_order', range: [3, 22], nameAt: [4, 8], schemaAt: [6, 14] },
    ]);
  });

  it('LangChain tool(fn, { name, schema }) and new DynamicStructuredTool({ name, schema })', () => {
    expect(discoverOne('lang.ts').sites.map(brief)).toEqual([
      { kind: 'registration', sdk: 'langchain', name: 'multiply', range: [3, 24], nameAt: [4, 8], schemaAt: [6, 10] },
      { kind: 'registration', sdk: 'langchain', name: 'divide', range: [9, 22], nameAt: [10, 8], schemaAt: [12, 10] },
    ]);
  });
});

describe('discovery of schema declarations', () => {
  it('exported discriminated unions (also through a same-file identifier) and @toolSchema tags, exported or not', () => {
    const file = discoverOne('variants.ts');
    expect(file.sites.map((s) => ({ ...brief(s), exportName: s.exportName }))).toEqual([
      { kind: 'exported', sdk: undefined, name: 'Action', exportName: 'Action', range: [5, 0], nameAt: [5, 13], schemaAt: [5, 22] },
      { kind: 'exported', sdk: undefined, name: 'Wrapper', exportName: 'Wrapper', range: [7, 0], nameAt: [7, 13], schemaAt: [7, 23] },
      { kind: 'tagged', sdk: undefined, name: 'Tagged', exportName: 'Tagged', range: [13, 0], nameAt: [13, 13], schemaAt: [13, 22] },
      { kind: 'tagged', sdk: undefined, name: 'internalInput', exportName: undefined, range: [19, 0], nameAt: [19, 6], schemaAt: [19, 22] },
    ]);
  });

  it('follows names in value position only: a key or a member named like a union is not that union', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-discover-names-'));
    try {
      const file = path.join(dir, 'names.ts');
      fs.writeFileSync(
        file,
        [
          `import { z } from 'zod';`,
          `const Action = z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]);`,
          `const helpers = { Action: z.string() };`,
          `export const KeyOnly = z.object({ Action: z.string() });`,
          `export const MemberOnly = z.object({ text: helpers.Action });`,
          `export const Holds = z.object({ nested: z.array(Action) });`,
          `export const Alias = Action;`,
          ``,
        ].join('\n'),
      );
      const found = discoverFiles(new WorkspaceProject(dir), [file])[0];
      // `Alias = Action` is the union itself under another name, not a schema holding one.
      expect(found.sites.map((s) => s.name)).toEqual(['Holds']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an exported schema holding a union imported from a sibling file', () => {
    expect(discoverOne('usesImported.ts').sites.map(brief)).toEqual([
      { kind: 'exported', sdk: undefined, name: 'Envelope', range: [3, 0], nameAt: [3, 13], schemaAt: [3, 24] },
    ]);
  });
});

describe('the pre-filter and candidates', () => {
  it('never parses a file that mentions neither zod nor a tool SDK', () => {
    const project = new WorkspaceProject(root);
    const file = discoverOne('plain.ts', project);
    expect(file).toEqual({ file: src('plain.ts'), sites: [], candidate: false });
    expect(project.project.getSourceFile(src('plain.ts'))).toBeUndefined();
  });

  it('a zod file without a union or SDK is parsed but not a candidate', () => {
    expect(discoverOne('zodOnly.ts')).toEqual({ file: src('zodOnly.ts'), sites: [], candidate: false, toolApi: false });
  });

  it('a missing file is simply not a candidate', () => {
    expect(discoverOne('does-not-exist.ts')).toEqual({ file: src('does-not-exist.ts'), sites: [], candidate: false });
  });

  it('overlays replace disk text, and a re-discovery after an edit sees the new text', () => {
    const project = new WorkspaceProject(root);
    const file = src('plain.ts');
    const text =
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst s = new McpServer({ name: 'x', version: '1' });\ns.tool('fresh', {}, async () => ({ content: [] }));\n";
    const first = discoverFiles(project, [file], new Map([[file, { text, version: 1 }]]))[0];
    expect(first.sites.map((s) => [s.name, s.range.start.line])).toEqual([['fresh', 2]]);
    const edited = text.replace("'fresh'", "'renamed'");
    const second = discoverFiles(project, [file], new Map([[file, { text: edited, version: 2 }]]))[0];
    expect(second.sites.map((s) => s.name)).toEqual(['renamed']);
    const closed = discoverFiles(project, [file], new Map())[0];
    expect(closed.candidate).toBe(false);
  });
});

describe('half-typed source', () => {
  it('a file mid-edit (unclosed calls and objects) is still discovered, never a crash', () => {
    const project = new WorkspaceProject(root);
    const file = src('mcpServer.ts');
    const text =
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nconst s = new McpServer({ name: 'x', version: '1' });\ns.tool('ok', { a: z.string() }, async () => ({ content: [] }));\ns.registerTool('half', { inputSchema: { b: z.object({ \n";
    const [found] = discoverFiles(project, [file], new Map([[file, { text, version: 1 }]]));
    expect(found.candidate).toBe(true);
    expect(found.sites.map((s) => [s.name, s.range.start.line])).toEqual([
      ['ok', 3],
      ['half', 4],
    ]);
  });
});

describe('the workspace project', () => {
  it('honours overlays for files the project already holds and drops them when the buffer closes', () => {
    const project = new WorkspaceProject(root);
    const file = src('zodOnly.ts');
    const disk = project.sourceFile(file)!.getFullText();
    project.setOverlays(new Map([[file, { text: 'export const edited = 1;\n', version: 1 }]]));
    expect(project.project.getSourceFile(file)!.getFullText()).toBe('export const edited = 1;\n');
    project.setOverlays(new Map());
    expect(project.project.getSourceFile(file)!.getFullText()).toBe(disk);
  });

  it('reads compiler options from the workspace tsconfig.json, and always reads JavaScript', () => {
    const options = new WorkspaceProject(root).project.getCompilerOptions();
    expect(options.strict).toBe(true);
    expect(options.allowJs).toBe(true);
    expect(new WorkspaceProject(path.join(root, 'src')).project.getCompilerOptions().allowJs).toBe(true);
  });
});
