import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverFiles } from '../../server/pipeline/discover';
import { mayHoldToolSchemas } from '../../server/pipeline/discover/prefilter';
import { shimSource } from '../../server/pipeline/evaluate/worker/recorders/sdkShims';
import { WorkspaceProject } from '../../server/pipeline/project/project';
import { RECORDERS, TOOL_LIBRARIES, exportOf, toolLibraryOf, shimFor } from '../../server/pipeline/sdks';

const root = path.join(__dirname, '../fixtures/discover-styles');

describe('tool library descriptors', () => {
  it.each(TOOL_LIBRARIES.map((l) => [l.id, l] as const))('%s: pre-filter, discovery, shim and recorder agree', (_id, library) => {
    expect(TOOL_LIBRARIES.filter((l) => l.id === library.id)).toHaveLength(1);
    for (const specifier of library.specifiers.map((s) => s.replace(/\*$/, ''))) {
      // Every import discovery attributes to the library reaches discovery: the pre-filter lets it through.
      expect(mayHoldToolSchemas(`const m = require('${specifier}');`), specifier).toBe(true);
    }
    for (const entry of library.shim?.entries ?? []) {
      // A shimmed entry point is an import discovery attributes to this library, and the pre-filter lets through.
      expect(toolLibraryOf(entry)).toBe(library);
      expect(mayHoldToolSchemas(`import { x } from '${entry}';`)).toBe(true);
      expect(shimFor(entry)?.recorder).toBe(library.id);
    }
    for (const name of library.shim?.exports ?? []) expect(exportOf(library, name), name).toBeDefined();
    // The shim calls the recorder the worker installs under the library's id.
    expect(typeof RECORDERS[library.id]).toBe(library.shim ? 'function' : 'undefined');
    if (library.shim) {
      const source = shimSource({ spec: shimFor(library.shim.entries[0])!, real: 'file:///real.js', format: 'esm' });
      for (const name of library.shim.exports) expect(source).toContain(`export const ${name} = shim.${name};`);
      expect(source).toContain(`[${JSON.stringify(library.id)}]`);
    }
  });

  it('no member of Object.prototype is taken for an export', () => {
    for (const library of TOOL_LIBRARIES) expect(exportOf(library, 'toString')).toBeUndefined();
  });

  it('discovers `@modelcontextprotocol/server` 2.x registrations as MCP ones', () => {
    const [file] = discoverFiles(new WorkspaceProject(root), [path.join(root, 'src', 'mcpServer2.ts')]);
    expect(file.candidate).toBe(true);
    expect(file.sites.map((s) => [s.kind, s.sdk, s.name, s.range.start.line])).toEqual([
      ['registration', 'mcp', 'lookup', 5],
      ['registration', 'mcp', 'typed', 8],
    ]);
  });
});
