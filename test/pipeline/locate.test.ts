import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FindingSite, Step } from '../../shared/types';
import { discoverFiles } from '../../server/pipeline/discover';
import { locateSite, placeSite, rootsOf, toolLocation, type SchemaRoots } from '../../server/pipeline/locate';
import { WorkspaceProject } from '../../server/pipeline/project/project';
import type { DiscoveredSite } from '../../server/pipeline/discover/contract';
import type { Location } from '../../server/pipeline/syntax/places';

const root = path.join(__dirname, '../fixtures/locate-trails');
const src = (name: string) => path.join(root, 'src', name);

let project: WorkspaceProject;
const sites = new Map<string, { file: string; site: DiscoveredSite }>();

beforeAll(() => {
  project = new WorkspaceProject(root);
  for (const found of discoverFiles(project, ['tools.ts', 'mini.ts', 'unresolvable.ts'].map(src))) {
    for (const site of found.sites) if (site.name) sites.set(site.name, { file: found.file, site });
  }
});

function roots(tool: string): SchemaRoots {
  const entry = sites.get(tool);
  if (!entry) throw new Error(`no site ${tool}`);
  return rootsOf(project.sourceFile(entry.file)!, entry.site);
}

const key = (k: string): Step => ({ kind: 'key', key: k });
const variant = (discriminator: string, label: string, index: number): Step => ({ kind: 'variant', discriminator, label, index });
/** A location as [file, startLine, startChar, endLine, endChar], 0-based. */
const at = (loc: Location | null) =>
  loc && [path.basename(loc.file), loc.range.start.line, loc.range.start.character, loc.range.end.line, loc.range.end.character];

describe('locating keys through variants', () => {
  it('variants declared as separate constants in another file', () => {
    const site = (label: string, index: number): FindingSite => ({ trail: [variant('kind', label, index), key('media')], anchor: 'key', variant: label });
    expect(at(locateSite(roots('send'), site('message', 0)))).toEqual(['variants.ts', 4, 2, 4, 7]);
    expect(at(locateSite(roots('send'), site('mediaGroup', 1)))).toEqual(['variants.ts', 9, 2, 9, 7]);
  });

  it('the discriminator property of a variant', () => {
    const site: FindingSite = { trail: [variant('kind', 'mediaGroup', 1)], anchor: 'discriminator' };
    expect(at(locateSite(roots('send'), site))).toEqual(['variants.ts', 8, 2, 8, 31]);
  });

  it('keys spread from a shared shape and from another schema`s .shape, and keys of an .extend', () => {
    const loc = (label: string, index: number, k: string) => at(locateSite(roots('spread'), { trail: [variant('kind', label, index), key(k)], anchor: 'key' }));
    expect(loc('a', 0, 'chatId')).toEqual(['shared.ts', 2, 27, 2, 33]);
    expect(loc('a', 0, 'note')).toEqual(['shared.ts', 2, 47, 2, 51]);
    expect(loc('a', 0, 'botId')).toEqual(['shared.ts', 4, 31, 4, 36]);
    expect(loc('b', 1, 'note')).toEqual(['tools.ts', 13, 38, 13, 42]);
    expect(loc('b', 1, 'botId')).toEqual(['shared.ts', 4, 31, 4, 36]);
  });

  it('a union nested in an array inside an object: the key and the union node', () => {
    const trail = [key('content'), key('parts'), { kind: 'item' } as Step];
    expect(at(locateSite(roots('nested'), { trail: [...trail, variant('type', 'image', 1), key('body')], anchor: 'key' }))).toEqual([
      'tools.ts',
      24,
      45,
      24,
      49,
    ]);
    expect(at(locateSite(roots('nested'), { trail, anchor: 'node' }))).toEqual(['tools.ts', 22, 6, 25, 8]);
  });

  it('an enum discriminator matched by its label in any order, past .describe(), against a reversed variant order', () => {
    const n = (label: string, index: number) => at(locateSite(roots('ops'), { trail: [key('action'), variant('op', label, index), key('n')], anchor: 'key' }));
    expect(n('add | plus', 1)).toEqual(['tools.ts', 34, 42, 34, 43]);
    expect(n('plus | add', 7)).toEqual(['tools.ts', 34, 42, 34, 43]);
    expect(n('remove', 0)).toEqual(['tools.ts', 33, 38, 33, 39]);
    // An unknown label falls back to the index.
    expect(n('gone', 0)).toEqual(['tools.ts', 33, 38, 33, 39]);
    expect(at(locateSite(roots('ops'), { trail: [key('action'), variant('op', 'add | plus', 1)], anchor: 'discriminator' }))).toEqual([
      'tools.ts',
      34,
      13,
      34,
      40,
    ]);
  });

  it('the strict call of a variant, name and arguments', () => {
    const site: FindingSite = { trail: [key('action'), variant('op', 'remove', 0)], anchor: 'strict-call' };
    expect(at(locateSite(roots('ops'), site))).toEqual(['tools.ts', 33, 55, 33, 63]);
  });

  it('records, plain unions, intersections and .array() through a raw shape given as Mixed.shape', () => {
    const loc = (...trail: Step[]) => at(locateSite(roots('mixed'), { trail, anchor: 'key' }));
    expect(loc(key('byId'), { kind: 'value' }, key('when'))).toEqual(['tools.ts', 40, 40, 40, 44]);
    expect(loc(key('either'), { kind: 'member', index: 1 }, key('deep'))).toEqual(['tools.ts', 41, 42, 41, 46]);
    expect(loc(key('both'), { kind: 'side', side: 'right' }, key('right'))).toEqual(['tools.ts', 42, 66, 42, 71]);
    expect(loc(key('also'), { kind: 'side', side: 'right' }, key('r'))).toEqual(['tools.ts', 43, 51, 43, 52]);
    expect(loc(key('many'), { kind: 'item' }, key('item'))).toEqual(['tools.ts', 44, 19, 44, 23]);
  });

  it('zod mini: z.optional(...) around a union', () => {
    const site: FindingSite = { trail: [key('choice'), variant('t', 'y', 1), key('v')], anchor: 'key' };
    expect(at(locateSite(roots('mini'), site))).toEqual(['mini.ts', 9, 36, 9, 37]);
  });
});

describe('falling back', () => {
  const registration = () => toolLocation(sites.get('opaque')!.file, sites.get('opaque')!.site);

  it('a trail through a schema built by a function call lands on that call', () => {
    const site: FindingSite = { trail: [key('action'), variant('kind', 'a', 0), key('x')], anchor: 'key' };
    expect(locateSite(roots('opaque'), site)).toBeNull();
    const placed = placeSite(roots('opaque'), site, registration());
    expect(placed.exact).toBe(false);
    expect(at(placed.location)).toEqual(['unresolvable.ts', 11, 46, 11, 58]);
  });

  it('what can be followed is exact even in a schema that also holds an opaque part', () => {
    const placed = placeSite(roots('opaque'), { trail: [key('label')], anchor: 'key' }, registration());
    expect(placed).toEqual({
      exact: true,
      location: { file: src('unresolvable.ts'), range: { start: { line: 11, character: 19 }, end: { line: 11, character: 24 } } },
    });
  });

  it("a 'tool' anchor, a params trail with no params root, or no schema at all: the registration's name", () => {
    const expected = ['unresolvable.ts', 10, 2, 10, 10];
    expect(at(placeSite(roots('opaque'), { trail: [], anchor: 'tool' }, registration()).location)).toEqual(expected);
    expect(at(placeSite(roots('opaque'), { trail: [{ kind: 'params' }, key('id')], anchor: 'key' }, registration()).location)).toEqual(expected);
    expect(at(placeSite(undefined, { trail: [key('id')], anchor: 'key' }, registration()).location)).toEqual(expected);
  });

  it('a key that exists nowhere lands on the object that should hold it', () => {
    const placed = placeSite(roots('send'), { trail: [variant('kind', 'message', 0), key('missing')], anchor: 'key' }, registration());
    expect(placed.exact).toBe(false);
    expect(at(placed.location)).toEqual(['variants.ts', 2, 23, 5, 2]);
  });
});

describe('zod 3 style combinators and strictness', () => {
  let combine: SchemaRoots;
  let registration: Location;
  beforeAll(() => {
    const file = src('combine.ts');
    const [found] = discoverFiles(project, [file]);
    combine = rootsOf(project.sourceFile(file)!, found.sites[0]);
    registration = toolLocation(file, found.sites[0]);
  });
  const keyAt = (...keys: string[]) => at(locateSite(combine, { trail: keys.map(key), anchor: 'key' }));

  it('.merge(other) and .pick(...) keep both objects` keys reachable', () => {
    expect(keyAt('query', 'page')).toEqual(['combine.ts', 5, 26, 5, 30]);
    expect(keyAt('query', 'q')).toEqual(['combine.ts', 6, 25, 6, 26]);
  });

  it('a shorthand property is its own key', () => {
    expect(keyAt('short', 'shared')).toEqual(['combine.ts', 10, 25, 10, 31]);
  });

  it('strictness: the strictObject name, or the first written of .catchall().superRefine()', () => {
    expect(at(locateSite(combine, { trail: [key('strict')], anchor: 'strict-call' }))).toEqual(['combine.ts', 7, 17, 7, 29]);
    expect(at(locateSite(combine, { trail: [key('refined')], anchor: 'strict-call' }))).toEqual(['combine.ts', 8, 59, 8, 79]);
  });

  it('a lazy member is a node; a trail into it falls back to the lazy expression', () => {
    expect(at(locateSite(combine, { trail: [key('lazy')], anchor: 'node' }))).toEqual(['combine.ts', 15, 96, 15, 115]);
    const placed = placeSite(combine, { trail: [key('lazy'), key('q')], anchor: 'key' }, registration);
    expect(placed.exact).toBe(false);
    expect(at(placed.location)).toEqual(['combine.ts', 15, 96, 15, 115]);
  });
});

describe('union options spread from an array const', () => {
  it('indexes count spread elements in locating', () => {
    const file = src('spreadOptions.ts');
    const [found] = discoverFiles(project, [file]);
    const sourceFile = project.sourceFile(file)!;
    const v = (label: string, index: number) =>
      at(locateSite(rootsOf(sourceFile, found.sites[0]), { trail: [key('u'), variant('k', label, index), key('v')], anchor: 'key' }));
    expect(v('b', 1)).toEqual(['spreadOptions.ts', 5, 100, 5, 101]);
    expect(v('c', 2)).toEqual(['spreadOptions.ts', 6, 88, 6, 89]);
    expect(v('unknown-label', 2)).toEqual(['spreadOptions.ts', 6, 88, 6, 89]);
  });
});
