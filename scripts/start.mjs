// `npm start`: check the examples workspace and print its report. Its findings are the demonstration (one is an
// error on purpose, a root union the SDK drops), so exit status 1 (findings) is not a failure of `npm start`;
// 2 (bad usage, a crash) still is. The lines around the report say so, so that "✖ 3 errors" reads as intended.
import { spawnSync } from 'node:child_process';

const say = (text) => process.stdout.write(`${text}\n`);
say('Checking examples/, a small MCP server written to show what the model loses (tool-schema-lens check examples):\n');
const run = spawnSync(process.execPath, ['dist/cli.js', 'check', 'examples'], { stdio: 'inherit' });
if (run.status === 0 || run.status === 1) {
  say("\nThese findings are the examples' intended ones: each shows a loss the check catches (the errors on purpose).");
  say('Next: `npx tool-schema-lens check` in your own project (README: Install), or open examples/ in VS Code.');
}
process.exit(run.status === 1 ? 0 : (run.status ?? 2));
