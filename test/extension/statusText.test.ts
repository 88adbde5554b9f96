/** The status bar's wording for every server state (the item itself is checked in the code-server e2e run). */
import { describe, expect, it } from 'vitest';
import { describeStatus } from '../../client/statusText';

describe('describeStatus', () => {
  it('counts tools and problems once analysis is idle, in the singular where it is one', () => {
    expect(describeStatus({ state: 'idle', tools: 8, problems: 7 }).text).toBe('$(warning) 8 tools, 7 problems');
    expect(describeStatus({ state: 'idle', tools: 1, problems: 1 }).text).toBe('$(warning) 1 tool, 1 problem');
    expect(describeStatus({ state: 'idle', tools: 3, problems: 0 }).text).toBe('$(check) 3 tools');
  });

  it('says on the item itself how many files did not evaluate, and in the tooltip what to raise', () => {
    const detail = '2 files did not evaluate (2 at the time limit: raise toolSchemaLens.evaluation.timeoutMs): …';
    const partial = describeStatus({ state: 'idle', tools: 17, problems: 2, notEvaluated: 2, detail });
    expect(partial.text).toBe('$(warning) 17 tools, 2 problems, 2 files not evaluated');
    expect(partial.tooltip).toContain('raise toolSchemaLens.evaluation.timeoutMs');
    expect(describeStatus({ state: 'idle', tools: 0, problems: 1, notEvaluated: 1 }).text).toBe('$(warning) 0 tools, 1 problem, 1 file not evaluated');
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
