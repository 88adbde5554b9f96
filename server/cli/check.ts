/**
 * `check`: turn the path arguments into workspace roots (a directory is a root; a file is analysed
 * within the nearest folder holding a tsconfig.json or package.json), run the pipeline on each, and
 * gather one report. Workers are always disposed, whatever happens; esbuild's service, shared by every check of
 * the process, is stopped by the process's entry (server/cli.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { layerSettings, pipelineOptions } from '../settings';
import { readProjectConfig } from '../projectConfig';
import { createPipeline, type CollisionWidening, type EvaluatorSource, type FlattenMode, type Target } from '../pipeline';
import { collectReport, type CheckedRoot, type CheckReport } from './report';
import { UsageError } from './args';

export interface CheckOptions {
  cwd: string;
  paths: string[];
  /** Each option left out is decided by the checked folder's toolschemalens.config.json, else its default. */
  flattenUnionInput?: FlattenMode;
  target?: Target;
  collisionWidening?: CollisionWidening;
  timeoutMs?: number;
  memoryMb?: number;
  entries?: string[];
  env?: Record<string, string>;
  envFile?: string;
  argv?: string[];
  stubs?: string[];
  allowAddons?: boolean;
  /** Rerun a start that failed on unset credentials with placeholder values (default true; `--no-placeholders`). */
  placeholders?: boolean;
  /** Reuse evaluations kept from an earlier run whose files are unchanged (default true; `--no-cache`). */
  cache?: boolean;
  include?: string[];
  exclude?: string[];
  clients?: string[];
  /** Lent workers (PipelineOptions.evaluators): a host running many checks; the CLI's process makes its own. */
  evaluators?: EvaluatorSource;
}

interface Job {
  root: string;
  /** Files to analyse; undefined: every candidate under the root. */
  files?: string[];
}

export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const jobs = planJobs(options.cwd, options.paths);
  const results: CheckedRoot[] = [];
  await checkJobs(jobs, options, results);
  return collectReport(options.cwd, results);
}

/** The flags given on the command line as a settings layer: what the user typed wins over the project file. */
function flagLayer(options: CheckOptions): Record<string, unknown> {
  const given = <T>(value: T | undefined) => (value === undefined ? {} : value);
  const entry = (key: string, value: unknown) => (value === undefined ? {} : { [key]: value });
  return {
    ...entry('flattenUnionInput', options.flattenUnionInput),
    ...entry('target', options.target),
    ...entry('collisionWidening', options.collisionWidening),
    ...entry('clients', options.clients),
    ...entry('include', options.include),
    ...entry('exclude', options.exclude),
    evaluation: {
      ...entry('timeoutMs', options.timeoutMs),
      ...entry('memoryMb', options.memoryMb),
      ...given(options.env && Object.keys(options.env).length ? { env: options.env } : undefined),
      ...given(options.argv?.length ? { argv: options.argv } : undefined),
      ...given(options.stubs?.length ? { stubs: options.stubs } : undefined),
      ...entry('allowAddons', options.allowAddons),
      ...entry('placeholders', options.placeholders),
      // Relative to the working directory on the command line; the pipeline resolves a project file's against the root.
      ...entry('envFile', options.envFile ? path.resolve(options.cwd, options.envFile) : undefined),
    },
  };
}

async function checkJobs(jobs: Job[], options: CheckOptions, results: CheckedRoot[]): Promise<void> {
  for (const job of jobs) {
    const project = readProjectConfig(job.root);
    const settings = layerSettings(project?.section, flagLayer(options));
    // Entries named on the command line replace the project file's; the project file's are relative to its folder.
    const named = (options.entries ?? []).map((e: string) => {
      const hash = e.lastIndexOf('#');
      const file = path.resolve(options.cwd, hash > 0 ? e.slice(0, hash) : e);
      return path.relative(job.root, file) + (hash > 0 ? e.slice(hash) : '');
    });
    // A file named on the command line is checked whatever the globs say (a test, an example): the user asked for it.
    const namedFiles = (job.files ?? []).map((f) => path.relative(job.root, f));
    const entryPoints = [...new Set([...(named.length > 0 ? named : settings.entryPoints), ...namedFiles])];
    // Running `check` on a folder is the user's explicit request to evaluate it: the CLI's workspace is trusted.
    const pipeline = createPipeline({
      ...pipelineOptions(settings, job.root, true),
      entryPoints,
      cache: options.cache !== false && settings.evaluation.cache,
      keepTokenCounts: true,
      ...(options.evaluators ? { evaluators: options.evaluators } : {}),
    });
    try {
      // Entries named on the command line are checked even when only some files were asked for.
      const entryFiles = named.map((e) => path.resolve(job.root, e.replace(/#[^#/\\]*$/, '')));
      let files = job.files ? [...new Set([...entryFiles, ...job.files])] : await pipeline.listCandidates();
      // A folder of tests the user names is checked: when everything in it is a test (`check test/integration`), the
      // excludes that keep tests out of their project's check do not keep them out of this one. A project whose every
      // file is a test still says so (no-tools-found, with how to include them).
      const withoutTestExcludes = settings.exclude.filter((glob) => !TEST_EXCLUDES.has(glob));
      const namedTests = TEST_FOLDER.test(path.relative(options.cwd, job.root));
      if (!job.files && files.length === 0 && namedTests && withoutTestExcludes.length < settings.exclude.length) {
        pipeline.updateOptions({ exclude: withoutTestExcludes });
        files = await pipeline.listCandidates();
      }
      const result = await pipeline.analyze(files);
      results.push({
        result,
        fileCount: files.length,
        root: job.root,
        budget: settings.budget,
        severities: settings.severity,
        configProblems: project?.problems ?? [],
        files,
      });
    } finally {
      await pipeline.dispose();
    }
  }
}

/** The folders `paths` are checked in (each a root of its own: its project file, its store of verified answers). */
export function checkedRoots(cwd: string, paths: string[]): string[] {
  return planJobs(cwd, paths).map((job) => job.root);
}

function planJobs(cwd: string, paths: string[]): Job[] {
  const byRoot = new Map<string, Job>();
  for (const p of paths) {
    let abs: string;
    let stat: fs.Stats;
    try {
      // Node runs a module at its real path (a symlinked folder, macOS's /tmp): the check reads it there too.
      abs = fs.realpathSync(path.resolve(cwd, p));
      stat = fs.statSync(abs);
    } catch {
      throw new UsageError(`no such file or directory: ${p}`);
    }
    if (stat.isDirectory()) {
      byRoot.set(abs, { root: abs });
      continue;
    }
    const root = projectRootOf(abs);
    const job = byRoot.get(root) ?? { root, files: [] };
    if (job.files) job.files.push(abs);
    byRoot.set(root, job);
  }
  // A file inside a directory that is already checked whole needs no job of its own.
  return [...byRoot.values()].filter(
    (job) => !job.files || !job.files.every((f) => [...byRoot.values()].some((o) => !o.files && f.startsWith(o.root + path.sep))),
  );
}

/** A path, as the user named it, that is a folder of tests. */
const TEST_FOLDER = /(?:^|[\\/])(?:test|tests|__tests__|spec|e2e|integration)(?:[\\/]|$)/;
/** The excludes (the defaults') that keep tests out of a check of their project. */
const TEST_EXCLUDES = new Set(['**/*.test.*', '**/*.spec.*', '**/__tests__/**', '**/test/**', '**/tests/**']);
function projectRootOf(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'tsconfig.json')) || fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.dirname(file);
  }
}
