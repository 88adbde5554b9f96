/**
 * The workspaces a session may read: its accepted roots (roots.ts), each an AnalysedWorkspace that every session
 * over the same folder shares (the HTTP transport serves several), and the one place an agent's path is checked:
 * relative to the first workspace, and inside one of them, or refused with the way out.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AnalysedWorkspace } from './analysedWorkspace';
import { decideRoots, isWithin, type RefusedRoot, type RootPolicy } from './roots';
import { ToolInputError } from './toolError';

/** One AnalysedWorkspace per folder, for the life of the process. */
export class WorkspacePool {
  private readonly byRoot = new Map<string, AnalysedWorkspace>();

  constructor(private readonly log: (line: string) => void) {}

  get(root: string): AnalysedWorkspace {
    let workspace = this.byRoot.get(root);
    if (!workspace) this.byRoot.set(root, (workspace = new AnalysedWorkspace(root, this.log)));
    return workspace;
  }

  /** Resolves once every pipeline's workers and their scratch folders are gone. */
  async dispose(): Promise<void> {
    const all = [...this.byRoot.values()];
    this.byRoot.clear();
    await Promise.allSettled(all.map((w) => w.dispose()));
  }
}

/** What one call may read: at least one workspace, the first the one relative paths start from. */
export class WorkspaceSet {
  constructor(
    readonly workspaces: readonly AnalysedWorkspace[],
    readonly refused: readonly RefusedRoot[],
  ) {}

  get primary(): AnalysedWorkspace {
    return this.workspaces[0];
  }

  /** An agent's path (relative to the first workspace, or absolute) as a real path inside a workspace, or an error it can act on. */
  locate(given: string, what = 'path'): { workspace: AnalysedWorkspace; file: string } {
    const absolute = path.resolve(this.primary.root, given);
    const real = realPathOf(absolute);
    if (real === undefined) throw new ToolInputError(`No such file or folder: ${given}. Pass a ${what} relative to ${this.primary.root}.`);
    const workspace = this.workspaces.find((w) => isWithin(w.root, real));
    if (workspace) return { workspace, file: real };
    const refused = this.refused.find((r) => isWithin(r.root, real));
    throw new ToolInputError(
      `${given} is outside the workspace (${this.workspaces.map((w) => w.root).join(', ')}); pass a ${what} inside it.` +
        (refused ? ` Its root ${refused.root} was not analysed: ${refused.reason}.` : ''),
    );
  }

  /** A file as the answers print it: relative to the first workspace, `/`-separated. */
  display(file: string): string {
    const rel = path.relative(this.primary.root, file) || path.basename(file);
    return rel.split(path.sep).join('/');
  }
}

/** A session's roots, decided once and again when the client says its roots changed. */
export class SessionRoots {
  private decided: Promise<WorkspaceSet> | undefined;

  constructor(
    private readonly pool: WorkspacePool,
    private readonly policy: RootPolicy,
    /** The client's roots (their URIs), or undefined when it declares none. */
    private readonly listRoots: () => Promise<string[] | undefined>,
  ) {}

  current(): Promise<WorkspaceSet> {
    const decided = (this.decided ??= this.decide());
    // A failed listing is asked again on the next call, not remembered.
    decided.catch(() => {
      if (this.decided === decided) this.decided = undefined;
    });
    return decided;
  }

  /** `notifications/roots/list_changed`. */
  invalidate(): void {
    this.decided = undefined;
  }

  private async decide(): Promise<WorkspaceSet> {
    const { accepted, refused } = decideRoots(this.policy, await this.listRoots());
    if (accepted.length === 0) {
      const why = refused.map((r) => `${r.root}: ${r.reason}`).join('; ');
      const startFolderOnly = refused.length === 1 && refused[0].root === this.policy.startFolder;
      throw new ToolInputError(startFolderOnly ? `Nothing can be analysed: ${why}.` : `None of the client's roots can be analysed: ${why}.`);
    }
    return new WorkspaceSet(
      accepted.map((root) => this.pool.get(root)),
      refused,
    );
  }
}

/** The real path of a file or folder, or undefined when it does not exist. */
function realPathOf(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined;
  }
}
