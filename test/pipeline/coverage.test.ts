/**
 * Which modules the entries' runs covered (pipeline/plan/coverage.ts), so they are not run again alone. An entry that exits
 * in its own body (a missing key, said and `process.exit(1)`, as many servers start) has loaded every module it
 * imports first: those are covered. Run alone, a module in an import cycle with the server loaded in an order the
 * program never uses and failed where the program does not (seen on a public server: two false `evaluation-failed`
 * findings at the server's registration loop).
 */
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverageOf } from '../../server/pipeline/plan/coverage';
import type { EvaluatedFile, EvaluationFailure } from '../../server/pipeline/evaluate/contract';

const root = path.resolve('/workspace');
const at = (file: string) => path.join(root, file);
const tool = { name: 'web_search' } as EvaluatedFile['tools'][number];

function entryRun(failure?: EvaluationFailure): EvaluatedFile {
  return {
    file: at('src/index.ts'),
    tools: [tool],
    inputs: [at('src/index.ts'), at('src/server.ts'), at('src/tools/web.ts')],
    reached: { [at('src/server.ts')]: [5] },
    ...(failure ? { failure } : {}),
  } as EvaluatedFile;
}

const covered = async (run: EvaluatedFile) => {
  const coverage = await coverageOf([Promise.resolve(run)]);
  return ['src/index.ts', 'src/server.ts', 'src/tools/web.ts'].filter((f) => coverage.covers(at(f), [], f === 'src/server.ts'));
};

describe('what an entry run covers', () => {
  it('a run that loaded without failing: every module it loaded', async () => {
    expect(await covered(entryRun())).toEqual(['src/index.ts', 'src/server.ts', 'src/tools/web.ts']);
  });

  it('a run that exited in its own body: every module but its own, whose imports had all finished', async () => {
    const exited = entryRun({ phase: 'exit', reason: 'process.exit(1) was called', at: { file: at('src/index.ts'), line: 6, character: 2 } });
    expect(await covered(exited)).toEqual(['src/server.ts', 'src/tools/web.ts']);
    const threw = entryRun({ phase: 'load', reason: 'Error: SEARCH_API_KEY is required', at: { file: at('src/index.ts'), line: 4, character: 8 } });
    expect(await covered(threw)).toEqual(['src/server.ts', 'src/tools/web.ts']);
  });

  it('a run that failed inside a module it imports, or without a place: nothing, as that module may not have finished', async () => {
    const inImport = entryRun({ phase: 'load', reason: 'TypeError', at: { file: at('src/server.ts'), line: 5, character: 0 } });
    expect(await covered(inImport)).toEqual([]);
    expect(await covered(entryRun({ phase: 'exit', reason: 'process.exit(1) was called' }))).toEqual([]);
    expect(await covered(entryRun({ phase: 'timeout', reason: 'stopped', at: { file: at('src/index.ts'), line: 6, character: 2 } }))).toEqual([]);
  });
});
