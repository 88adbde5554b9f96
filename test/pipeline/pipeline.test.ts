// The assembled pipeline on a project written the way real ones are: tools registered inside a function
// and a class, schemas imported from another module, a stdio transport connected at the end. Real
// discovery, real esbuild bundles, real worker processes, real zod.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipeline } from '../../server/pipeline';
import type { AnalysisResult, Pipeline } from '../../server/pipeline/run/contract';
import type { Diagnostic } from '../../server/pipeline/assemble/report';
import type { Location } from '../../server/pipeline/syntax/places';
import { DEFAULT_SETTINGS, pipelineOptions } from '../../server/settings';

const root = path.resolve(__dirname, '../fixtures/project-chat');
const at = (rel: string) => path.join(root, rel);
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
/** `file:line:col-line:col`, 1-based like an editor shows it. */
const where = (l: Location) => `${rel(l.file)}:${l.range.start.line + 1}:${l.range.start.character + 1}-${l.range.end.line + 1}:${l.range.end.character + 1}`;
const row = (d: Diagnostic) => `${where({ file: d.file, range: d.range })} ${d.severity} ${d.code} ${d.tool}`;

describe('pipeline on a realistic project', () => {
  let pipeline: Pipeline;
  let result: AnalysisResult;

  beforeAll(async () => {
    pipeline = createPipeline(pipelineOptions({ ...DEFAULT_SETTINGS, flattenUnionInput: true }, root, true));
    result = await pipeline.analyze();
  });
  afterAll(() => pipeline.dispose());

  it('lists the files that may hold tools', async () => {
    expect((await pipeline.listCandidates()).map(rel)).toEqual(['src/schemas/message.ts', 'src/server.ts', 'src/tools/audit.ts', 'src/tools/messaging.ts']);
  });

  it('places every finding at its declaration, in the module that declares it', () => {
    const all = [...result.diagnosticsByFile.values()].flat().map(row).sort();
    expect(all).toEqual([
      'src/schemas/message.ts:10:3-10:8 warning collision-widened send_message',
      'src/schemas/message.ts:16:39-16:46 information enum-widened notify',
      'src/schemas/message.ts:17:40-17:47 information enum-widened notify',
      'src/schemas/message.ts:17:77-17:85 information strictness-dropped notify',
      'src/schemas/message.ts:5:3-5:8 warning collision-widened send_message',
      'src/tools/audit.ts:5:14-5:35 warning union-kept audit_log',
    ]);
  });

  it('points each collision declaration at the others and proposes a rename that collides with nothing', () => {
    const media = result.diagnosticsByFile.get(at('src/schemas/message.ts'))!.filter((d) => d.code === 'collision-widened');
    expect(media.map((d) => [d.rename, d.related.map((r) => [where(r.location), r.message]), d.path, d.variants])).toEqual([
      [
        { key: 'media', variant: 'photo', discriminator: 'kind', newName: 'photoMedia' },
        [['src/schemas/message.ts:10:3-10:8', '`media` in variant `album`']],
        ['message', 'media'],
        ['photo', 'album'],
      ],
      [
        { key: 'media', variant: 'album', discriminator: 'kind', newName: 'albumMedia' },
        [['src/schemas/message.ts:5:3-5:8', '`media` in variant `photo`']],
        ['message', 'media'],
        ['photo', 'album'],
      ],
    ]);
  });

  it('reports registrations at their call in the registering module, with name and schema ranges', () => {
    // Each tool once: reached from src/server.ts and from its own module (whose factory is called), it is reported by the module it lies in.
    const order = ['send_message', 'notify', 'audit_log'];
    const tools = result.files
      .flatMap((f) => f.tools)
      .filter((t) => t.kind === 'registration')
      .sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
    expect(tools.map((t) => [t.name, t.kind, where(t.location), t.nameRange && where({ file: t.location.file, range: t.nameRange }), t.mountable])).toEqual([
      ['send_message', 'registration', 'src/tools/messaging.ts:6:3-10:4', 'src/tools/messaging.ts:7:5-7:19', true],
      ['notify', 'registration', 'src/tools/messaging.ts:11:3-11:94', 'src/tools/messaging.ts:11:23-11:31', true],
      ['audit_log', 'registration', 'src/tools/audit.ts:13:5-13:103', 'src/tools/audit.ts:13:22-13:33', true],
    ]);
    expect(Object.keys(result.files[0].timings)).toEqual(['discover', 'bundle', 'evaluate', 'engine', 'locate', 'list', 'tokens']);
  });

  it('explains each merged key with its declarations and advertised subschema', () => {
    const notify = result.files.flatMap((f) => f.tools).find((t) => t.name === 'notify')!;
    expect(notify.keys.map((k) => [k.path.join('.'), k.outcome, k.variants, k.declarations.map((d) => d && where(d)), k.advertised])).toEqual([
      [
        'priority.channel',
        'enum-widened',
        ['low', 'high'],
        ['src/schemas/message.ts:16:39-16:46', 'src/schemas/message.ts:17:40-17:47'],
        { description: 'Required if level = low | high', type: 'string', enum: ['email', 'digest', 'sms'] },
      ],
    ]);
  });

  it('knows which analysed files read a schema module', () => {
    expect(pipeline.dependents(at('src/schemas/message.ts')).map(rel)).toEqual(['src/server.ts', 'src/tools/messaging.ts']);
  });

  it('analyses unsaved text over the disk and reports its version', async () => {
    const file = at('src/schemas/message.ts');
    const text = readFileSync(file, 'utf8').replace("kind: z.literal('album'),\n  media:", "kind: z.literal('album'),\n  albumMedia:");
    const edited = await pipeline.analyze([file, at('src/server.ts')], new Map([[file, { text, version: 7 }]]));
    expect(edited.files.find((f) => f.file === file)?.version).toBe(7);
    const codes = [...edited.diagnosticsByFile.values()].flat().map(row).sort();
    expect(codes).toEqual([
      'src/schemas/message.ts:16:39-16:46 information enum-widened notify',
      'src/schemas/message.ts:17:40-17:47 information enum-widened notify',
      'src/schemas/message.ts:17:77-17:85 information strictness-dropped notify',
      'src/tools/audit.ts:5:14-5:35 warning union-kept audit_log',
    ]);
  });

  it("applies the user's severities: a raised code, a silenced one", async () => {
    pipeline.updateOptions({ severities: { 'collision-widened': 'error', 'enum-widened': 'off', 'strictness-dropped': 'off' } });
    try {
      const raised = await pipeline.analyze([at('src/server.ts')]);
      expect([...raised.diagnosticsByFile.values()].flat().map(row).sort()).toEqual([
        'src/schemas/message.ts:10:3-10:8 error collision-widened send_message',
        'src/schemas/message.ts:5:3-5:8 error collision-widened send_message',
        'src/tools/audit.ts:5:14-5:35 warning union-kept audit_log',
      ]);
    } finally {
      pipeline.updateOptions({ severities: {} });
    }
  });

  it('takes new flatten and target settings on the next analysis, and survives a worker restart', async () => {
    pipeline.updateOptions({ engine: { flattenUnionInput: false, target: 'draft-2020-12' } });
    try {
      await pipeline.restartWorkers();
      const shipped = await pipeline.analyze([at('src/server.ts')]);
      const send = shipped.files[0].tools.find((t) => t.name === 'send_message')!;
      // The installed SDK answered, so the target (the emulation's dialect) does not change what it sends.
      expect([send.shipped?.source, (send.advertised as any).$schema]).toEqual(['library', 'http://json-schema.org/draft-07/schema#']);
      const codes = [...shipped.diagnosticsByFile.values()].flat().map((d) => d.code);
      expect(codes.filter((c) => c === 'collision-widened')).toEqual([]);
      expect(codes).toContain('union-shipped');
    } finally {
      pipeline.updateOptions({ engine: { flattenUnionInput: true, target: 'draft-7' } });
    }
  });

  it('stops at the next stage boundary when cancelled', async () => {
    await expect(pipeline.analyze(undefined, undefined, { isCancellationRequested: true })).rejects.toThrow(/cancel/);
  });
});

describe('pipeline on a registration discovery cannot see', () => {
  const hangRoot = path.resolve(__dirname, '../fixtures/cli-hang');
  const okFile = path.join(hangRoot, 'ok.ts');
  let pipeline: Pipeline;
  beforeAll(() => {
    pipeline = createPipeline(pipelineOptions({ ...DEFAULT_SETTINGS, flattenUnionInput: true }, hangRoot, true));
  });
  afterAll(() => pipeline.dispose());

  it('reports the tool at the call that registered it, and places its keys where the schema was created', async () => {
    const result = await pipeline.analyze([okFile]);
    const [report] = result.files;
    const aliased = report.tools[0];
    const place = (l: Location) =>
      `${path.basename(l.file)}:${l.range.start.line + 1}:${l.range.start.character + 1}-${l.range.end.line + 1}:${l.range.end.character + 1}`;
    expect([aliased.name, place(aliased.location), aliased.nameRange, aliased.schemaRange]).toEqual(['aliased', 'ok.ts:8:1-8:9', undefined, undefined]);
    // Discovery cannot see the call, but the worker saw where the schema was created: each variant's `v`.
    expect(aliased.keys.map((k) => [k.path.join('.'), k.outcome, k.declarations.map((d) => d && place(d))])).toEqual([
      ['mode.v', 'widened-unknown', ['ok.ts:8:101-8:102', 'ok.ts:8:149-8:150']],
    ]);
    expect(report.diagnostics.map((d) => [place({ file: d.file, range: d.range }), d.code, d.related.length])).toEqual([
      ['ok.ts:8:101-8:102', 'collision-widened', 1],
      ['ok.ts:8:149-8:150', 'collision-widened', 1],
    ]);
  });
});
