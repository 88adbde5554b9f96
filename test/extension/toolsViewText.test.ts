// The words of the Tool Schemas view, as a person reads them in the Explorer.
import { describe, expect, it } from 'vitest';
import { emptyViewMessage, serverItemText, toolIcon, toolItemText } from '../../client/toolsViewText';
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
  it('a server: its totals, tools, problems and tokens; the share of a 200k window in the tooltip', () => {
    const tools = [tool({ problems: { errors: 2, warnings: 1, infos: 0 } }), tool({ problems: { errors: 0, warnings: 0, infos: 1 } })];
    expect(serverItemText(server, tools).description).toBe('41 tools · 4 problems · 23,410 tokens');
    expect(serverItemText(server, tools).tooltip).toContain('12% of a 200k-token context window');
    expect(serverItemText({ ...server, tools: 1, tokens: 412, windowShare: 0.00206 }, [tool({})]).description).toBe('1 tool · 0 problems · 412 tokens');
  });

  it('an empty view says why: files that did not evaluate, trust, or nothing registered', () => {
    expect(emptyViewMessage({ state: 'idle', tools: 0, problems: 7, notEvaluated: 7 })).toBe('0 tools: 7 files did not evaluate; see Problems.');
    expect(emptyViewMessage({ state: 'untrusted', tools: 0, problems: 0 })).toContain('until you trust this workspace');
    expect(emptyViewMessage({ state: 'analysing', tools: 0, problems: 0, detail: '8 of 40 files' })).toBe('Looking for tools (8 of 40 files)…');
  });

  it('a tool: its tokens, short enough for the default width; problems and why a client refuses it in the tooltip', () => {
    expect(toolItemText(tool({})).description).toBe('1,840 tokens');
    const refused = toolItemText(
      tool({ mountable: false, problems: { errors: 1, warnings: 1, infos: 0 }, library: '@modelcontextprotocol/sdk', dialect: 'draft-07' }),
    );
    expect(refused.description).toBe('1,840 tokens');
    expect(refused.tooltip).toContain('1 error, 1 warning, 0 infos');
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
