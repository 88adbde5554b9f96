// `npm start`: check the examples workspace and print its report. Its findings are the demonstration (one is an
// error on purpose, a root union the SDK drops), so exit status 1 (findings) is not a failure of `npm start`;
// 2 (bad usage, a crash) still is.
import { spawnSync } from 'node:child_process';

const run = spawnSync(process.execPath, ['dist/cli.js', 'check', 'examples'], { stdio: 'inherit' });
process.exit(run.status === 1 ? 0 : (run.status ?? 2));
