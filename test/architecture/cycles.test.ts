/**
 * Import cycles, type-only edges included (scripts/cycles.mjs). The engine, the fronts and the engine's vocabulary
 * have none. One remains, recorded here file by file so that it can only shrink: the pipeline's contract
 * (server/pipeline/types.ts) names the evaluator it is given and the tool libraries' ids, whose modules name the
 * contract back. A new cycle, or a file joining this one, fails the suite.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without declarations
import { cycles } from '../../scripts/cycles.mjs';

const KNOWN: readonly string[] = [
  'server/pipeline/evaluate/builtValue.ts',
  'server/pipeline/evaluate/host/preparedEntry.ts',
  'server/pipeline/evaluate/host/resultCache.ts',
  'server/pipeline/evaluate/host/strayProcesses.ts',
  'server/pipeline/evaluate/host/syncTransforms.ts',
  'server/pipeline/evaluate/host/transformSource.ts',
  'server/pipeline/evaluate/host/workerPool.ts',
  'server/pipeline/evaluate/index.ts',
  'server/pipeline/evaluate/protocol.ts',
  'server/pipeline/evaluate/worker/recorders/callSite.ts',
  'server/pipeline/evaluate/worker/recorders/serverIdentity.ts',
  'server/pipeline/evaluate/worker/recorders/session.ts',
  'server/pipeline/evaluate/worker/sandbox/sandbox.ts',
  'server/pipeline/evaluate/worker/start/callFactories.ts',
  'server/pipeline/evaluate/worker/start/startWatch.ts',
  'server/pipeline/evaluate/worker/start/toolkits.ts',
  'server/pipeline/sdks/ai.ts',
  'server/pipeline/sdks/fastmcp.ts',
  'server/pipeline/sdks/functionObjects.ts',
  'server/pipeline/sdks/index.ts',
  'server/pipeline/sdks/langchain.ts',
  'server/pipeline/sdks/mastra.ts',
  'server/pipeline/sdks/mcp.ts',
  'server/pipeline/sdks/mcpHandler.ts',
  'server/pipeline/sdks/mcpLowLevel.ts',
  'server/pipeline/sdks/mcpServer2.ts',
  'server/pipeline/sdks/openaiAgents.ts',
  'server/pipeline/types.ts',
];

describe('import cycles', () => {
  it('none but the one recorded, and that one no larger', () => {
    const found = (cycles() as string[][]).map((group) => group.map((f) => f.split('\\').join('/')));
    const others = found.filter((group) => !group.every((f) => KNOWN.includes(f)));
    expect(others).toEqual([]);
    expect(found.length).toBeLessThanOrEqual(1);
  });
});
