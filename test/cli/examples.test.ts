// `npm start` checks examples/: the report a first-time user sees must stay what the README promises,
// and `npm start` must not fail npm (its one error finding is the demonstration; scripts/start.mjs).
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runInProcess } from './runCli';

describe('the examples workspace', () => {
  it('shows both worlds: unions shipped as written, a root union dropped, a tool shipped flattened; exit 1 for the error', async () => {
    const run = await runInProcess(['check', 'examples', '--format', 'json'], { cwd: REPO });
    // The root union is an error on purpose (`npm start` prints it and still succeeds: scripts/start.mjs).
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out.diagnostics.map((d: any) => [d.file, d.line, d.column, d.severity, d.code, d.tool, d.path])).toEqual([
      // Shipped as written, the photo's `.url()` keeps its format "uri" (flattening widened it to unknown): Codex refuses it.
      ['examples/src/schemas/content.ts', 11, 21, 'error', 'client-rejects', 'send_message', 'content.media.url'],
      ['examples/src/schemas/content.ts', 18, 45, 'error', 'client-rejects', 'send_message', 'content.media[*].url'],
      ['examples/src/schemas/content.ts', 22, 31, 'information', 'union-shipped', 'send_message', 'content'],
      // schedule_message ships through the runtime package's flattenTool: its flatten loss is a diagnostic of its own.
      ['examples/src/schemas/schedule.ts', 5, 71, 'information', 'strictness-dropped', 'schedule_message', 'schedule'],
      ['examples/src/schemas/search.ts', 3, 28, 'information', 'union-shipped', 'search_messages', 'filter'],
      ['examples/src/schemas/search.ts', 17, 25, 'information', 'union-shipped', 'react', 'reaction'],
      ['examples/src/tools/moderation.ts', 5, 20, 'error', 'schema-dropped', 'moderate', ''],
    ]);
    const scheduled = out.tools.find((t: any) => t.name === 'schedule_message');
    expect([scheduled.source, scheduled.shipsFlattened, scheduled.advertised.properties.schedule.properties.when.enum]).toEqual([
      'library',
      true,
      ['now', 'later'],
    ]);
    const moderate = out.tools.find((t: any) => t.name === 'moderate');
    expect([moderate.source, moderate.advertised, moderate.mountable]).toEqual(['library', { type: 'object', properties: {} }, true]);
    // Registrations made inside a function and a class, reached through the server that calls them.
    const registered = out.tools.filter((t: any) => path.basename(path.dirname(t.file)) === 'tools');
    // In snapshot order: one server (`chat-ops`), its tools by name.
    expect(registered.map((t: any) => [t.name, t.file, t.line, t.column, t.mountable])).toEqual([
      ['moderate', 'examples/src/tools/moderation.ts', 11, 3, true],
      ['react', 'examples/src/tools/search.ts', 18, 5, true],
      ['schedule_message', 'examples/src/tools/messaging.ts', 27, 3, true],
      ['search_messages', 'examples/src/tools/search.ts', 9, 5, true],
      ['send_message', 'examples/src/tools/messaging.ts', 10, 3, true],
    ]);
  });
});
