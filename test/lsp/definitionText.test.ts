// The hover's view of the rest of a tool's definition: what a client reads besides the input schema.
import { describe, expect, it } from 'vitest';
import { definitionLines, hintsText } from '../../server/lsp/definitionText';

const sent = {
  name: 'lookup',
  title: 'Look up',
  inputSchema: { type: 'object', properties: {} },
  outputSchema: { type: 'object', properties: { found: { type: 'boolean' } }, $schema: 'http://json-schema.org/draft-07/schema#' },
  annotations: { readOnlyHint: true },
  _meta: { 'ui/resourceUri': 'ui://lookup' },
};

describe('the rest of the definition in the hover', () => {
  it('title, each hint set or defaulted, the output schema with its dialect, and _meta', () => {
    const lines = definitionLines({ shipped: { library: '@modelcontextprotocol/sdk', source: 'library', flattened: false, definition: sent } });
    expect(lines[0]).toBe('Title: Look up');
    expect(lines[1]).toBe(
      'Annotations: `readOnlyHint: true` · `destructiveHint: true` (default) · `idempotentHint: false` (default) · `openWorldHint: true` (default)',
    );
    expect(lines[2]).toContain('**Output schema** (JSON Schema draft-07):');
    expect(JSON.parse(/```json\n([\s\S]*?)\n```/.exec(lines[2])![1])).toEqual(sent.outputSchema);
    expect(lines[3]).toBe('`_meta`: `{"ui/resourceUri":"ui://lookup"}`');
  });

  it('nothing where the library did not answer with a definition (an emulation)', () => {
    expect(definitionLines({ shipped: { library: '@modelcontextprotocol/sdk', source: 'emulated', flattened: false } })).toEqual([]);
    expect(definitionLines({})).toEqual([]);
  });

  it("a reader's name with no hint: the destructive default is called out; not once a hint is set", () => {
    const reader = { name: 'get_weather', inputSchema: { type: 'object' } };
    const shipped = (definition: Record<string, unknown>) => ({ shipped: { library: 'sdk', source: 'library' as const, flattened: false, definition } });
    expect(definitionLines(shipped(reader)).join('\n')).toContain(
      "Its name says it reads, but with no hint clients take the spec's default `destructiveHint: true`",
    );
    expect(definitionLines(shipped({ ...reader, annotations: { readOnlyHint: true } })).join('\n')).not.toContain('Its name says it reads');
    expect(definitionLines(shipped({ ...reader, name: 'delete_file' })).join('\n')).not.toContain('Its name says it reads');
  });

  it('no annotations at all: every hint at its spec default', () => {
    expect(hintsText(undefined)).toBe(
      '`readOnlyHint: false` (default) · `destructiveHint: true` (default) · `idempotentHint: false` (default) · `openWorldHint: true` (default)',
    );
  });
});
