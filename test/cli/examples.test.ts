// `npm start` checks examples/: the report a first-time user sees must stay what the README promises,
// and must not fail npm (no error-severity finding in the example).
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runCli } from './runCli';


describe('the examples workspace', () => {
  it('shows one finding of each kind a real server hits, at its declaration, and exits 0', async () => {
    const run = await runCli(['check', 'examples', '--format', 'json'], { cwd: REPO });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.diagnostics.map((d: any) => [d.file, d.line, d.column, d.severity, d.code, d.tool, d.path])).toEqual([
      ['examples/src/schemas/content.ts', 10, 3, 'warning', 'collision-widened', 'send_message', 'content.media'],
      ['examples/src/schemas/content.ts', 18, 3, 'warning', 'collision-widened', 'send_message', 'content.media'],
      ['examples/src/schemas/schedule.ts', 5, 71, 'information', 'strictness-dropped', 'schedule_message', 'schedule'],
      ['examples/src/schemas/search.ts', 7, 5, 'information', 'enum-widened', 'search_messages', 'filter.sort'],
      ['examples/src/schemas/search.ts', 12, 5, 'information', 'enum-widened', 'search_messages', 'filter.sort'],
      ['examples/src/schemas/search.ts', 18, 14, 'warning', 'union-kept', 'react', 'reaction'],
      ['examples/src/tools/messaging.ts', 16, 18, 'information', 'not-walked', 'send_message', 'replyTo'],
    ]);
    // Registrations made inside a function and a class, reached through the server that calls them.
    const registered = out.tools.filter((t: any) => path.basename(path.dirname(t.file)) === 'tools');
    expect(registered.map((t: any) => [t.name, t.file, t.line, t.column, t.mountable])).toEqual([
      ['send_message', 'examples/src/tools/messaging.ts', 9, 3, true],
      ['schedule_message', 'examples/src/tools/messaging.ts', 24, 3, true],
      ['search_messages', 'examples/src/tools/search.ts', 9, 5, true],
      ['react', 'examples/src/tools/search.ts', 18, 5, true],
    ]);
  });
});
