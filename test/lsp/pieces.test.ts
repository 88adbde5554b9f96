/** The language server's pure pieces: schema text for hovers, change classification, trust, options, mapping. */
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { toLspDiagnostic } from '../../server/lsp/diagnostics';
import { hoverAt } from '../../server/lsp/hover';
import { schemaJson } from '../../server/lsp/schemaText';
import { readInitOptions } from '../../server/lsp/settings';
import { listTools } from '../../server/lsp/tools';
import { isTrusted, transportFromArgv } from '../../server/lsp/trust';
import { classifyChange } from '../../server/lsp/watchers';
import { codeLensesIn } from '../../server/lsp/codeLens';
import type { Diagnostic, ToolReport } from '../../server/pipeline/assemble/report';

const r = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } });

describe('schema text for hovers', () => {
  it('prints a short schema whole, as valid JSON', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const { text, truncated } = schemaJson(schema);
    expect(truncated).toBe(false);
    expect(JSON.parse(text)).toEqual(schema);
  });

  it('collapses deeper levels of a long schema and keeps the top', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`k${i}`, { type: 'object', properties: { x: { type: 'string' }, y: { type: 'number' } } }]),
    );
    const { text, truncated } = schemaJson({ type: 'object', properties }, 30);
    expect(truncated).toBe(true);
    expect(text.split('\n').length).toBeLessThanOrEqual(30);
    expect(text).toContain('"k11"');
    expect(text).toContain('{…}');
  });

  it('shortens very long strings', () => {
    const { text } = schemaJson({ description: 'x'.repeat(1000) });
    expect(text.length).toBeLessThan(300);
    expect(text).toContain('…');
  });
});

describe('watched file changes', () => {
  it.each([
    ['/w/src/tools.ts', 'source'],
    ['/w/package.json', 'config'],
    ['/w/tsconfig.build.json', 'config'],
    ['/w/pnpm-lock.yaml', 'dependencies'],
    ['/w/node_modules/zod/package.json', 'dependencies'],
    ['/w/node_modules/.package-lock.json', 'dependencies'],
    ['/w/node_modules/left-pad/index.js', 'ignored'],
    ['/w/README.md', 'ignored'],
  ])('%s is a %s change', (file, kind) => {
    expect(classifyChange(path.normalize(file))).toBe(kind);
  });
});

describe('trust and initialization options', () => {
  it('trusts an explicit flag, else a stdio start, never an IPC start without the flag', () => {
    expect(isTrusted(false, 'stdio')).toBe(false);
    expect(isTrusted(true, 'node-ipc')).toBe(true);
    expect(isTrusted(undefined, 'stdio')).toBe(true);
    expect(isTrusted(undefined, 'node-ipc')).toBe(false);
    expect(transportFromArgv(['node', 'cli.js', 'lsp', '--node-ipc'])).toBe('node-ipc');
  });

  it('reads our options and the settings section wherever a client puts it', () => {
    expect(readInitOptions({ isTrusted: 'yes', debounceMs: -1 })).toEqual({
      isTrusted: 'yes',
      trustSent: true,
      debounceMs: undefined,
      hoverFindings: true,
      commandLinks: false,
      settings: undefined,
    });
    // Only an explicit false leaves findings out of the hover (VS Code's extension sends it).
    expect(readInitOptions({ hoverFindings: false }).hoverFindings).toBe(false);
    expect(readInitOptions({ hoverFindings: 'no' }).hoverFindings).toBe(true);
    expect(readInitOptions({}).trustSent).toBe(false);
    expect(readInitOptions({ debounceMs: 0, settings: { toolSchemaLens: { enable: false } } })).toMatchObject({ debounceMs: 0, settings: { enable: false } });
    expect(readInitOptions({ toolSchemaLens: { target: 'draft-2020-12' } }).settings).toEqual({ target: 'draft-2020-12' });
  });
});

describe('mapping and hover on synthetic reports', () => {
  const file = '/w/src/tools.ts';
  const diagnostic: Diagnostic = {
    file,
    range: r(4, 2, 8),
    severity: 'information',
    code: 'enum-widened',
    message: 'Tool t: key `sort` …',
    tool: 't',
    path: ['sort'],
    related: [{ location: { file: '/w/src/other.ts', range: r(1, 0, 4) }, message: '`sort` in variant `b`' }],
    rename: { key: 'sort', variant: 'a', discriminator: 'kind', newName: 'aSort' },
  };
  const tool: ToolReport = {
    id: 'registration t',
    name: 't',
    kind: 'registration',
    location: { file, range: { start: { line: 2, character: 0 }, end: { line: 8, character: 2 } } },
    nameRange: r(2, 10, 13),
    schemaRange: r(3, 0, 6),
    advertised: { type: 'object', properties: { sort: { type: 'string', enum: ['x', 'y'] } } },
    tokens: { input: 30, total: 30 },
    mountable: true,
    keys: [
      {
        path: ['sort'],
        key: 'sort',
        discriminator: 'kind',
        variants: ['a', 'b'],
        outcome: 'enum-widened',
        shapes: [{ enum: ['x'] }, { enum: ['y'] }],
        declarations: [{ file, range: r(4, 2, 8) }, null],
        advertised: { type: 'string', enum: ['x', 'y'] },
      },
    ],
  };

  it('maps a finding to an LSP diagnostic with its rename data', () => {
    const lsp = toLspDiagnostic(diagnostic, (f) => `file://${f}`);
    expect(lsp).toMatchObject({ severity: DiagnosticSeverity.Information, code: 'enum-widened', source: 'tool-schema-lens' });
    expect(lsp.relatedInformation![0].location.uri).toBe('file:///w/src/other.ts');
    expect(lsp.data.rename.newName).toBe('aSort');
  });

  it('explains an enum-widened key and shows the finding there', () => {
    const hover = hoverAt([tool], [diagnostic], file, { line: 4, character: 4 })!;
    const md = (hover.contents as any).value as string;
    expect(md).toContain('**`sort`** in tool `t`: enum widened');
    expect(md).toContain('Declared by variants `a`, `b` of the union on `kind`.');
    expect(md).toContain('- `a`: `{"enum":["x"]}`');
    expect(md).toContain('```json\n{\n  "type": "string",\n  "enum": [\n    "x",\n    "y"\n  ]\n}\n```');
    expect(md).toContain('- **information** `enum-widened`: Tool t: key `sort` …');
    expect(hover.range).toEqual(r(4, 2, 8));
  });

  it('shows the whole schema on the name, and nothing elsewhere', () => {
    const md = (hoverAt([tool], [], file, { line: 2, character: 11 })!.contents as any).value as string;
    expect(md).toContain('**Tool `t`**: the advertised input schema');
    expect(hoverAt([tool], [], file, { line: 20, character: 0 })).toBeNull();
    // Inside the registration but in the handler body: TypeScript's hover is the one that helps there.
    expect(hoverAt([tool], [], file, { line: 6, character: 4 })).toBeNull();
    expect((hoverAt([tool], [], file, { line: 2, character: 2 })!.contents as any).value).toContain('**Tool `t`**');
  });

  it('gives a registration one line of verdicts after its schema: the targets that take it counted, each other one named with what it breaks', () => {
    const judged: ToolReport = {
      ...tool,
      verdicts: [
        { target: 'claude-code', label: 'Claude Code', broken: [] },
        { target: 'codex', label: 'Codex', broken: ['format', 'name-characters'] },
      ],
    };
    const md = (hoverAt([judged], [], file, { line: 2, character: 11 })!.contents as any).value as string;
    expect(md).toContain('\n\n✓ 1 client · ✗ Codex: format, name-characters\n\n');
    expect(md.indexOf('```json')).toBeLessThan(md.indexOf('✓ 1 client'));
    expect((hoverAt([tool], [], file, { line: 2, character: 11 })!.contents as any).value).not.toContain('✓');
  });

  it('judged against OpenAI strict, shows the strict view: every key required, an optional one nullable', () => {
    const strict: ToolReport = {
      ...tool,
      advertised: { type: 'object', properties: { q: { type: 'string' }, n: { type: 'number' } }, required: ['q'] },
      verdicts: [{ target: 'openai-strict', label: 'OpenAI (strict)', broken: ['strict-required'] }],
    };
    const md = (hoverAt([strict], [], file, { line: 2, character: 11 })!.contents as any).value as string;
    const view = md.split('**Strict view (OpenAI strict)**')[1];
    expect(JSON.parse(/```json\n([\s\S]*?)\n```/.exec(view)![1])).toEqual({
      type: 'object',
      properties: { q: { type: 'string' }, n: { type: ['number', 'null'] } },
      required: ['q', 'n'],
      additionalProperties: false,
    });
    expect((hoverAt([tool], [], file, { line: 2, character: 11 })!.contents as any).value).not.toContain('Strict view');
  });

  it('lists the tool containing a position, or the nearest above it', () => {
    const context = { problems: new Map(), server: { name: 'w', uri: 'file:///w', tools: 1, tokens: 30, windowShare: 0.00015 } };
    expect(
      listTools([tool], { uri: 'file:///w/src/tools.ts', position: { line: 30, character: 0 } }, (f) => `file://${f}`, context).map((t) => t.name),
    ).toEqual(['t']);
    expect(listTools([tool], { uri: 'file:///w/src/tools.ts', position: { line: 0, character: 0 } }, (f) => `file://${f}`, context)).toEqual([]);
  });
});

describe('code lenses of one file', () => {
  const file = path.resolve('/ws/src/tools/search.ts');
  const at = (line: number) => ({ start: { line, character: 2 }, end: { line, character: 30 } });
  const tool = (id: string, sdk: ToolReport['sdk'], line: number): ToolReport => ({
    id,
    name: 'search_notes',
    kind: 'registration',
    location: { file: path.resolve('/ws/src/server.ts'), range: at(1) },
    definedAt: { file, range: at(line), nameRanges: [at(line)], schemaRanges: [], keys: [] },
    advertised: { type: 'object' },
    tokens: { input: 40, total: 40 },
    sdk,
    mountable: true,
    keys: [],
  });

  it("names the library where one class defines a tool for two (a toolkit's flavours), and only there", () => {
    const titles = (tools: ToolReport[]) => codeLensesIn(tools, new Map(), file, 'file:///ws/src/tools/search.ts').map((l) => l.command!.title);
    expect(titles([tool('a', 'mcp', 4), tool('b', 'openai-functions', 9)])).toEqual([
      '40 tokens · no problems · Show schema (@modelcontextprotocol/sdk)',
      '40 tokens · no problems · Show schema (OpenAI function objects)',
    ]);
    expect(titles([tool('a', 'mcp', 4)])).toEqual(['40 tokens · no problems · Show schema']);
  });
});
