/**
 * Dates as the workspace's own library ships them (issue 9, "no false finding"). zod 3 libraries convert through
 * zod-to-json-schema, which sends a z.date() as `{ "type": "string", "format": "date-time" }`: the tool mounts, and
 * what matters is whether zod accepts the string the model sends (z.coerce.date() does, z.date() does not). zod 4's
 * toJSONSchema throws on a Date, so on SDK 1.x the whole tools/list fails; Mastra ships it anyway and revives the
 * string (`x-date`). Each claim is checked against the real SDK: its client lists the tool and its call rejects
 * (or accepts) the string.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess, type CliRun } from './runCli';

const FILES = ['eval-zod3-sdk117/src/when.ts', 'ship-libs-zod3/src/dates.ts', 'ship-mastra-zod4/src/dates.ts', 'ship-sdk132-zod46/src/dates.ts'];

let report: any;
beforeAll(async () => {
  const run: CliRun = await runInProcess(['check', ...FILES, '--format', 'json']);
  report = JSON.parse(run.stdout);
}, 120_000);

const tool = (name: string) => report.tools.find((t: any) => t.name === name);
const found = (file: string) => report.diagnostics.filter((d: any) => d.file === file).map((d: any) => `${d.line}:${d.column} ${d.code} ${d.tool} ${d.path}`);

describe('zod 3 with MCP SDK 1.x: a z.date() ships as a date-time string', () => {
  it('SDK 1.17: no not-mountable; validation-rejects on each plain z.date() key, none on z.coerce.date()', () => {
    expect(found('eval-zod3-sdk117/src/when.ts')).toEqual([
      '15:16 validation-rejects list_builds maxTime',
      '16:41 validation-rejects list_builds windows[*].from',
      '17:15 validation-rejects list_builds opened',
      // The reused `day` ships as a $ref to `opened`: a true client finding of its own.
      '18:15 client-rejects list_builds closed',
      '18:15 validation-rejects list_builds closed',
    ]);
    for (const name of ['list_builds', 'as_of']) {
      expect([tool(name).mountable, tool(name).source, tool(name).libraryVersion, tool(name).zodVersion]).toEqual([true, 'library', '1.17.5', '3.25.76']);
    }
    expect(tool('list_builds').advertised.properties.minTime).toMatchObject({ type: 'string', format: 'date-time' });
    const maxTime = report.diagnostics.find((d: any) => d.path === 'maxTime');
    expect(maxTime.severity).toBe('error');
    expect(maxTime.message).toBe(
      "Tool list_builds: `maxTime` is a z.date(), and a model's arguments are JSON, which has no Date: it sends a date-time string there, which z.date() rejects, so every call that sets `maxTime` fails validation; use z.coerce.date() (it parses the string) or z.string().datetime().",
    );
  });

  it('SDK 1.32 (its zod 3 path) and FastMCP, registered from a function: the same', () => {
    expect(found('ship-libs-zod3/src/dates.ts')).toEqual([
      // Its z.coerce.number() ships as a number and converts the string a model may send.
      '14:20 validation-accepts-more work_item id',
      '16:21 validation-rejects work_item changedSince',
      '26:30 validation-rejects remind at',
    ]);
    expect([tool('work_item').mountable, tool('work_item').libraryVersion, tool('remind').mountable, tool('remind').library]).toEqual([
      true,
      '1.32.2',
      true,
      'fastmcp',
    ]);
    expect(tool('work_item').advertised.properties.asOf).toEqual({ type: 'string', format: 'date-time', description: 'The work item as of this date.' });
  });

  it('what the findings say is what the real SDK does: it lists the tool, accepts the string for z.coerce.date() and rejects it for z.date()', async () => {
    const root = path.join(FIXTURES, 'ship-libs-zod3');
    const load = (file: string) => import(pathToFileURL(file).href);
    const sdk = path.join(root, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm');
    const { Client } = await load(path.join(sdk, 'client', 'index.js'));
    const { InMemoryTransport } = await load(path.join(sdk, 'inMemory.js'));
    const { server } = await load(path.join(root, 'src', 'dates.ts'));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'reference', version: '0.0.0' }, { capabilities: {} });
    await client.connect(clientSide);
    try {
      expect((await client.listTools()).tools.map((t: any) => t.name)).toEqual(['work_item']);
      const when = '2026-12-01T09:30:00Z';
      const coerced = await client.callTool({ name: 'work_item', arguments: { id: 1, asOf: when } });
      expect(coerced.isError).not.toBe(true);
      const plain = await client.callTool({ name: 'work_item', arguments: { id: 1, changedSince: when } });
      expect(plain.isError).toBe(true);
      expect(JSON.stringify(plain.content)).toContain('Expected date, received string');
    } finally {
      await client.close();
    }
  });
});

describe('zod 4', () => {
  it('SDK 1.32 cannot convert a z.date(): list-fails, as before', () => {
    expect(found('ship-sdk132-zod46/src/dates.ts')).toEqual(['6:67 list-fails stamp createdAt']);
    expect(tool('stamp').mountable).toBe(false);
  });

  it('Mastra ships it (x-date: the string is revived into a Date), so no finding; a z.bigint() it ships as {} still rejects what is sent', () => {
    expect(found('ship-mastra-zod4/src/dates.ts')).toEqual(['8:86 validation-rejects schedule_post budget']);
    const schedule = tool('schedule_post');
    expect([schedule.mountable, schedule.source, schedule.advertised.properties.at['x-date']]).toEqual([true, 'library', true]);
    expect(report.diagnostics.find((d: any) => d.path === 'budget').message).toContain('z.bigint() rejects');
  });
});

describe('client profiles', () => {
  it('no target refuses format "date-time" (the profiles that check formats allow it)', () => {
    const dated = ['list_builds', 'as_of', 'work_item', 'remind', 'schedule_post'];
    const rejects = report.diagnostics.filter((d: any) => d.code === 'client-rejects' && dated.includes(d.tool));
    expect(rejects.map((d: any) => d.rule)).toEqual(['ref']);
    for (const name of dated) expect(tool(name).targets.flatMap((t: any) => t.broken)).not.toContain('format');
  });
});
