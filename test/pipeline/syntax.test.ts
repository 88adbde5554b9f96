import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverFiles } from '../../server/pipeline/discover';
import { WorkspaceProject } from '../../server/pipeline/project/project';

const root = path.join(__dirname, '../fixtures/discover-styles');

describe('the one import follower, in discovery', () => {
  it('follows re-exports to a union and to a server construction', () => {
    const [file] = discoverFiles(new WorkspaceProject(root), [path.join(root, 'src', 'usesBarrel.ts')]);
    expect(file.sites.map((s) => [s.kind, s.sdk, s.name, s.range.start.line])).toEqual([
      ['exported', undefined, 'Wrapped', 3],
      ['registration', 'mcp', 'through_barrel', 5],
    ]);
  });
});
