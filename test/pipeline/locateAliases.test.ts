import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverFiles } from '../../server/pipeline/discover';
import { locateSite, rootsOf } from '../../server/pipeline/locate';
import { WorkspaceProject } from '../../server/pipeline/project/project';

const root = path.join(__dirname, '../fixtures/locate-aliases');
const tools = path.join(root, 'src/tools.ts');

describe('locating through tsconfig paths and namespace imports', () => {
  it('follows a `paths` alias with the type checker (the workspace tsconfig is honoured)', () => {
    const project = new WorkspaceProject(root);
    const [found] = discoverFiles(project, [tools]);
    const roots = rootsOf(project.sourceFile(tools)!, found.sites[0]);
    const loc = locateSite(roots, {
      trail: [
        { kind: 'key', key: 'action' },
        { kind: 'variant', discriminator: 'kind', label: 'mediaGroup', index: 1 },
        { kind: 'key', key: 'media' },
      ],
      anchor: 'key',
    });
    expect(loc).toEqual({ file: path.join(root, 'src/schemas/action.ts'), range: { start: { line: 4, character: 44 }, end: { line: 4, character: 49 } } });
  });

  it('follows `schemas.Target` into the namespace-imported module', () => {
    const project = new WorkspaceProject(root);
    const [found] = discoverFiles(project, [tools]);
    const roots = rootsOf(project.sourceFile(tools)!, found.sites[0]);
    const loc = locateSite(roots, {
      trail: [
        { kind: 'key', key: 'target' },
        { kind: 'key', key: 'chatId' },
      ],
      anchor: 'key',
    });
    expect(loc).toEqual({ file: path.join(root, 'src/schemas/index.ts'), range: { start: { line: 2, character: 33 }, end: { line: 2, character: 39 } } });
  });

  it('reads unsaved text: an overlay that moves a key is located where the editor shows it', () => {
    const project = new WorkspaceProject(root);
    const text =
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\n\nconst server = new McpServer({ name: 'o', version: '1' });\n\n\nserver.tool('post', {\n    moved: z.string() }, async () => ({ content: [] }));\n";
    const [found] = discoverFiles(project, [tools], new Map([[tools, { text, version: 3 }]]));
    const loc = locateSite(rootsOf(project.sourceFile(tools)!, found.sites[0]), { trail: [{ kind: 'key', key: 'moved' }], anchor: 'key' });
    expect(loc?.range).toEqual({ start: { line: 7, character: 4 }, end: { line: 7, character: 9 } });
  });
});
