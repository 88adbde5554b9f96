// `tool-schema-lens check` on small real workspaces, with every finding expected at its exact line and column.
// What the process does (its text report through a pipe, its terminal, the user's output kept off its streams) is
// the built CLI as a child process; what a report says is the same command line run in the test process.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { FINDING_CODES } from '../../shared/findings';
import { CLI, FIXTURES, runCli, runInProcess, type CliRun } from './runCli';

const COLLISION_ID =
  "Tool notify: the model sees `target.id` as unknown; rename it in one variant. Variants 'user' (string) and 'group' (number) declare it differently.";
const UNION_SHIPPED_CONTENT =
  'Tool send_message: the union at `content` ships as a oneOf, which weak models fill badly; flatten it into one object. Flattening makes `kind` an enum and loses `content.media` (as unknown).';
const COLLISION_MEDIA =
  "Tool send_message: the model sees `content.media` as unknown; rename it in one variant. Variants 'photo' (object) and 'album' (array) declare it differently.";

const OPENAI = '(o200k_base: exact for GPT-4o, GPT-4.1, GPT-5 and o-series models, an estimate for other models)';

function json(run: CliRun): any {
  return JSON.parse(run.stdout);
}

describe('check: text format', () => {
  // A plain SDK server flattens nothing: the nested union ships as written (union-shipped), and the collision
  // flattening would bring is in that finding's message instead of a diagnostic of its own.
  it('prints file:line:col severity code message, grouped by file, and a summary; exit 0 without errors', async () => {
    // Uncached: another suite's check of this folder may have kept it, and stderr would say it took it from there.
    const run = await runCli(['check', 'cli-basic', '--no-cache']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        `cli-basic/tools.ts:6:17 information union-shipped ${UNION_SHIPPED_CONTENT}`,
        '',
        'tool          tokens  problems  registered at',
        'send_message     133         1  cli-basic/tools.ts:11:1',
        'ping              40         0  cli-basic/tools.ts:13:1',
        `2 tools: 173 tokens, 0.09% of a 200k context window ${OPENAI}`,
        '',
        '✖ 1 problem (0 errors, 0 warnings, 1 info) in 1 file; 2 tools in 1 file checked',
        '',
      ].join('\n'),
    );
  });

  it('--collision-widening base-type: different JSON types (object, array) are still widened to unknown', async () => {
    const run = await runInProcess(['check', 'cli-basic', '--flatten', 'always', '--collision-widening', 'base-type']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(`cli-basic/tools.ts:7:40 warning collision-widened ${COLLISION_MEDIA}`);
  });

  it('--fail-on decides which findings exit 1: a warning with --fail-on warning, none with --fail-on none', async () => {
    const widened = ['check', 'cli-basic', '--flatten', 'always'];
    expect((await runInProcess(widened)).code).toBe(0); // a warning, no error
    expect((await runInProcess([...widened, '--fail-on', 'warning'])).code).toBe(1);
    expect((await runInProcess(['check', '.', '--fail-on', 'none'], { cwd: path.join(FIXTURES, 'cli-errors') })).code).toBe(0);
  });

  it('exits 1 when a finding is an error: a tool name registered on one server from two files', async () => {
    const run = await runInProcess(['check', '.'], { cwd: path.join(FIXTURES, 'cli-errors') });
    const duplicate = 'Tool search is registered 2 times, so a host refuses all but one; give each tool a unique name.';
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        `first.ts:6:21 error not-mountable ${duplicate}`,
        '',
        `second.ts:6:21 error not-mountable ${duplicate}`,
        '',
        'tool    tokens  problems  registered at',
        // Each tool counts its own finding (by identity, not by name: issue 26).
        'search      49         1  second.ts:6:1',
        'search      40         1  first.ts:6:1',
        `2 tools: 89 tokens, 0.04% of a 200k context window ${OPENAI}`,
        '',
        '✖ 2 problems (2 errors, 0 warnings, 0 infos) in 2 files; 2 tools in 3 files checked',
        '',
      ].join('\n'),
    );
  });

  it('colours only on a terminal: piped output has no escape codes, even with colours forced off or on', async () => {
    const run = await runCli(['check', 'cli-basic/tools.ts'], { env: { FORCE_COLOR: '1' } });
    expect(run.stdout).not.toContain('\x1b[');
  });
});

// `script` (util-linux) runs the CLI on a pseudo-terminal, as a user's shell does.
const hasScript = existsSync('/usr/bin/script');

describe.skipIf(!hasScript)('check: colour on a terminal', () => {
  const onTerminal = (env: Record<string, string | undefined>) =>
    new Promise<string>((resolve, reject) => {
      execFile(
        'script',
        ['-qec', `"${process.execPath}" "${CLI}" check cli-basic --flatten always`, '/dev/null'],
        { cwd: FIXTURES, env: { ...process.env, ...env } },
        (err, stdout) => (err && err.code !== 0 ? reject(new Error(err.message, { cause: err })) : resolve(stdout)),
      );
    });

  it('paints location, severity and code on a terminal', async () => {
    const out = await onTerminal({ NO_COLOR: undefined });
    expect(out.split('\r\n')[0]).toBe(`\x1b[1mcli-basic/tools.ts:7:40\x1b[0m \x1b[33mwarning\x1b[0m \x1b[2mcollision-widened\x1b[0m ${COLLISION_MEDIA}`);
  });

  it('never with NO_COLOR set', async () => {
    const out = await onTerminal({ NO_COLOR: '1' });
    expect(out).not.toContain('\x1b[');
    expect(out.split('\r\n')[0]).toBe(`cli-basic/tools.ts:7:40 warning collision-widened ${COLLISION_MEDIA}`);
  });
});

describe('check: bad input never hides the rest', () => {
  let run: CliRun;
  beforeAll(async () => {
    run = await runCli(['check', 'cli-broken', '--format', 'json', '--flatten', 'always']);
  });

  it('reports a syntax error, a process.exit and the good file next to them; exit 0 (only warnings)', () => {
    expect(run.code).toBe(0);
    const rows = json(run).diagnostics.map((d: any) => [d.file, d.line, d.column, d.endLine, d.endColumn, d.severity, d.code, d.message]);
    expect(rows).toEqual([
      [
        'cli-broken/exits.ts',
        9,
        11,
        9,
        15,
        'warning',
        'evaluation-failed',
        'this module ended the process while loading, so later tools are not analysed; set API_KEY with check --env or .env. process.exit(3) was called. It read API_KEY, unset; in the editor, set it in toolSchemaLens.evaluation.env. It printed `API_KEY is not set` before.',
      ],
      ['cli-broken/good.ts', 7, 39, 7, 41, 'warning', 'collision-widened', COLLISION_ID],
      ['cli-broken/good.ts', 8, 40, 8, 42, 'warning', 'collision-widened', COLLISION_ID],
      [
        'cli-broken/syntax.ts',
        6,
        65,
        6,
        66,
        'warning',
        'evaluation-failed',
        'could not load this file, so its tool schemas are not analysed; fix the error. Unexpected "}".',
      ],
    ]);
  });

  it('still lists the tools of the exiting module, the stdio-connected server and the noisy module', () => {
    const tools = json(run).tools.map((t: any) => [t.name, t.file, t.line, t.column, t.mountable]);
    expect(tools).toEqual([
      ['before_exit', 'cli-broken/exits.ts', 5, 1, true],
      ['notify', 'cli-broken/good.ts', 11, 1, true],
      ['chatty', 'cli-broken/noisy.ts', 9, 1, true],
      ['lookup', 'cli-broken/stdio.ts', 7, 1, true],
    ]);
  });

  it("keeps the user's console output out of our stdout and stderr", () => {
    for (const marker of ['USER-STDOUT-MARKER', 'USER-RAW-STDOUT-MARKER', 'USER-STDERR-MARKER', 'USER-STDOUT-FROM-STDIO-SERVER']) {
      expect(run.stdout).not.toContain(marker);
      expect(run.stderr).not.toContain(marker);
    }
    // What a module printed before it exited is quoted in that finding, and nowhere else.
    expect(run.stdout.split('API_KEY is not set').length - 1).toBe(1);
    expect(run.stderr).not.toContain('API_KEY is not set');
  });
});

describe("check: a special token's spelling in a definition", () => {
  it('is counted as the text it is: the check reports, never an internal error', async () => {
    const run = await runInProcess(['check', 'special-token-text', '--format', 'json', '--no-cache']);
    expect(run.stderr).not.toContain('internal error');
    expect(run.code).toBe(0);
    const [tool] = json(run).tools;
    expect(tool.name).toBe('strip_markers');
    expect(tool.tokens.input).toBeGreaterThan(20);
  });
});

describe('check: json format', () => {
  it('prints exactly { tools, diagnostics, tokens } with the contract fields', async () => {
    const run = await runInProcess(['check', 'cli-basic', '--format', 'json']);
    expect(run.code).toBe(0);
    const out = json(run);
    expect(Object.keys(out)).toEqual(['tools', 'diagnostics', 'tokens']);
    const shipped = ['library', 'libraryVersion', 'zodVersion', 'source', 'shipsFlattened', 'definition'];
    // In snapshot order: by server, then name.
    expect(out.tools.map((t: any) => Object.keys(t))).toEqual([
      ['id', 'name', 'file', 'line', 'column', 'advertised', 'tokens', 'mountable', ...shipped, 'targets'],
      ['id', 'name', 'file', 'line', 'column', 'advertised', 'flattened', 'tokens', 'mountable', ...shipped, 'targets'],
    ]);
    expect(out.tokens).toEqual({ encoding: 'o200k_base', total: 173, windowShare: 0.0009 });
    const sdk = JSON.parse(readFileSync(path.join(FIXTURES, '..', '..', 'node_modules', '@modelcontextprotocol', 'sdk', 'package.json'), 'utf8')).version;
    const zod = JSON.parse(readFileSync(path.join(FIXTURES, '..', '..', 'node_modules', 'zod', 'package.json'), 'utf8')).version;
    // Exactly as the SDK's own client receives it: its parsing puts `$schema` last.
    const input = { type: 'object', properties: { host: { type: 'string' } }, required: ['host'], $schema: 'http://json-schema.org/draft-07/schema#' };
    expect(JSON.stringify(out.tools[0])).toBe(
      JSON.stringify({
        // The tool's identity, as the report's: its kind, name and place (two servers may share a name).
        id: 'registration:ping@cli-basic/tools.ts:13:1',
        name: 'ping',
        file: 'cli-basic/tools.ts',
        line: 13,
        column: 1,
        advertised: input,
        tokens: { input: 40, total: 40 },
        mountable: true,
        library: '@modelcontextprotocol/sdk',
        libraryVersion: sdk,
        zodVersion: zod,
        source: 'library',
        shipsFlattened: false,
        definition: { name: 'ping', inputSchema: input, execution: { taskSupport: 'forbidden' } },
        // An MCP server's tool, judged against the MCP clients by default: it loads in every one.
        targets: [
          'claude-code',
          'claude-desktop',
          'cursor',
          'vscode-copilot',
          'visual-studio-copilot',
          'codex',
          'copilot-cli',
          'mcp-sdk-client',
          'gemini-cli',
          'antigravity',
        ].map((target) => ({
          target,
          loads: true,
          broken: [],
        })),
      }),
    );
    const send = out.tools[1];
    expect([send.name, send.line, send.column]).toEqual(['send_message', 11, 1]);
    expect(send.advertised.properties.content.oneOf).toHaveLength(2);
    expect(send.flattened.properties.content.properties.kind).toEqual({ type: 'string', enum: ['photo', 'album'] });
    expect(out.diagnostics).toEqual([
      {
        file: 'cli-basic/tools.ts',
        line: 6,
        column: 17,
        endLine: 9,
        endColumn: 3,
        severity: 'information',
        code: 'union-shipped',
        tool: 'send_message',
        toolId: 'registration:send_message@cli-basic/tools.ts:11:1',
        path: 'content',
        message: UNION_SHIPPED_CONTENT,
      },
    ]);
  });

  it('--flatten always counts every tool as flattened: the collisions are diagnostics, the advertised input one object', async () => {
    const out = json(await runInProcess(['check', 'cli-basic', '--format', 'json', '--flatten', 'always']));
    expect(out.diagnostics.map((d: any) => [d.line, d.code, d.message])).toEqual([
      [7, 'collision-widened', COLLISION_MEDIA],
      [8, 'collision-widened', COLLISION_MEDIA],
    ]);
    const send = out.tools.find((t: any) => t.name === 'send_message');
    expect(send.shipsFlattened).toBe(true);
    expect(send.advertised.properties.content.properties.kind).toEqual({ type: 'string', enum: ['photo', 'album'] });
  });

  it('--no-flatten is --flatten never: the union ships as written, its losses inside union-shipped', async () => {
    for (const flags of [['--no-flatten'], ['--flatten', 'never']]) {
      const out = json(await runInProcess(['check', 'cli-basic', '--format', 'json', ...flags]));
      expect(out.diagnostics.map((d: any) => [d.code, d.message])).toEqual([['union-shipped', UNION_SHIPPED_CONTENT]]);
      const content = out.tools.find((t: any) => t.name === 'send_message').advertised.properties.content;
      expect(content.oneOf ?? content.anyOf).toHaveLength(2);
    }
  });

  it("--target is the emulation's dialect: what the installed SDK sends stays as it sends it", async () => {
    const out = json(await runInProcess(['check', 'cli-basic/tools.ts', '--format', 'json', '--target', 'draft-2020-12']));
    expect(out.tools.map((t: any) => [t.source, t.advertised.$schema])).toEqual([
      ['library', 'http://json-schema.org/draft-07/schema#'],
      ['library', 'http://json-schema.org/draft-07/schema#'],
    ]);
  });
});

describe('check: sarif format', () => {
  it('is valid SARIF 2.1.0 with one rule per code and one result per finding', async () => {
    const run = await runInProcess(['check', 'cli-broken', 'cli-errors', '--format', 'sarif', '--flatten', 'always']);
    expect(run.code).toBe(1);
    const log = json(run);
    // The published schema is draft-04; its keywords are the same in draft-07 except `id`, which became `$id`.
    const schema = JSON.parse(readFileSync(path.join(FIXTURES, 'sarif-schema', 'sarif-2.1.0-rtm.5.json'), 'utf8'));
    const { $schema: _draft, id, ...rest } = schema;
    // The schema's language-tag pattern is not valid under the `u` flag, so patterns are compiled without it.
    const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile({ ...rest, $id: id });
    expect(validate({ version: '2.1.0' })).toBe(false); // the schema has teeth: `runs` is required
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);

    const run0 = log.runs[0];
    expect(run0.tool.driver.rules.map((r: any) => r.id)).toEqual(FINDING_CODES);
    const results = run0.results.map((r: any) => [
      r.ruleId,
      r.level,
      r.locations[0].physicalLocation.artifactLocation.uri,
      r.locations[0].physicalLocation.region.startLine,
      r.locations[0].physicalLocation.region.startColumn,
    ]);
    expect(results).toEqual([
      ['evaluation-failed', 'warning', 'cli-broken/exits.ts', 9, 11],
      ['collision-widened', 'warning', 'cli-broken/good.ts', 7, 39],
      ['collision-widened', 'warning', 'cli-broken/good.ts', 8, 40],
      ['evaluation-failed', 'warning', 'cli-broken/syntax.ts', 6, 65],
      ['not-mountable', 'error', 'cli-errors/first.ts', 6, 21],
      ['not-mountable', 'error', 'cli-errors/second.ts', 6, 21],
    ]);
    // A collision's other declaration is a related location.
    expect(run0.results[1].relatedLocations[0].physicalLocation.region).toEqual({ startLine: 8, startColumn: 40, endLine: 8, endColumn: 42 });
  });
});

describe('check: zod 3 with MCP SDK 1.17 (the fixture pins its own node_modules)', () => {
  it('reads the older SDK and zod 3 schemas', async () => {
    const run = await runInProcess(['check', 'eval-zod3-sdk117/src/server.ts', '--flatten', 'always']);
    const message =
      "Tool send: the model sees `target.media` as unknown; rename it in one variant. Variants 'photo' (string) and 'album' (array) declare it differently.";
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('eval-zod3-sdk117/src/server.ts'))).toEqual([
      `eval-zod3-sdk117/src/server.ts:6:52 warning collision-widened ${message}`,
      `eval-zod3-sdk117/src/server.ts:7:52 warning collision-widened ${message}`,
    ]);
  });
});

describe('check: a module that never finishes loading', () => {
  it('is stopped at --timeout with a finding, keeps the tool it registered before hanging, and the file next to it is still analysed', async () => {
    const run = await runInProcess(['check', 'cli-hang', '--timeout', '1000', '--format', 'json', '--flatten', 'always']);
    expect(run.code).toBe(0);
    const out = json(run);
    // A fresh worker gets twice the limit for its first file (it also loads the SDKs then).
    const timedOut = expect.stringMatching(
      /^evaluating this file timed out, so later tools are not analysed; raise the limit with check --timeout <ms>\. Evaluation used more than (1000|2000) ms of CPU time and was stopped \(and again when run once more in a fresh worker\)\. In the editor: toolSchemaLens\.evaluation\.timeoutMs\.$/,
    );
    expect(out.diagnostics.map((d: any) => [d.file, d.line, d.column, d.code, d.tool, d.message])).toEqual([
      ['cli-hang/hang.ts', 1, 1, 'evaluation-failed', null, timedOut],
      // Registered through a bound alias discovery cannot see: still reported, at each key (the worker saw where the schema was created).
      [
        'cli-hang/ok.ts',
        8,
        101,
        'collision-widened',
        'aliased',
        "Tool aliased: the model sees `mode.v` as unknown; rename it in one variant. Variants 'a' (string) and 'b' (number) declare it differently.",
      ],
      [
        'cli-hang/ok.ts',
        8,
        149,
        'collision-widened',
        'aliased',
        "Tool aliased: the model sees `mode.v` as unknown; rename it in one variant. Variants 'a' (string) and 'b' (number) declare it differently.",
      ],
    ]);
    expect(out.tools.map((t: any) => [t.name, t.file, t.line, t.column])).toEqual([
      // Streamed by the worker when it was registered, before the loop that got the worker killed.
      ['wait_forever', 'cli-hang/hang.ts', 5, 1],
      ['aliased', 'cli-hang/ok.ts', 8, 1],
    ]);
    // A partial result is never silent: counted from the findings' failure phase, for a summary or a CI step to read.
    expect([out.diagnostics[0].failure, out.notEvaluated]).toEqual(['timeout', { files: 1, timeouts: 1, memory: 0 }]);
  });
});

describe('check: failures in imports', () => {
  it('underlines an import that does not resolve; a throw inside an imported module lands at the throw and points back at the file that ran', async () => {
    const run = await runInProcess(['check', 'cli-broken-import', '--format', 'sarif', '--no-placeholders']);
    const results = json(run).runs[0].results;
    expect(results.map((r: any) => [r.message.text, r.locations[0].physicalLocation, r.relatedLocations])).toEqual([
      [
        'loading this file threw, so its tool schemas are not analysed; set CHAT_API_BASE_URL_FOR_TESTS with check --env or .env. Error: CHAT_API_BASE_URL_FOR_TESTS is not set. It read CHAT_API_BASE_URL_FOR_TESTS, unset; in the editor, set it in toolSchemaLens.evaluation.env.',
        {
          artifactLocation: { uri: 'cli-broken-import/config.ts', uriBaseId: '%SRCROOT%' },
          region: { startLine: 3, startColumn: 21, endLine: 3, endColumn: 24 },
        },
        [
          {
            id: 1,
            physicalLocation: {
              artifactLocation: { uri: 'cli-broken-import/server.ts', uriBaseId: '%SRCROOT%' },
              region: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 69 },
            },
            message: { text: 'while this file ran' },
          },
        ],
      ],
      [
        'could not load this file, so its tool schemas are not analysed; fix the error. Could not resolve "./schemas/search".',
        {
          artifactLocation: { uri: 'cli-broken-import/missing.ts', uriBaseId: '%SRCROOT%' },
          region: { startLine: 2, startColumn: 29, endLine: 2, endColumn: 47 },
        },
        undefined,
      ],
    ]);
  });
});
