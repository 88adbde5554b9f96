/** What a command line is given: its folder, environment and streams (commandLine.ts and the commands it runs). */
import type { EvaluatorSource } from '../pipeline';

/** Where a command line reads its folder and settings from and writes its report to. */
export interface CommandLineIo {
  /** The folder relative paths are resolved against. */
  cwd: string;
  /**
   * Read for NO_COLOR, and by `verify` for the providers' keys and base URLs (the SDKs are handed them, never left to
   * read the process's); the workspace's code sees the environment the pipeline gives it.
   */
  env: NodeJS.ProcessEnv;
  /** Resolves once the text is written whole: a pipe must receive the whole report. */
  stdout(text: string): Promise<void>;
  stdoutIsTerminal: boolean;
  stderr(text: string): void;
  /**
   * The process ends with this command: a check stops esbuild's service (a child process, shared by every check in
   * the process) before it resolves, so that the process exits only after it, as after its workers.
   */
  ownsProcess: boolean;
  /** Starts the language server on this process's stdio or IPC (`lsp`): only the process's entry has one. */
  startLanguageServer?(): Promise<void>;
  /** Runs our MCP server on this process's stdio or a loopback port (`mcp`) until its client leaves. */
  startMcpServer?(options: { folder: string; httpPort?: number; trustRoots: boolean }): Promise<void>;
  /** Workers a host running many checks lends each one (PipelineOptions.evaluators); the process's entry lends none. */
  evaluators?: EvaluatorSource;
  /** Asks a yes/no question on the terminal (`verify` before it sends); absent where there is no terminal to ask on. */
  confirm?(question: string): Promise<boolean>;
  /** Today as an ISO date, what `verify` dates its answers with (the tests fix it). */
  today?(): string;
}
