// How many incidents of the catalog a build's client verdicts match: the issue-50 figure. Run from the repository:
//   npx tsx bench/incidentsScore.mts [path/to/another/checkout]
// With a path (another checkout's root, e.g. `git archive <rev> shared | tar -x -C /tmp/base`), its verdicts are
// scored too, judged as they are (an older build has no dated rules); this build's are scored as of each
// incident's date and as of today. A target the other build lacks counts as unmatched.
import path from 'node:path';
import * as here from '../shared/clients/index';
import { INCIDENTS, type Incident } from '../shared/clients/incidents/index';

type Judge = Pick<typeof here, 'judgeTool' | 'judgeServer' | 'TARGET_IDS'>;

function consequences(judge: Judge, i: Incident, asOf?: string): string[] | undefined {
  if (!judge.TARGET_IDS.includes(i.target)) return undefined;
  const t = i.tool;
  const violations =
    t.toolCount !== undefined || t.requestInputs
      ? judge.judgeServer({ server: t.server ?? 'srv', toolCount: t.toolCount, inputSchemas: t.requestInputs }, [i.target], asOf)
      : judge.judgeTool(
          {
            name: t.name ?? 'reduced_tool',
            ...(t.descriptionLength !== undefined ? { description: 'd'.repeat(t.descriptionLength) } : {}),
            inputSchema: t.input ?? { type: 'object', properties: {} },
            ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema } : {}),
          },
          { server: t.server ?? 'srv' },
          [i.target],
          asOf,
        );
  return violations.flatMap((v) => v.targets.filter((x) => x.target === i.target).map((x) => x.consequence as string));
}

const matches = (c: string[] | undefined, i: Incident) => c !== undefined && (i.consequence === 'taken' ? c.length === 0 : c.includes(i.consequence));
const score = (judge: Judge, dated: boolean) => INCIDENTS.filter((i) => matches(consequences(judge, i, dated ? i.date : undefined), i)).length;

const other = process.argv[2];
const lines = [`incidents: ${INCIDENTS.length} from ${new Set(INCIDENTS.map((i) => i.thread)).size} threads`];
if (other) {
  const judge = (await import(path.resolve(other, 'shared/clients/index.ts'))) as Judge;
  lines.push(`${other}: ${score(judge, false)} matched (${INCIDENTS.filter((i) => !judge.TARGET_IDS.includes(i.target)).length} on targets it lacks)`);
}
lines.push(`this build, as of each incident's date: ${score(here, true)} matched`, `this build, today: ${score(here, false)} matched`);
console.log(lines.join('\n'));
