/** The status bar's wording for every server state (the item itself is checked in the code-server e2e run). */
import { describe, expect, it } from 'vitest';
import { describeStatus } from '../../client/statusText';

describe('describeStatus', () => {
  it('counts tools and problems once analysis is idle, in the singular where it is one', () => {
    expect(describeStatus({ state: 'idle', tools: 8, problems: 7 }).text).toBe('$(warning) 8 tools, 7 problems');
    expect(describeStatus({ state: 'idle', tools: 1, problems: 1 }).text).toBe('$(warning) 1 tool, 1 problem');
    expect(describeStatus({ state: 'idle', tools: 3, problems: 0 }).text).toBe('$(check) 3 tools');
  });

  it('says why nothing is shown in an untrusted or disabled workspace', () => {
    expect(describeStatus({ state: 'untrusted', tools: 0, problems: 0 }).text).toContain('not trusted');
    expect(describeStatus({ state: 'untrusted', tools: 0, problems: 0 }).tooltip).toMatch(/trust this workspace/);
    expect(describeStatus({ state: 'disabled', tools: 0, problems: 0 }).tooltip).toContain('toolSchemaLens.enable');
  });

  it('spins while starting or analysing and carries the server detail into the tooltip', () => {
    const analysing = describeStatus({ state: 'analysing', tools: 0, problems: 0, detail: '12 of 40 files' });
    expect(analysing.text).toMatch(/^\$\(loading~spin\) .*analysing/);
    expect(analysing.tooltip).toContain('12 of 40 files');
    expect(describeStatus({ state: 'starting', tools: 0, problems: 0 }).text).toMatch(/^\$\(loading~spin\)/);
  });
});
