import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { discoverFiles } from '../../server/pipeline/discover';
import { findKeyAt, suggestRename } from '../../server/pipeline/locate';
import { WorkspaceProject } from '../../server/pipeline/project';
import type { DiscoveredSite } from '../../server/pipeline/types';

const root = path.join(__dirname, '../fixtures/locate-trails');
const src = (name: string) => path.join(root, 'src', name);

let project: WorkspaceProject;
const sitesByFile = new Map<string, DiscoveredSite[]>();
const sitesOf = (file: string) => sitesByFile.get(file) ?? [];

beforeAll(() => {
  project = new WorkspaceProject(root);
  for (const found of discoverFiles(project, ['tools.ts', 'mini.ts', 'variants.ts'].map(src))) sitesByFile.set(found.file, found.sites);
});

function keyAt(file: string, line: number, character: number) {
  const hit = findKeyAt(project.sourceFile(src(file))!, { line, character }, sitesOf);
  return hit && { key: hit.key, trail: hit.trail, variant: hit.variant, tool: hit.root.site?.name, keyRange: hit.keyRange, siblingKeys: hit.siblingKeys };
}

describe('the key under the cursor', () => {
  it('a variant declared in its own file is followed to the union that uses it and the tool that registers it', () => {
    expect(keyAt('variants.ts', 9, 4)).toEqual({
      key: 'media',
      trail: [
        { kind: 'variant', discriminator: 'kind', label: 'mediaGroup', index: 1 },
        { kind: 'key', key: 'media' },
      ],
      variant: { label: 'mediaGroup', discriminator: 'kind', index: 1 },
      tool: 'send',
      keyRange: { start: { line: 9, character: 2 }, end: { line: 9, character: 7 } },
      siblingKeys: ['kind', 'media'],
    });
  });

  it('a key deep inside a union in an array in an object', () => {
    const hit = keyAt('tools.ts', 24, 46);
    expect(hit?.tool).toBe('nested');
    expect(hit?.trail).toEqual([
      { kind: 'key', key: 'content' },
      { kind: 'key', key: 'parts' },
      { kind: 'item' },
      { kind: 'variant', discriminator: 'type', label: 'image', index: 1 },
      { kind: 'key', key: 'body' },
    ]);
  });

  it('an enum discriminator gives the variant its joined label, through .describe() in a raw shape', () => {
    const hit = keyAt('tools.ts', 34, 42);
    expect(hit?.tool).toBe('ops');
    expect(hit?.variant).toEqual({ label: 'add | plus', discriminator: 'op', index: 1 });
    expect(hit?.trail[0]).toEqual({ kind: 'key', key: 'action' });
  });

  it('zod mini z.optional(...) and a shape given as Pick.shape', () => {
    const hit = keyAt('mini.ts', 9, 36);
    expect(hit?.tool).toBe('mini');
    expect(hit?.trail).toEqual([
      { kind: 'key', key: 'choice' },
      { kind: 'variant', discriminator: 't', label: 'y', index: 1 },
      { kind: 'key', key: 'v' },
    ]);
  });

  it('keys of spread and extended objects list every key the object declares', () => {
    const hit = keyAt('tools.ts', 13, 39);
    expect(hit?.key).toBe('note');
    expect(hit?.siblingKeys.sort()).toEqual(['botId', 'kind', 'note']);
  });

  it('nothing outside a zod shape: server options, the registration config', () => {
    expect(keyAt('tools.ts', 5, 32)).toBeUndefined();
    expect(keyAt('tools.ts', 8, 32)).toBeUndefined();
  });
});

describe('suggestRename', () => {
  it('joins the variant label and the key in the key`s style', () => {
    expect(suggestRename('media', 'mediaGroup', ['kind', 'media'])).toBe('mediaGroupMedia');
    expect(suggestRename('media', 'media_group', [])).toBe('mediaGroupMedia');
    expect(suggestRename('media_id', 'photo', [])).toBe('photo_media_id');
  });

  it('takes the first value of a multi-value label and never starts with a digit', () => {
    expect(suggestRename('n', 'add | plus', [])).toBe('addN');
    expect(suggestRename('n', '2', [])).toBe('variant2N');
  });

  it('de-duplicates with a numeric suffix', () => {
    expect(suggestRename('media', 'mediaGroup', ['mediaGroupMedia', 'mediaGroupMedia2'])).toBe('mediaGroupMedia3');
  });
});

describe('the key under the cursor in an exported union', () => {
  it('a same-file variant const climbs to the exported declaration site (cursor in the value counts)', () => {
    const stylesRoot = path.join(__dirname, '../fixtures/discover-styles');
    const file = path.join(stylesRoot, 'src/variants.ts');
    const styles = new WorkspaceProject(stylesRoot);
    const [found] = discoverFiles(styles, [file]);
    const hit = findKeyAt(styles.sourceFile(file)!, { line: 2, character: 62 }, found.sites);
    expect(hit?.key).toBe('text');
    expect(hit?.trail).toEqual([
      { kind: 'variant', discriminator: 'kind', label: 'message', index: 0 },
      { kind: 'key', key: 'text' },
    ]);
    expect(hit?.root.site).toMatchObject({ kind: 'exported', name: 'Action' });
    expect(hit?.keyRange).toEqual({ start: { line: 2, character: 55 }, end: { line: 2, character: 59 } });
  });
});
