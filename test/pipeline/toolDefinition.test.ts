// Where a tool that a shared loop or helper registers is defined: the one object literal naming it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolDefinitionName } from '../../server/pipeline/locate/toolDefinition';
import { WorkspaceProject } from '../../server/pipeline/project/project';
import type { Location } from '../../server/pipeline/syntax/places';

const FILES: Record<string, string> = {
  'names.ts': "export const Names = { ARCHIVE: 'notes.archive' } as const;\n",
  'registry.ts': [
    "import { Names } from './names';",
    "const LIST = 'list_notes';",
    'export const archive = { name: Names.ARCHIVE, inputSchema: {} };',
    'export const list = { name: LIST, handler: () => 1 };',
    "export const twice = { name: 'dup', inputSchema: {} };",
    "export const prompt = { name: 'pick', title: 'a prompt' };",
    "export const tool = { name: 'pick', inputSchema: {} };",
    '',
  ].join('\n'),
  'other.ts': "export const again = { name: 'dup', inputSchema: {} };\n",
  'classes.ts': [
    "import { z } from 'zod';",
    'abstract class BaseTool { abstract name: string; }',
    'export class SearchNotes extends BaseTool {',
    "  readonly name = 'search_notes';",
    "  description = 'Search the notes';",
    '  schema = z.object({ query: z.string() });',
    '  async execute() { return 1; }',
    '}',
    "export class Label { name = 'label_only'; }",
    '',
  ].join('\n'),
};

describe('toolDefinitionName', () => {
  let root: string;
  let project: WorkspaceProject;
  const find = (name: string) => {
    const files = Object.keys(FILES).map((f) => path.join(root, f));
    const found: Location | null = toolDefinitionName(name, {
      near: [],
      ran: files,
      textOf: (f) => project.readText(f),
      sourceFile: (f) => project.sourceFile(f),
    });
    return found && `${path.basename(found.file)}:${found.range.start.line}:${found.range.start.character}`;
  };
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-tooldef-'));
    for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(path.join(root, name), text);
    project = new WorkspaceProject(root);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('follows a const and a const object imported from a module that spells the name', () => {
    expect(find('notes.archive')).toBe('registry.ts:2:31');
    expect(find('list_notes')).toBe('registry.ts:3:28');
  });

  it('finds a tool written as a class by its name property, as it finds an object literal', () => {
    expect(find('search_notes')).toBe('classes.ts:3:18');
    // A class with a name but nothing of a tool is still the one place that spells it.
    expect(find('label_only')).toBe('classes.ts:8:28');
  });

  it('prefers the literal that looks like a tool, and answers nothing when two do', () => {
    expect(find('pick')).toBe('registry.ts:6:28');
    expect(find('dup')).toBeNull();
    expect(find('absent')).toBeNull();
  });
});
