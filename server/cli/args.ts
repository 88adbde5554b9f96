/**
 * Command-line arguments of `tool-schema-lens`: `check [paths...]` with its flags, `verify`, `lsp`, `--help`,
 * `--version`. Bad usage is a UsageError (exit status 2), never a guess.
 */
import { TARGET_IDS, unknownTargets, type CollisionWidening, type FlattenMode, type Target } from '../pipeline';
import { APIS, isProviderId, PROVIDER_IDS, type ApiId, type PerProvider, type ProviderId } from '../verify';

export type OutputFormat = 'text' | 'json' | 'sarif' | 'markdown';

/** Which drift fails the run: a breaking change, any change (descriptive included), or none. */
export type FailOnDrift = 'breaking' | 'any' | 'none';

/** Which findings fail the run: an error, an error or a warning, or none. */
export type FailOn = 'error' | 'warning' | 'none';

export type CheckCommand = Extract<Command, { kind: 'check' }>;

export type Command =
  | {
      kind: 'check';
      paths: string[];
      format: OutputFormat;
      /** Flags left out stay undefined: the project file (toolschemalens.config.json) or the default decides. */
      flattenUnionInput?: FlattenMode;
      target?: Target;
      collisionWidening?: CollisionWidening;
      timeoutMs?: number;
      memoryMb?: number;
      /** Entry points (`file` or `file#factory`), relative to the working directory. */
      entries: string[];
      env: Record<string, string>;
      envFile?: string;
      /** Arguments the program gets after its script. */
      argv: string[];
      stubs: string[];
      allowAddons?: boolean;
      /** `--no-placeholders`: never rerun a start with placeholder values for its unset credentials. */
      placeholders?: boolean;
      /** `--no-cache`: run every file, neither reading nor writing the result cache. */
      cache?: boolean;
      /** Replace the default globs when given. */
      include?: string[];
      exclude?: string[];
      clients?: string[];
      /** A snapshot to compare what ships with (`--baseline`). */
      baseline?: string;
      /** Also write the findings as SARIF to this file (code scanning), whatever `format` prints. */
      sarifFile?: string;
      /** Print each internal error whole (what failed in the check itself), not only their count. */
      debug?: boolean;
      /** The findings gate (`--fail-on`, default error). */
      failOn?: FailOn;
      /** The drift gate (`--fail-on-drift`, default breaking), apart from the findings'. */
      failOnDrift?: FailOnDrift;
      /** `snapshot`: write the tools snapshot (to `output`, else stdout) instead of the findings. */
      snapshot?: boolean;
      output?: string;
    }
  | { kind: 'diff'; before: string; after: string; format: OutputFormat; failOnDrift?: FailOnDrift }
  | {
      kind: 'verify';
      /** The check whose tools are sent (its paths and evaluation flags). */
      check: CheckCommand;
      format: 'text' | 'json';
      /** Named with --provider; empty: the project file's, else each provider whose key is set. */
      providers: ProviderId[];
      models: PerProvider;
      baseUrls: PerProvider;
      /** Send without asking (CI). */
      yes: boolean;
      maxRequests?: number;
    }
  | { kind: 'lsp'; transport: 'stdio' | 'node-ipc' }
  /** `folder`: the workspace it analyses (default: the working directory); `httpPort`: Streamable HTTP, else stdio. */
  | { kind: 'mcp'; folder?: string; httpPort?: number; trustRoots: boolean }
  | { kind: 'help'; topic?: 'diff' }
  | { kind: 'version' };

export class UsageError extends Error {}

export const USAGE = `Usage: tool-schema-lens <command> [options]

Commands:
  check [paths...]      Analyse the tool schemas under paths (default: .) and print the findings
  snapshot [paths...]   Write every server's tools as they ship, canonical and byte-stable (-o <file>, else stdout)
  diff <old> <new>      Say what changed between two snapshots, each change breaking, non-breaking or descriptive
  verify [paths...]     Send the tools to your model providers and record what each accepts or refuses
                        (paid requests: the cost is shown first), beside what the profiles predict
  lsp --stdio           Start the language server on stdin/stdout (--node-ipc when started by VS Code)
  mcp [folder]          Serve the analysis of folder (default: .) to a coding agent as an MCP server on stdio
                        (--http <port>: Streamable HTTP on 127.0.0.1 at /mcp instead; --trust-roots: also analyse
                        roots the client declares outside the folder, which runs their code)

Options for check (and snapshot):
  --format <format>     text | json | sarif | markdown (default: text)
  --fail-on <severity>  error | warning | none: which finding exits 1 (default: error)
  --baseline <file>     A snapshot to compare with: what changed is reported, and fails the run per --fail-on-drift
  --fail-on-drift <what>
                        breaking | any | none: which change from the baseline exits 1 (default: breaking);
                        apart from --fail-on: \`--fail-on none --fail-on-drift breaking\` is the drift gate alone
  --sarif <file>        Also write the findings as SARIF to this file (code scanning), whatever --format prints
  -o, --output <file>   snapshot: where to write it (default: stdout)
  --debug               Print each internal error of the check whole on stderr (a finding it may have cost)
  --flatten <mode>      auto | always | never: which tools ship with unions flattened (default: auto,
                        the tools whose server flattens them); --no-flatten is --flatten never
  --target <dialect>    draft-7 | draft-2020-12: dialect of the advertised schema (default: draft-7)
  --collision-widening <how>
                        unknown | base-type | type-array: how a key variants declare differently is
                        advertised (default: unknown; base-type keeps a JSON type the declarations share;
                        type-array keeps every variant's type: ["string","number"])
  --timeout <ms>        CPU time one file's evaluation may use (default: 5000)
  --memory <mb>         Memory cap of an evaluation worker (default: 512)
  --clients <a,b,...>   Clients and providers to judge every tool against (client-rejects); default: by library.
                        ${TARGET_IDS.join(', ')}
  --entry <file[#fn]>   Where a server starts, or the function that builds it (repeatable)
  --env NAME=VALUE      Environment variable set while your servers are evaluated (repeatable)
  --arg <value>         Command-line argument your server gets, as its start command passes it (repeatable)
  --env-file <file>     Env file whose values are set while evaluating (default: .env when present)
  --stub <module>       Serve a module by a stub while evaluating, as platform modules are (repeatable;
                        \`next/*\` for every subpath): one that exists only where the server is deployed
  --allow-addons        Let your code load native addons while evaluating (their native code runs unconfined)
  --no-placeholders     Never rerun a start that failed on unset credentials with placeholder values
  --no-cache            Run every file, even one unchanged since a run kept in node_modules/.cache/tool-schema-lens
  --include <glob>      Analyse only files matching these globs (repeatable; replaces the default)
  --exclude <glob>      Never analyse files matching these globs (repeatable; replaces the default,
                        which skips node_modules, dist, build, out and test files)

Options for verify (and check's options for what is evaluated):
  --provider <ids>      ${PROVIDER_IDS.join(' | ')} (repeatable, or a,b); default: the project
                        file's verify.providers, else each provider whose key is set
  --model <api=model>   The model that answers (repeatable; by API or target: ${Object.entries(APIS)
    .map(([api, info]) => `${api}=${info.defaultModel}`)
    .join(', ')} by default)
  --base-url <api=url>  Where the API is (repeatable; else ${Object.values(APIS)
    .map((info) => info.baseUrlVar)
    .join(', ')}, as the SDKs read them)
  --yes                 Send without asking (CI); with no terminal to ask on, verify prints the cost and exits 2
  --max-requests <n>    Send at most n requests in all, retries included
  --format <format>     text | json (default: text)
  Keys: ${Object.values(APIS)
    .map((info) => info.keyVars.join(' or '))
    .join(', ')}; never printed or written.

  -h, --help            Show this help
  -v, --version         Show the version

Exit status: 0 nothing failed a gate; 1 a finding failed --fail-on or a change failed --fail-on-drift;
2 bad usage or a failure of the tool itself (never 0 on a crash).
verify: 0 every answer as predicted, 1 a verdict-drift, 2 nothing sent or a provider's run failed.`;

export const DIFF_USAGE = `Usage: tool-schema-lens diff <old> <new> [options]

Say what changed between two tools snapshots (written by \`tool-schema-lens snapshot\`), each tool's change
classed breaking (a call valid before is refused now), non-breaking or descriptive (only words changed).

Options:
  --format <format>     text | json | markdown (default: text)
  --fail-on-drift <what>
                        breaking | any | none: which change exits 1 (default: breaking)
  -h, --help            Show this help

Exit status: 0 no change failed --fail-on-drift, 1 one did, 2 bad usage or a snapshot that cannot be read.`;

const FORMATS: readonly OutputFormat[] = ['text', 'json', 'sarif', 'markdown'];
const FAIL_ON: readonly FailOn[] = ['error', 'warning', 'none'];
const FAIL_ON_DRIFT: readonly FailOnDrift[] = ['breaking', 'any', 'none'];
const TARGETS: readonly Target[] = ['draft-7', 'draft-2020-12'];
const FLATTEN_MODES: Record<string, FlattenMode> = { auto: 'auto', always: true, never: false };
const WIDENINGS: readonly CollisionWidening[] = ['unknown', 'base-type', 'type-array'];

export function parseArgs(argv: readonly string[]): Command {
  if (argv.includes('--help') || argv.includes('-h')) return argv[0] === 'diff' ? { kind: 'help', topic: 'diff' } : { kind: 'help' };
  if (argv.includes('--version') || argv.includes('-v')) return { kind: 'version' };
  const [command, ...rest] = argv;
  if (command === undefined) return { kind: 'help' };
  if (command === 'lsp') return parseLsp(rest);
  if (command === 'check') return parseCheck(rest, false);
  if (command === 'snapshot') return parseCheck(rest, true);
  if (command === 'diff') return parseDiff(rest);
  if (command === 'mcp') return parseMcp(rest);
  if (command === 'verify') return parseVerify(rest);
  throw new UsageError(`unknown command "${command}" (expected check, snapshot, diff, verify, lsp or mcp)`);
}

function parseLsp(rest: readonly string[]): Command {
  // vscode-languageserver reads the transport from process.argv itself; we only validate it.
  const transports = rest.filter((a) => a === '--stdio' || a === '--node-ipc');
  const unknown = rest.filter((a) => a.startsWith('-') && a !== '--stdio' && a !== '--node-ipc' && !a.startsWith('--clientProcessId'));
  if (unknown.length > 0) throw new UsageError(`unknown option ${unknown[0]} for lsp`);
  if (transports.length === 0) throw new UsageError('lsp needs a transport: --stdio or --node-ipc');
  return { kind: 'lsp', transport: transports[0] === '--stdio' ? 'stdio' : 'node-ipc' };
}

function parseMcp(rest: readonly string[]): Command {
  const folders: string[] = [];
  let httpPort: number | undefined;
  let trustRoots = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name === '--http') {
      const v = inline ?? rest[++i];
      const port = Number(v);
      if (v === undefined || !/^\d+$/.test(v) || port > 65535) throw new UsageError(`--http needs a port number, 0 to 65535 (got "${v ?? ''}")`);
      httpPort = port;
    } else if (name === '--trust-roots') trustRoots = true;
    else if (name === '--stdio') continue;
    else if (name.startsWith('-')) throw new UsageError(`unknown option ${name} for mcp`);
    else folders.push(arg);
  }
  if (folders.length > 1) throw new UsageError(`mcp serves one folder (got ${folders.length}); a client's roots inside it are served too`);
  return { kind: 'mcp', ...(folders[0] ? { folder: folders[0] } : {}), ...(httpPort !== undefined ? { httpPort } : {}), trustRoots };
}

function failOnOf(v: string): FailOn {
  // The drift values once given to --fail-on: say where they went rather than read them as a findings gate.
  if (FAIL_ON_DRIFT.includes(v as FailOnDrift) && v !== 'none')
    throw new UsageError(`--fail-on is for findings now (error, warning, none); use --fail-on-drift ${v} for changes from the baseline`);
  if (!FAIL_ON.includes(v as FailOn)) throw new UsageError(`--fail-on must be one of ${FAIL_ON.join(', ')} (got "${v}")`);
  return v as FailOn;
}

function failOnDriftOf(v: string): FailOnDrift {
  if (!FAIL_ON_DRIFT.includes(v as FailOnDrift)) throw new UsageError(`--fail-on-drift must be one of ${FAIL_ON_DRIFT.join(', ')} (got "${v}")`);
  return v as FailOnDrift;
}

function parseDiff(rest: readonly string[]): Command {
  const files: string[] = [];
  let format: OutputFormat = 'text';
  let failOnDrift: FailOnDrift | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? rest[++i];
      if (v === undefined) throw new UsageError(`${name} needs a value`);
      return v;
    };
    if (name === '--format') {
      const v = value();
      if (!FORMATS.includes(v as OutputFormat) || v === 'sarif') throw new UsageError(`--format for diff must be text, json or markdown (got "${v}")`);
      format = v as OutputFormat;
    } else if (name === '--fail-on-drift') failOnDrift = failOnDriftOf(value());
    else if (name === '--fail-on') throw new UsageError('diff reports changes, not findings: use --fail-on-drift breaking|any|none');
    else if (name.startsWith('-') && name !== '-') throw new UsageError(`unknown option ${name} for diff`);
    else files.push(arg);
  }
  if (files.length !== 2) throw new UsageError(`diff takes two snapshot files, the old and the new (got ${files.length})`);
  return { kind: 'diff', before: files[0], after: files[1], format, ...(failOnDrift ? { failOnDrift } : {}) };
}

function parseCheck(rest: readonly string[], snapshot: boolean): Command {
  const cmd: Extract<Command, { kind: 'check' }> = {
    kind: 'check',
    paths: [],
    format: 'text',
    entries: [],
    env: {},
    argv: [],
    stubs: [],
    ...(snapshot ? { snapshot } : {}),
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--') {
      cmd.paths.push(...rest.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      cmd.paths.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => {
      if (eq > 0) return arg.slice(eq + 1);
      const next = rest[++i];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${name} needs a value`);
      return next;
    };
    switch (name) {
      case '--format': {
        const v = value();
        if (!FORMATS.includes(v as OutputFormat)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')} (got "${v}")`);
        cmd.format = v as OutputFormat;
        break;
      }
      case '--target': {
        const v = value();
        if (!TARGETS.includes(v as Target)) throw new UsageError(`--target must be one of ${TARGETS.join(', ')} (got "${v}")`);
        cmd.target = v as Target;
        break;
      }
      case '--collision-widening': {
        const v = value();
        if (!WIDENINGS.includes(v as CollisionWidening)) throw new UsageError(`--collision-widening must be one of ${WIDENINGS.join(', ')} (got "${v}")`);
        cmd.collisionWidening = v as CollisionWidening;
        break;
      }
      case '--timeout': {
        const v = value();
        const ms = Number(v);
        if (!/^\d+$/.test(v) || ms < 100) throw new UsageError(`--timeout must be a number of milliseconds, at least 100 (got "${v}")`);
        cmd.timeoutMs = ms;
        break;
      }
      case '--memory': {
        const v = value();
        const mb = Number(v);
        if (!/^\d+$/.test(v) || mb < 64) throw new UsageError(`--memory must be a number of megabytes, at least 64 (got "${v}")`);
        cmd.memoryMb = mb;
        break;
      }
      case '--flatten': {
        const v = value();
        if (!(v in FLATTEN_MODES)) throw new UsageError(`--flatten must be one of ${Object.keys(FLATTEN_MODES).join(', ')} (got "${v}")`);
        cmd.flattenUnionInput = FLATTEN_MODES[v];
        break;
      }
      case '--clients': {
        const ids = value()
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s.length > 0);
        const unknown = unknownTargets(ids);
        if (ids.length === 0) throw new UsageError('--clients needs at least one target');
        if (unknown.length > 0) throw new UsageError(`--clients: unknown target ${unknown.map((u) => `"${u}"`).join(', ')} (known: ${TARGET_IDS.join(', ')})`);
        cmd.clients = [...new Set(ids)];
        break;
      }
      case '--entry':
        cmd.entries.push(value());
        break;
      case '--env': {
        const v = value();
        const at = v.indexOf('=');
        if (at <= 0) throw new UsageError(`--env takes NAME=VALUE (got "${v}")`);
        cmd.env[v.slice(0, at)] = v.slice(at + 1);
        break;
      }
      case '--arg': {
        // A server's own arguments are mostly flags (`--arg --tools=all`): the next word is taken as it is.
        const v = eq > 0 ? arg.slice(eq + 1) : rest[++i];
        if (v === undefined) throw new UsageError('--arg needs a value');
        cmd.argv.push(v);
        break;
      }
      case '--stub':
        cmd.stubs.push(value());
        break;
      case '--allow-addons':
        if (eq > 0) throw new UsageError('--allow-addons takes no value');
        cmd.allowAddons = true;
        break;
      case '--env-file':
        cmd.envFile = value();
        break;
      case '--include':
        (cmd.include ??= []).push(value());
        break;
      case '--exclude':
        (cmd.exclude ??= []).push(value());
        break;
      case '--baseline':
        if (snapshot) throw new UsageError('--baseline is for check (compare two snapshots with `diff`)');
        cmd.baseline = value();
        break;
      case '--fail-on':
        cmd.failOn = failOnOf(value());
        break;
      case '--fail-on-drift':
        if (snapshot) throw new UsageError('--fail-on-drift is for check --baseline (compare two snapshots with `diff`)');
        cmd.failOnDrift = failOnDriftOf(value());
        break;
      case '--sarif':
        cmd.sarifFile = value();
        break;
      case '-o':
      case '--output':
        if (!snapshot) throw new UsageError(`${name} is for snapshot`);
        cmd.output = value();
        break;
      case '--debug':
        if (eq > 0) throw new UsageError('--debug takes no value');
        cmd.debug = true;
        break;
      case '--no-placeholders':
        if (eq > 0) throw new UsageError('--no-placeholders takes no value');
        cmd.placeholders = false;
        break;
      case '--no-cache':
        if (eq > 0) throw new UsageError('--no-cache takes no value');
        cmd.cache = false;
        break;
      case '--no-flatten':
        if (eq > 0) throw new UsageError('--no-flatten takes no value');
        cmd.flattenUnionInput = false;
        break;
      default:
        throw new UsageError(`unknown option ${name}`);
    }
  }
  if (cmd.paths.length === 0) cmd.paths.push('.');
  return cmd;
}

/** `verify`: its own flags, and check's for what is evaluated (a baseline, SARIF or snapshot output are check's alone). */
function parseVerify(rest: readonly string[]): Command {
  const out: Extract<Command, { kind: 'verify' }> = {
    kind: 'verify',
    check: { kind: 'check', paths: [], format: 'text', entries: [], env: {}, argv: [], stubs: [] },
    format: 'text',
    providers: [],
    models: {},
    baseUrls: {},
    yes: false,
  };
  const forCheck: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--') {
      forCheck.push(...rest.slice(i));
      break;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => {
      if (eq > 0) return arg.slice(eq + 1);
      const next = rest[++i];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${name} needs a value`);
      return next;
    };
    switch (name) {
      case '--provider':
        for (const id of value()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          if (!isProviderId(id)) throw new UsageError(`--provider: unknown provider "${id}" (known: ${PROVIDER_IDS.join(', ')})`);
          if (!out.providers.includes(id)) out.providers.push(id);
        }
        break;
      case '--model':
        Object.assign(out.models, perProvider(name, value()));
        break;
      case '--base-url': {
        const given = perProvider(name, value());
        for (const url of Object.values(given)) if (!/^https?:\/\//.test(url)) throw new UsageError(`--base-url takes api=http(s)://… (got "${url}")`);
        Object.assign(out.baseUrls, given);
        break;
      }
      case '--yes':
      case '-y':
        if (eq > 0) throw new UsageError('--yes takes no value');
        out.yes = true;
        break;
      case '--max-requests': {
        const v = value();
        if (!/^\d+$/.test(v) || Number(v) < 1) throw new UsageError(`--max-requests must be a whole number, at least 1 (got "${v}")`);
        out.maxRequests = Number(v);
        break;
      }
      case '--format': {
        const v = value();
        if (v !== 'text' && v !== 'json') throw new UsageError(`--format for verify must be text or json (got "${v}")`);
        out.format = v;
        break;
      }
      case '--baseline':
      case '--sarif':
      case '--fail-on':
      case '-o':
      case '--output':
        throw new UsageError(`${name} is for check (verify reports what the providers answered)`);
      default:
        forCheck.push(arg);
    }
  }
  const check = parseCheck(forCheck, false);
  if (check.kind !== 'check') throw new UsageError("verify takes check's options for what is evaluated");
  out.check = check;
  return out;
}

/** `api=value` or `target=value` for --model and --base-url. */
function perProvider(flag: string, text: string): PerProvider {
  const at = text.indexOf('=');
  const who = at > 0 ? text.slice(0, at) : '';
  const value = text.slice(at + 1);
  const known = [...Object.keys(APIS), ...PROVIDER_IDS];
  if (at <= 0 || !value) throw new UsageError(`${flag} takes provider=value, the provider one of ${[...new Set(known)].join(', ')} (got "${text}")`);
  if (!(who in APIS) && !isProviderId(who)) throw new UsageError(`${flag}: unknown provider "${who}" (known: ${[...new Set(known)].join(', ')})`);
  return { [who as ApiId | ProviderId]: value };
}
