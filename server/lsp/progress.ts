/** `$/progress` for the first scan, when the client can show it (the library sends nothing otherwise). */
import type { Connection } from 'vscode-languageserver';
import type { ScanProgress } from './analysis';
import { toLiveClient } from './unanswered';

export async function scanProgress(connection: Connection, supported: boolean, title: string): Promise<ScanProgress | undefined> {
  if (!supported) return undefined;
  try {
    const reporter = await connection.window.createWorkDoneProgress();
    reporter.begin(title, 0, 'listing files', false);
    let ended = false;
    return {
      report(done, total) {
        if (!ended) toLiveClient(() => reporter.report(total ? Math.round((done / total) * 100) : 100, `${done} of ${total} files`));
      },
      done() {
        if (ended) return;
        ended = true;
        toLiveClient(() => reporter.done());
      },
    };
  } catch {
    return undefined;
  }
}
