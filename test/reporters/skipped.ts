/**
 * After vitest's own report: what was skipped, loudly, each with the reason its test gave (`ctx.skip(reason)`: a tool
 * not installed, such as nvim or pre-commit), and the skips that are by design (a case for another zod major) as a
 * count per file. A summary that hides a skipped editor test reads as coverage that did not happen.
 */
import * as path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class SkippedReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const withReason: string[] = [];
    const byDesign = new Map<string, number>();
    let ran = 0;
    for (const module of modules) {
      const file = path.relative(process.cwd(), module.moduleId);
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state !== 'skipped') {
          ran++;
          continue;
        }
        if (result.note) withReason.push(`  ⚠ ${file} › ${test.fullName}\n      ${result.note}`);
        else byDesign.set(file, (byDesign.get(file) ?? 0) + 1);
      }
    }
    const out: string[] = [''];
    if (withReason.length) out.push(`⚠ SKIPPED ${withReason.length} test(s) whose environment is missing; they did not run:`, ...withReason);
    const designed = [...byDesign.values()].reduce((a, b) => a + b, 0);
    if (designed) out.push(`Skipped by design (another zod major, another platform, a filter): ${designed} in ${byDesign.size} file(s).`);
    out.push(
      `Ran ${ran} test(s) in ${modules.length} file(s); ${withReason.length ? 'NOT everything: see SKIPPED above.' : 'nothing skipped for a missing tool.'}`,
    );
    process.stdout.write(`${out.join('\n')}\n`);
  }
}
