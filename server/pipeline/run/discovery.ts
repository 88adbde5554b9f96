/** The discovery of one analysis: each file read once, on demand, with the time it took. */
import * as path from 'node:path';
import { discoverFiles } from '../discover';
import type { DiscoveredFile, DiscoveredSite } from '../discover/contract';
import type { WorkspaceProject } from '../project/project';

export class Discovery {
  readonly files = new Map<string, DiscoveredFile>();
  private readonly ms = new Map<string, number>();

  constructor(private readonly project: WorkspaceProject) {}

  /** Discovers `file` now (a parse in this thread), timing it. */
  discover(file: string): DiscoveredFile {
    const started = performance.now();
    const found = safeDiscover(this.project, file);
    this.files.set(file, found);
    this.ms.set(file, performance.now() - started);
    return found;
  }

  /** A file's sites: registrations often run in a module the analysed file imports, discovered when asked for. */
  readonly sitesOf = (file: string): readonly DiscoveredSite[] => {
    const abs = path.resolve(file);
    let found = this.files.get(abs);
    if (!found) this.files.set(abs, (found = safeDiscover(this.project, abs)));
    return found.sites;
  };

  /** How long discovering `file` took, in ms (0 when it was not timed). */
  msOf(file: string): number {
    return this.ms.get(file) ?? 0;
  }
}

function safeDiscover(project: WorkspaceProject, file: string): DiscoveredFile {
  try {
    return discoverFiles(project, [file])[0];
  } catch {
    // A file discovery cannot read statically is still evaluated: evaluation is the truth about tools.
    return { file, sites: [], candidate: true };
  }
}
