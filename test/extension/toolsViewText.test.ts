// The words of the Tool Schemas view, as a person reads them in the Explorer.
import { describe, expect, it } from 'vitest';
import { serverItemText, toolIcon, toolItemText } from '../../client/toolsViewText';
import type { ToolSummary } from '../../protocol';

const server = { name: 'shop', uri: 'file:///shop', tools: 41, tokens: 23_410, windowShare: 0.11705 };
const tool = (over: Partial<ToolSummary>): ToolSummary => ({
  name: 'search_orders',
  uri: 'file:///shop/server.ts',
  range: { start: { line: 3, character: 0 }, end: { line: 9, character: 2 } },
  kind: 'registration',
  mountable: true,
  advertised: {},
  source: 'Sent by @modelcontextprotocol/sdk 1.32.2 with zod 4.6.7',
  tokens: { input: 1840, total: 1840 },
  problems: { errors: 0, warnings: 0, infos: 0 },
  server,
  ...over,
});

describe('Tool Schemas view text', () => {
  it('a server: its tools, tokens and share of a 200k window', () => {
    expect(serverItemText(server).description).toBe('41 tools · 23,410 tokens · 12% of 200k');
    expect(serverItemText({ ...server, tools: 1, tokens: 412, windowShare: 0.00206 }).description).toBe('1 tool · 412 tokens · 0.2% of 200k');
  });

  it('a tool: tokens, and problems only when there are some; the tooltip says why a client refuses it', () => {
    expect(toolItemText(tool({})).description).toBe('1,840 tokens');
    const refused = toolItemText(
      tool({ mountable: false, problems: { errors: 1, warnings: 1, infos: 0 }, library: '@modelcontextprotocol/sdk', dialect: 'draft-07' }),
    );
    expect(refused.description).toBe('1,840 tokens · 2 problems');
    expect(refused.tooltip).toContain('A client refuses this tool');
    expect(refused.tooltip).toContain('Registered with @modelcontextprotocol/sdk, JSON Schema draft-07');
  });

  it('a warning icon where a client refuses the tool: not mountable, or a client whose rules it breaks', () => {
    expect(toolIcon(tool({}))).toBe('symbol-function');
    expect(toolIcon(tool({ problems: { errors: 0, warnings: 1, infos: 0 } }))).toBe('symbol-method');
    expect(toolIcon(tool({ mountable: false }))).toBe('warning');
    const rejected = tool({ refusedBy: ['Codex'], problems: { errors: 1, warnings: 0, infos: 0 } });
    expect(toolIcon(rejected)).toBe('warning');
    expect(toolItemText(rejected).tooltip).toContain('$(warning) Refused, dropped or rewritten by Codex: see its problems.');
  });

  it('a tool that differs from the configured snapshot says so, and each change in the tooltip', () => {
    const changed = toolItemText(
      tool({ drift: { class: 'breaking', status: 'changed', snapshot: 'tools.snapshot.json', changes: ['breaking: filter.status: value "open" removed'] } }),
    );
    expect(changed.description).toBe('changed, breaking · 1,840 tokens');
    expect(changed.tooltip).toContain('**changed, breaking**: changed since tools.snapshot.json\n\n- breaking: filter.status: value "open" removed');
    expect(
      toolItemText(tool({ drift: { class: 'non-breaking', status: 'added', snapshot: 's.json', changes: ['non-breaking: new tool'] } })).tooltip,
    ).toContain('not in s.json');
  });
});
