/**
 * Every engine option reaches the engine through the language server too (issue 24, item 1): the same fixture as
 * the CLI's table test, with each option's two values set as editor settings; what listTools advertises differs.
 */
import * as fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, TestClient } from './client';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

/** The advertised input of the fixture's one tool under these settings. */
async function advertised(settings: Record<string, unknown>): Promise<Record<string, any>> {
  const root = copyFixture('engine-options');
  roots.push(root);
  const client = await TestClient.inProcess({ root, settings });
  try {
    await client.waitForStatus('idle', 0, 60_000);
    const listed: Array<{ name: string; advertised: Record<string, any> }> = await client.request('toolSchemaLens/listTools', {});
    return listed.find((t) => t.name === 'lookup')!.advertised;
  } finally {
    client.kill();
  }
}

describe('engine options through the language server', { timeout: 180_000 }, () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, (schema: Record<string, any>) => unknown]> = [
    [
      'collisionWidening',
      { flattenUnionInput: true, collisionWidening: 'unknown' },
      { flattenUnionInput: true, collisionWidening: 'base-type' },
      (s) => s.properties.query.properties.value.type,
    ],
    ['flattenUnionInput', { flattenUnionInput: false }, { flattenUnionInput: true }, (s) => Object.keys(s.properties.query).sort().join()],
  ];
  for (const [option, one, other, part] of cases) {
    it(`${option}: ${JSON.stringify(one)} and ${JSON.stringify(other)} ship different schemas`, async () => {
      const [a, b] = [await advertised(one), await advertised(other)];
      expect(part(a)).not.toEqual(part(b));
    });
  }
});
