/** duplicateToolNames gives exactly the duplicate-name part of probeTools, for hosts that advertised each tool already. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { duplicateToolNames, probeTools } from '../../../shared';

describe('duplicateToolNames', () => {
  it('matches the duplicate-name findings of probeTools, in list order', () => {
    const tools = ['search', 'send', 'search', 'ping', 'search'].map((name) => ({ name, input: z.object({ q: z.string() }) }));
    const fromProbe = probeTools(tools, {});
    expect(fromProbe.every((f) => f.code === 'not-mountable' && /registered 3 times/.test(f.message))).toBe(true);
    expect(duplicateToolNames(tools.map((t) => t.name))).toEqual(fromProbe);
    expect(fromProbe).toHaveLength(3);
  });

  it('reports nothing for unique or missing names', () => {
    expect(duplicateToolNames(['a', undefined, 'b', undefined])).toEqual([]);
  });
});
