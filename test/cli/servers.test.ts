/**
 * Servers as people write them (issue 9): the `servers-patterns` workspace starts from its package.json `bin`
 * (`dist/main.js` → `src/main.ts`), whose `main(argv)` calls a factory with options that registers through a
 * registry loop, a generic helper, a class constructor and a base class's `register(server)`; beside it a
 * per-request Streamable HTTP server (express), a class that registers in `init()`, an SDK 2.x factory, a
 * workspace package of schemas, a module that exits without its env key, and a test file. Each tool is found
 * once, and each finding lands on the key that declares it, whatever the schema passed through.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess, type CliRun } from './runCli';

function json(run: CliRun): any {
  return JSON.parse(run.stdout);
}

const names = (run: CliRun) =>
  json(run)
    .tools.map((t: any) => t.name)
    .sort();
/** `file:line:column code tool` of each finding, 1-based as printed. */
const findings = (run: CliRun) => json(run).diagnostics.map((d: any) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.tool ?? ''}`.trim());

describe('check on a server workspace: every tool, each once, findings on their declaration', () => {
  let run: CliRun;
  beforeAll(async () => {
    // Placement is shown by the flatten findings: the run counts every tool as flattened (a plain SDK server ships
    // its unions as written by default, reported as union-shipped at the union).
    // Without placeholders: the exiting module is the case here (test/cli/starts.test.ts has the start run again).
    run = await runInProcess(['check', 'servers-patterns', '--format', 'json', '--flatten', 'always', '--no-placeholders']);
  });

  it('finds the tools of every pattern once, the test file excluded, the exiting module not counted', () => {
    // The workspace package's exported union is what move_note takes: the tool is reported, not the schema again.
    expect(names(run)).toEqual([
      'agent_remind', // init() method
      'archive_note', // base class register(server)
      'http_status', // per-request server: its factory is called once
      'list_notes', // registry loop inside a factory with options
      'move_note', // generic helper addTool(server, def)
      'pin_note',
      'share_note',
      'tag_note', // class constructor
      'v2_lookup', // SDK 2.x
    ]);
  });

  it('says which tools were found only by calling a factory the start did not reach', () => {
    const called = Object.fromEntries(json(run).tools.map((t: any) => [t.name, t.calledFactory ?? null]));
    expect(called).toMatchObject({ list_notes: null, tag_note: null, http_status: 'getServer', agent_remind: 'NotesAgent', v2_lookup: 'createV2Server' });
  });

  it('places each finding at the key inside the literal that declares it, through helpers, registries, classes and packages', () => {
    expect(findings(run)).toEqual([
      'servers-patterns/packages/schemas/src/index.ts:5:40 collision-widened move_note',
      'servers-patterns/packages/schemas/src/index.ts:6:42 collision-widened move_note',
      'servers-patterns/src/agent.ts:14:49 collision-widened agent_remind',
      'servers-patterns/src/agent.ts:15:50 collision-widened agent_remind',
      'servers-patterns/src/needsEnv.ts:7:11 evaluation-failed',
      'servers-patterns/src/tools/classes.ts:23:62 strictness-dropped archive_note',
      'servers-patterns/src/tools/registry.ts:4:40 collision-widened share_note',
      'servers-patterns/src/tools/registry.ts:5:40 collision-widened share_note',
      'servers-patterns/src/tools/toolkit.ts:13:50 collision-widened tag_note',
      'servers-patterns/src/tools/toolkit.ts:14:50 collision-widened tag_note',
      'servers-patterns/src/v2.ts:12:46 collision-widened v2_lookup',
      'servers-patterns/src/v2.ts:13:48 collision-widened v2_lookup',
    ]);
  });

  it('says which env key a module that exits at start read unset, at its process.exit', () => {
    const exit = json(run).diagnostics.find((d: any) => d.code === 'evaluation-failed');
    expect(exit.message).toBe(
      'this module ended the process while loading, so its tool schemas are not analysed; set PATTERNS_TOKEN with check --env or .env. process.exit(1) was called. It read PATTERNS_TOKEN, unset; in the editor, set it in toolSchemaLens.evaluation.env. It printed `PATTERNS_TOKEN is not set` before.',
    );
  });

  it('with --env the module starts and its tool is found', async () => {
    const withEnv = await runInProcess(['check', 'servers-patterns', '--format', 'json', '--env', 'PATTERNS_TOKEN=not-a-secret']);
    expect(names(withEnv)).toContain('env_whoami');
    expect(findings(withEnv).filter((f: string) => f.includes('evaluation-failed'))).toEqual([]);
    expect(withEnv.stdout).not.toContain('not-a-secret');
  });

  it('test files are analysed only when --exclude replaces the default', async () => {
    expect(names(run)).not.toContain('test_only');
    const withTests = await runInProcess(['check', 'servers-patterns', '--format', 'json', '--exclude', '**/node_modules/**']);
    expect(names(withTests)).toContain('test_only');
  });

  it('a tool file checked alone (a keystroke runs it so) ships from the library: its factory gets a server the SDK can list', async () => {
    // toolkit.ts imports McpServer as a type only: the worker resolves the class, and must keep its module too,
    // or the tool falls back to the emulation ("install dependencies") although the SDK is installed.
    // Flattened like the whole run it is compared with.
    const alone = await runInProcess(['check', 'servers-patterns/src/tools/toolkit.ts', '--format', 'json', '--flatten', 'always']);
    const tool = json(alone).tools.find((t: any) => t.name === 'tag_note');
    expect([tool.source, tool.library, tool.libraryVersion]).toEqual(['library', '@modelcontextprotocol/sdk', expect.stringMatching(/^1\./)]);
    const whole = json(run).tools.find((t: any) => t.name === 'tag_note');
    expect(JSON.stringify(tool.advertised)).toBe(JSON.stringify(whole.advertised));
  });
});

const OPENAI = '(o200k_base: exact for GPT-4o, GPT-4.1, GPT-5 and o-series models, an estimate for other models)';

describe('check never reports a silent nothing', () => {
  let run: CliRun;
  beforeAll(async () => {
    run = await runInProcess(['check', 'servers-silent']);
  });

  it('says what was run and what threw when a server module yields no tool; two servers may each have a tool of one name', () => {
    expect(run.stdout).toBe(
      [
        "servers-silent/src/remote.ts:1:1 warning no-tools-found no tool was registered; name the entry point or the function that builds your server with check --entry (file#function). This file's top level ran, connectRemote() threw TypeError: Invalid URL. In the editor: toolSchemaLens.entryPoints.",
        '',
        'tool    tokens  problems  registered at',
        'search      40         0  servers-silent/src/twoServers.ts:7:1',
        'search      40         0  servers-silent/src/twoServers.ts:8:1',
        // Two servers: what each host is sent, not the folder summed.
        `2 tools in 2 servers or tool sets, 80 tokens in all ${OPENAI}; each host is sent one:`,
        '  `admin`: 1 tool, 40 tokens, 0.02% of a 200k context window',
        '  `public`: 1 tool, 40 tokens, 0.02% of a 200k context window',
        '',
        '✖ 1 problem (0 errors, 1 warning, 0 infos) in 1 file; 2 tools in 2 files checked',
        '',
      ].join('\n'),
    );
  });

  it('a workspace without any registration says 0 tools found, never "no problems"', async () => {
    const empty = await runInProcess(['check', 'servers-empty']);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('⚠ 0 tools found in 1 file checked\n');
  });
});

describe('a factory that registers by the options it is given (servers-typed)', () => {
  let run: CliRun;
  beforeAll(async () => {
    run = await runInProcess(['check', 'servers-typed', '--format', 'json']);
  });

  it('finds every tool the factory can register, calling it with arguments built from its parameter types', () => {
    // The bin's own start grants no capability, and placeholders grant none either: the typed call grants each.
    // The copy in .output/ (bundler output in a dot-folder) is not analysed: read_note is there once.
    expect(names(run)).toEqual(['edit_note', 'purge_notes', 'read_note']);
    expect(json(run).typedCalls).toEqual([{ file: 'servers-typed/src/server.ts', factory: 'buildServer' }]);
    expect(findings(run)).toEqual(['servers-typed/src/tools/notes.ts:21:13 union-shipped edit_note']);
  });

  it('invents nothing beyond the choices: an unset optional stays unset, a required key is the placeholder', () => {
    const read = json(run).tools.find((t: any) => t.name === 'read_note');
    // `limits.workspaceId` unset keeps the key the session would otherwise fill; the token is the placeholder mark,
    // as an unset variable's is: the factory is built as with a key, which goes nowhere.
    expect(Object.keys(read.advertised.properties)).toEqual(['workspaceId', 'id']);
    expect(read.definition.description).toBe('read_note (authorised)');
  });

  it('says so in the text report', async () => {
    const text = await runInProcess(['check', 'servers-typed']);
    expect(text.stdout).toContain("note: tools found by calling what the program's start did not reach when run here: buildServer() 3\n");
    expect(text.stdout).toContain(
      'note: buildServer() in servers-typed/src/server.ts registered its tools only when called with arguments built from its parameter types (required values empty, a key a placeholder, every named choice and every permission granted)\n',
    );
  });

  it('an entry checked alone whose server gets no tool says so at the entry, never a silent nothing', async () => {
    const alone = await runInProcess(['check', 'servers-typed/src/start.ts', '--format', 'json']);
    expect(names(alone)).toEqual([]);
    expect(findings(alone)).toEqual(['servers-typed/src/start.ts:1:1 no-tools-found']);
    expect(json(alone).diagnostics[0].message).toBe(
      'no tool was registered; name the entry point or the function that builds your server with check --entry (file#function). This entry point ran as the program starts, and the server it built (in server.ts) got no tool: the options it passed may enable none. In the editor: toolSchemaLens.entryPoints.',
    );
  });
});

describe('a start that awaits I/O before it registers (servers-io)', () => {
  it('is let finish: its tool is registered by the start itself, once', async () => {
    const run = await runInProcess(['check', 'servers-io', '--format', 'json']);
    const tools = json(run).tools;
    expect(tools.map((t: any) => t.name)).toEqual(['after_io']);
    // Read 40 times and resolved before registering: what the start registered, not a call of main() by the check.
    expect(tools[0].definition.description).toMatch(/^read 40 times; backend (127\.0\.0\.1|::1)$/);
    expect(tools[0].calledFactory).toBeUndefined();
  });
});

describe('a start that goes on after its top level before it registers (servers-deferred)', () => {
  it('is let finish: an import it awaits, a timer of the promise form, a timer callback; an interval it keeps is not waited on', async () => {
    const run = await runInProcess(['check', 'servers-deferred', '--format', 'json']);
    const out = json(run);
    // Each registered by its own start, once: not by the check calling a function the start had not reached yet.
    expect(out.tools.map((t: any) => [t.name, t.file, t.calledFactory ?? null, t.definition?.description ?? null])).toEqual([
      ['after_delay', 'servers-deferred/src/afterDelay.ts', null, null],
      ['after_import', 'servers-deferred/src/lazy/tools.ts', null, 'loaded 12 modules deep'],
      ['after_timer', 'servers-deferred/src/afterTimer.ts', null, null],
    ]);
    // A start that polls for a flag nothing sets is not waited on forever, and says what it was still waiting on.
    expect(out.diagnostics.map((d: any) => [d.file, d.line, d.code])).toEqual([['servers-deferred/src/pollsForReady.ts', 1, 'no-tools-found']]);
    expect(out.diagnostics[0].message).toMatch(
      /^no tool was registered; name the entry point or the function that builds your server with check --entry \(file#function\)\. This entry point ran as the program starts, and its start was still waiting on a timer \(a poll, a retry\) when the check stopped waiting, 1\.\d s after its top level ended: tools it registers after that are not seen \(if it waits for a variable, set it with toolSchemaLens\.evaluation\.env or check --env\)\./,
    );
  });

  it('registers what the polling start waited for once it is set', async () => {
    const run = await runInProcess(['check', 'servers-deferred/src/pollsForReady.ts', '--env', 'DEFERRED_READY=yes', '--format', 'json']);
    expect(json(run).tools.map((t: any) => t.name)).toEqual(['when_ready']);
    expect(json(run).diagnostics).toEqual([]);
  });
});

describe('an entry that loads what builds a server but builds none (servers-flagged)', () => {
  it('says the start built none and what it may need, not that the options enable no tool', async () => {
    const alone = await runInProcess(['check', 'servers-flagged/src/start.ts', '--format', 'json']);
    expect(names(alone)).toEqual([]);
    expect(findings(alone)).toEqual(['servers-flagged/src/start.ts:1:1 no-tools-found']);
    expect(json(alone).diagnostics[0].message).toBe(
      'no tool was registered; name the entry point or the function that builds your server with check --entry (file#function). This entry point ran as the program starts, and it loaded server.ts, which builds a server, but built none: the start may need a variable (check --env, toolSchemaLens.evaluation.env) or an argument (check --entry <this file> --arg <value>, toolSchemaLens.evaluation.argv) it did not get. In the editor: toolSchemaLens.entryPoints.',
    );
  });

  it('says when --arg reached no entry point: a bin-only package needs its start named', async () => {
    const run = await runInProcess(['check', 'servers-flagged', '--arg', 'serve', '--format', 'json']);
    expect(json(run).argvUnused).toBe(true);
    const text = await runInProcess(['check', 'servers-flagged', '--arg', 'serve']);
    expect(text.stdout).toContain(
      "note: --arg reached no entry point: a server's arguments go to what its start scripts run, else its main, else the entries named with --entry; name the server's start with --entry <file>\n",
    );
  });

  it("takes a flag as the value of --arg, as a server's own arguments mostly are", async () => {
    const run = await runInProcess([
      'check',
      'servers-flagged',
      '--entry',
      'servers-flagged/src/start.ts',
      '--arg',
      'serve',
      '--arg',
      '--verbose',
      '--format',
      'json',
    ]);
    expect(run.code).toBe(0);
    expect(json(run).tools.map((t: any) => [t.name, t.calledFactory ?? null])).toEqual([['list_notes', null]]);
    expect(json(run).argvUnused).toBeUndefined();
  });

  it('registers by its own start once it gets the argument its start command passes', async () => {
    const run = await runInProcess(['check', 'servers-flagged', '--entry', 'servers-flagged/src/start.ts', '--arg', 'serve', '--format', 'json']);
    expect(json(run).tools.map((t: any) => [t.name, t.calledFactory ?? null])).toEqual([['list_notes', null]]);
    expect(json(run).diagnostics).toEqual([]);
  });
});

describe('a variable set for evaluation that names a file outside the workspace', () => {
  it('is said up front: evaluated code sees no file there, whatever the variable says', async () => {
    const keys = path.join(mkdtempSync(path.join(os.tmpdir(), 'tsl-keys-')), 'keys.json');
    writeFileSync(keys, '{}');
    try {
      const inside = path.join(FIXTURES, 'servers-exit-caught', 'package.json');
      const run = await runInProcess(['check', 'servers-exit-caught', '--env', `CAUGHT_KEYS=${keys}`, '--env', `CAUGHT_CONFIG=${inside}`, '--format', 'json']);
      expect(json(run).unreadableEnv).toEqual([{ name: 'CAUGHT_KEYS', path: keys }]);
      const text = await runInProcess(['check', 'servers-exit-caught', '--env', `CAUGHT_KEYS=${keys}`]);
      expect(text.stdout).toContain(
        `note: CAUGHT_KEYS names ${keys}, outside the workspace: evaluated code may not read it and sees no file there; copy it into the workspace (a git-ignored folder) and point CAUGHT_KEYS at the copy\n`,
      );
    } finally {
      rmSync(path.dirname(keys), { recursive: true, force: true });
    }
  });
});

describe('an app that depends on a tool library through a package of its workspace', () => {
  it('still fails the check when no tool is found, naming the package and the library behind it', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'tsl-linked-app-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      };
      write('package.json', JSON.stringify({ name: 'linked-app', private: true, dependencies: { 'shared-core': 'workspace:*' } }, null, 2));
      write('node_modules/shared-core/package.json', JSON.stringify({ name: 'shared-core', dependencies: { '@modelcontextprotocol/sdk': '^1.32.0' } }));
      write('node_modules/.package-lock.json', '{}');
      write('src/index.ts', "export const version = '1.0.0';\n");
      const run = await runInProcess(['check', '.', '--format', 'json'], { cwd: root });
      expect(run.code).toBe(1);
      expect(json(run).diagnostics.map((d: any) => [d.file, d.line, d.code, d.severity])).toEqual([['package.json', 5, 'no-tools-found', 'error']]);
      expect(json(run).diagnostics[0].message).toMatch(/^no tool found in a workspace that depends on shared-core \(@modelcontextprotocol\/sdk\); /);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a start whose last resort logs the exit it caught (servers-exit-caught)', () => {
  it('quotes what the program printed before it exited, not what it printed of our exit after', async () => {
    const run = await runInProcess(['check', 'servers-exit-caught', '--format', 'json', '--no-placeholders']);
    expect(findings(run)).toEqual(['servers-exit-caught/src/main.ts:6:11 evaluation-failed']);
    expect(json(run).diagnostics[0].message).toBe(
      'this module ended the process while loading, so its tool schemas are not analysed; set CAUGHT_TOKEN with check --env or .env. process.exit(1) was called. It read CAUGHT_TOKEN, unset; in the editor, set it in toolSchemaLens.evaluation.env. It printed `Error: no access token; set CAUGHT_TOKEN.` before.',
    );
  });
});

describe('an entry that only serves a server it is given (servers-transport)', () => {
  it('is not taken for a builder because its JSDoc example builds one: no no-tools-found on it', async () => {
    const run = await runInProcess(['check', 'servers-transport', '--format', 'json']);
    expect(names(run)).toEqual(['add_note']);
    expect(json(run).diagnostics).toEqual([]);
  });
});

describe('a start that exits before building its server, which a sibling package builds (servers-sibling)', () => {
  it('calls the builder in the other package, as it would in the checked one, and still reports the exit', async () => {
    const run = await runInProcess(['check', 'servers-sibling/app', '--format', 'json', '--no-placeholders']);
    expect(json(run).tools.map((t: any) => [t.name, t.file, t.calledFactory ?? null])).toEqual([
      ['list_notes', 'servers-sibling/core/src/server.ts', 'buildServer'],
      ['read_note', 'servers-sibling/core/src/server.ts', 'buildServer'],
    ]);
    expect(findings(run)).toEqual(['servers-sibling/app/src/main.ts:8:11 evaluation-failed']);
  });

  it('with its key, the start builds the server itself: nothing is called for it', async () => {
    const run = await runInProcess(['check', 'servers-sibling/app', '--env', 'SIBLING_TOKEN=not-a-secret', '--format', 'json']);
    expect(json(run).tools.map((t: any) => [t.name, t.calledFactory ?? null, t.definition?.description ?? null])).toEqual([
      ['list_notes', null, 'as a user'],
      ['read_note', null, null],
    ]);
    expect(json(run).diagnostics).toEqual([]);
  });
});

describe('a workspace with an exported schema and no registration (servers-schema-only)', () => {
  it('fails the check: an exported schema is shown, never counted as the tool that keeps "0 tools" from failing', async () => {
    const run = await runInProcess(['check', 'servers-schema-only', '--format', 'json']);
    expect(run.code).toBe(1);
    expect(names(run)).toEqual(['Props']);
    expect(findings(run)).toEqual(['servers-schema-only/package.json:6:1 no-tools-found', 'servers-schema-only/src/worker.ts:1:1 no-tools-found']);
  });
});

describe("a module that changes a built-in (as an error reporter's init does) and builds its server by scopes (servers-instrumented)", () => {
  it('is still called with arguments built from its types: the change was undone, the file ran whole', async () => {
    const run = await runInProcess(['check', 'servers-instrumented', '--format', 'json']);
    expect(json(run).tools.map((t: any) => [t.name, t.calledFactory])).toEqual([
      ['list_notes', 'createServer'],
      ['purge_notes', 'createServer'],
    ]);
    expect(json(run).typedCalls).toEqual([{ file: 'servers-instrumented/src/server.ts', factory: 'createServer' }]);
    expect(findings(run)).toEqual(['servers-instrumented/src/server.ts:1:1 evaluation-failed']);
  });
});
