/**
 * The two decisions of our MCP server that need no process (issue 54): which declared roots may run (inside the start
 * folder, or every one with --trust-roots; nested ones analysed once) and pages whose cursor is refused once the
 * results it was cut from changed.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pageOf } from '../../server/mcp/paging';
import { decideRoots } from '../../server/mcp/roots';
import { ToolInputError } from '../../server/mcp/toolError';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-mcp-roots-')));
const start = path.join(base, 'project');
const inner = path.join(start, 'packages', 'api');
const outside = path.join(base, 'elsewhere');
for (const dir of [inner, outside]) fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(start, 'file.ts'), '');
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const uri = (p: string) => pathToFileURL(p).href;

describe('decideRoots', () => {
  it('serves the start folder when the client declares no roots', () => {
    expect(decideRoots({ startFolder: start, trustRoots: false }, undefined)).toEqual({ accepted: [start], refused: [] });
    expect(decideRoots({ startFolder: start, trustRoots: false }, [])).toEqual({ accepted: [start], refused: [] });
  });

  it('accepts roots inside the start folder, once, and refuses the others with the reason', () => {
    const decision = decideRoots({ startFolder: start, trustRoots: false }, [
      uri(start),
      uri(inner),
      uri(outside),
      'https://example.com/x',
      uri(path.join(start, 'file.ts')),
    ]);
    expect(decision.accepted).toEqual([start]);
    expect(decision.refused).toEqual([
      { root: outside, reason: expect.stringMatching(/^it is outside .*project, the folder this server was started in, and analysing a folder runs its code/) },
      { root: 'https://example.com/x', reason: 'it is not a file:// URI of a local folder' },
      { root: uri(path.join(start, 'file.ts')), reason: 'it is not a folder' },
    ]);
  });

  it("never analyses the home folder or the file system's root whole", () => {
    const home = fs.realpathSync(os.homedir());
    expect(decideRoots({ startFolder: home, trustRoots: false }, undefined)).toEqual({
      accepted: [],
      refused: [{ root: home, reason: expect.stringMatching(/^it is your home folder, not a project: start the server in the project's folder/) }],
    });
    expect(decideRoots({ startFolder: '/', trustRoots: true }, [uri('/')]).refused).toEqual([
      { root: '/', reason: expect.stringMatching(/^it is the file system's root, not a project/) },
    ]);
  });

  it('accepts a root outside only under --trust-roots', () => {
    expect(decideRoots({ startFolder: start, trustRoots: true }, [uri(inner), uri(outside)])).toEqual({ accepted: [inner, outside], refused: [] });
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 5 }, (_, i) => i);

  it('pages by cursor to the last page, which has none', () => {
    const first = pageOf(items, 'gen-1', undefined, 2);
    expect(first.items).toEqual([0, 1]);
    const second = pageOf(items, 'gen-1', first.nextCursor, 2);
    expect(second.items).toEqual([2, 3]);
    const last = pageOf(items, 'gen-1', second.nextCursor, 2);
    expect(last).toEqual({ items: [4] });
  });

  it('refuses a cursor of other results, or one it never gave', () => {
    const first = pageOf(items, 'gen-1', undefined, 2);
    expect(() => pageOf(items, 'gen-2', first.nextCursor, 2)).toThrow(ToolInputError);
    expect(() => pageOf(items, 'gen-2', first.nextCursor, 2)).toThrow(/^The results changed since this cursor was given/);
    expect(() => pageOf(items, 'gen-1', 'garbage', 2)).toThrow(/^This cursor is not one this server gave/);
  });
});
