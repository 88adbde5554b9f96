// End-to-end in a real VS Code: installs the packaged .vsix into code-server, opens the examples
// workspace in headless Chromium and checks what a person would: the squiggle, the Problems entry,
// the hover with the advertised schema, "Show Advertised Schema", the rename quick fix, the code lens, the Tool
// Schemas view and Compare in the diff editor.
// Usage: `npm run e2e:vscode` (packages first). Screenshots land in test-results/vscode-e2e/; add
// `-- --update-docs` to copy the hover, Problems, code lens, Tool Schemas view and Compare shots into docs/.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createProfile, ensureCodeServer, ensureDebPackages, installExtension, startCodeServer } from './codeServer.mjs';
import { Workbench } from './workbench.mjs';

const started = Date.now();
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const results = join(root, 'test-results', 'vscode-e2e');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const steps = [];

async function step(name, fn) {
  const t = Date.now();
  process.stdout.write(`• ${name} … `);
  try {
    const note = await fn();
    steps.push({ name, ms: Date.now() - t });
    console.log(`ok (${seconds(Date.now() - t)})${note ? `: ${note}` : ''}`);
    return note;
  } catch (error) {
    console.log(`FAILED (${seconds(Date.now() - t)})`);
    throw error;
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * The examples workspace, copied (the quick fix edits it) inside the repo so the root node_modules serve it, plus
 * what real servers have and examples/ does not: a tool file that needs a secret from `.env` at load, and a file that
 * takes a while to load (about a second of CPU), both registered through a helper the server calls.
 */
function prepareWorkspace() {
  const source = join(root, 'examples');
  const target = join(results, 'workspace');
  cpSync(source, target, { recursive: true, filter: (f) => !f.includes('/node_modules') });
  writeFileSync(join(target, '.env'), 'CHAT_OPS_TOKEN=e2e-token-from-dotenv\n');
  writeFileSync(
    join(target, 'src', 'tools', 'account.ts'),
    [
      "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { z } from 'zod';",
      '',
      '// Real servers read their secrets at load and refuse to start without them.',
      'const token = process.env.CHAT_OPS_TOKEN;',
      "if (!token) throw new Error('CHAT_OPS_TOKEN is not set');",
      '',
      '// And some take a while to load (a large generated table, a warm-up).',
      'let table = 0;',
      // User and system time together: on a machine where reading the CPU time is a slow system call, a loop that
      // counts user time alone spun past the 5 s limit (the entry then failed, and the first scan outlasted the step).
      'const cpu = () => { const u = process.cpuUsage(); return u.user + u.system; };',
      'for (const end = cpu() + 1_000_000; cpu() < end; ) table++;',
      '',
      'export function registerAccountTools(server: McpServer) {',
      "  server.registerTool('whoami', { description: 'Who the token belongs to.', inputSchema: { verbose: z.boolean().optional() } }, async () => ({",
      "    content: [{ type: 'text', text: `${token.length}:${table > 0}` }],",
      '  }));',
      '}',
      '',
    ].join('\n'),
  );
  const server = join(target, 'src', 'server.ts');
  writeFileSync(
    server,
    readFileSync(server, 'utf8')
      .replace(
        "import { SearchTools } from './tools/search';",
        "import { SearchTools } from './tools/search';\nimport { registerAccountTools } from './tools/account';",
      )
      .replace('new SearchTools(server).register();', 'new SearchTools(server).register();\nregisterAccountTools(server);'),
  );
  return { source, target };
}

/**
 * The common layout of a real server (issue 51): tools one per file through a helper, an array of them registered
 * in a `for` loop in server.ts (test/fixtures/lsp-define-tool, 22 tools). Opened in the same code-server as a second
 * folder, a tool file first, trust granted with it open: every tool in the status bar once the scan is idle, the lens
 * and hover on the tool's own definition, one lens on the loop, a quick fix that removes its finding, and the view's
 * totals equal to `check --format json`.
 */
async function layoutSteps({ step, page, bench, shot, server }) {
  const layout = join(results, 'layout-workspace');
  cpSync(join(root, 'test', 'fixtures', 'lsp-define-tool'), layout, { recursive: true });
  const toolFile = 'src/tools/create-task.ts';
  let report = check(layout);
  const registered = report.tools.filter((t) => t.kind !== 'exported').length;
  const format = report.diagnostics.find((d) => d.file === toolFile && d.rule === 'format');
  assert(registered >= 20 && format, `check found ${registered} tools and ${JSON.stringify(report.diagnostics.map((d) => d.file + ':' + d.rule))}`);
  const lineOf = (file, needle) =>
    readFileSync(join(layout, file), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(needle)) + 1;

  await step(`layout: ${toolFile} open first, trust granted: all ${registered} tools in the status bar`, async () => {
    await page.goto(`${server.url}?folder=${encodeURIComponent(layout)}`, { waitUntil: 'domcontentloaded' });
    await bench.waitReady();
    await bench.openFile(toolFile);
    await bench.grantWorkspaceTrust();
    await bench.runCommand('Notifications: Clear All Notifications');
    const deadline = Date.now() + 120_000;
    let status = await bench.statusBarText();
    while (toolCount(status) !== registered || !new RegExp(`\\b${report.diagnostics.length} problems?\\b`).test(status)) {
      assert(Date.now() < deadline, `the status bar says "${status}", check found ${registered} tools and ${report.diagnostics.length} problems`);
      await page.waitForTimeout(250);
      status = await bench.statusBarText();
    }
    return status;
  });

  await step('layout: the lens and the hover on the tool where it is written', async () => {
    const lens = page.locator('.editor-group-container.active .codelens-decoration', { hasText: /tokens · 1 problem · Show schema/ }).first();
    await lens.waitFor({ timeout: 60_000 });
    await shot('tool-file-lens');
    const line = lineOf(toolFile, 'export const createTask');
    await bench.focusEditor();
    await bench.goTo(line, 'export const c'.length);
    const text = await bench.hoverAtCursor(/✗ Codex: format/);
    assert(
      text.indexOf('"properties"') >= 0 && text.indexOf('"properties"') < text.indexOf('✗ Codex: format'),
      `the hover does not lead with the schema:\n${text}`,
    );
    await shot('tool-file-hover');
    await bench.closeWidgets();
    return `${(await lens.innerText()).trim()}; ${text.split('\n')[0]}`;
  });

  await step('layout: the loop in server.ts has one lens for all its tools', async () => {
    await bench.openFile('src/server.ts');
    const lenses = page.locator('.editor-group-container.active .codelens-decoration');
    const loop = lenses.filter({ hasText: new RegExp(`${registered} tools registered here · ${report.diagnostics.length} problems · Show all`) }).first();
    await loop.waitFor({ timeout: 60_000 });
    const all = await lenses.allInnerTexts();
    assert(all.filter((t) => /tokens|registered here/.test(t)).length === 1, `lenses in server.ts: ${JSON.stringify(all)}`);
    await shot('loop-lens');
    return (await loop.innerText()).trim();
  });

  await step('layout: the preferred quick fix removes the finding, in the editor and in check', async () => {
    await bench.openFile(toolFile);
    // The cursor on the finding, as the status bar says: a Go to Line that a widget left open swallowed does not count.
    const onFinding = () => page.locator('.statusbar-item', { hasText: `Ln ${format.line}, Col ${format.column}` }).count();
    for (let attempt = 0; attempt < 3 && !(await onFinding()); attempt++) {
      await bench.closeWidgets();
      await bench.focusEditor();
      await bench.goTo(format.line, format.column);
    }
    assert(await onFinding(), `the cursor did not reach ${toolFile}:${format.line}:${format.column}`);
    const title = await bench.applyQuickFix(/^Replace `\.url\(\)`/);
    const deadline = Date.now() + 60_000;
    while (await bench.squiggleOnCursorLine('error')) {
      assert(Date.now() < deadline, `the error squiggle stayed after "${title}"`);
      await page.waitForTimeout(250);
    }
    await page.keyboard.press('Control+S');
    const file = join(layout, toolFile);
    while (!readFileSync(file, 'utf8').includes('.regex(') && Date.now() < deadline) await page.waitForTimeout(200);
    report = check(layout);
    const left = report.diagnostics.filter((d) => d.file === toolFile && d.rule === 'format').length;
    assert(left === 0, `check still reports ${left} format findings in ${toolFile} after "${title}"`);
    return title;
  });

  await step('layout: the Tool Schemas view totals equal check --format json', async () => {
    await bench.runCommand('View: Show Explorer');
    const header = page.locator('.pane-header', { hasText: 'Tool Schemas' }).first();
    await header.waitFor({ timeout: 20_000 });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    const expected = `${registered} tools · ${report.diagnostics.length} problem${report.diagnostics.length === 1 ? '' : 's'} · `;
    const row = page.locator('.monaco-list-row', { hasText: expected }).first();
    await row.waitFor({ timeout: 60_000 });
    await shot('layout-tools-view');
    return (await row.innerText()).replace(/\s+/g, ' ');
  });
}

/** The tool count the status bar shows ("6 tools, 7 problems"). */
const toolCount = (status) => Number(/(\d+) tools?\b/.exec(status)?.[1] ?? NaN);

/** What the CLI reports for the workspace: the ground truth the editor must show. */
function check(workspace) {
  // The run drives the rename quick fix of a collision, a finding of a tool that ships flattened: like the editor's
  // settings below, it counts every tool as flattened (by default a plain SDK server ships its unions as written).
  const run = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), 'check', '.', '--format', 'json', '--flatten', 'always'], {
    cwd: workspace,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`check failed (exit ${run.status}):\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

function logsOf(profileDir) {
  const logs = [];
  const walk = (dir) => {
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/Tool Schema Lens|exthost\.log|remoteagent\.log/.test(name)) logs.push(path);
    }
  };
  walk(join(profileDir, 'user-data', 'logs'));
  return logs;
}

// A wedged browser or editor must not hang CI: the run normally takes about a minute once code-server is there.
// Armed after the install, whose first run alone can take 3–10 minutes (and blocks the timer meanwhile).
function armWatchdog() {
  setTimeout(async () => {
    console.error('\nFAIL: e2e:vscode did not finish within 10 minutes of code-server being installed');
    await server?.stop();
    process.exit(1);
  }, 10 * 60_000).unref();
}

let server;
let browser;
let page;
let profileDir;
try {
  rmSync(results, { recursive: true, force: true });
  mkdirSync(results, { recursive: true });

  await step('code-server and Chromium installed', () => {
    ensureDebPackages();
    const s = ensureCodeServer();
    return s > 1 ? `installed in ${s.toFixed(0)} s` : 'cached';
  });
  armWatchdog();

  const vsix = join(root, `${manifest.name}-${manifest.version}.vsix`);
  await step('extension packaged', () => {
    // `npm run e2e:vscode` has just packaged; run directly, a missing or stale .vsix is rebuilt.
    const inputs = ['package.json', 'dist/cli.js', 'dist/server.js', 'dist/worker.js', 'dist/tokenizer.js', 'dist/tokenizerRanks.json', 'dist/client.js'].map(
      (f) => join(root, f),
    );
    const stale = !existsSync(vsix) || inputs.some((f) => !existsSync(f) || statSync(f).mtimeMs > statSync(vsix).mtimeMs);
    if (stale) execFileSync('npm', ['run', 'package', '--silent'], { cwd: root, stdio: 'inherit' });
    return `${relative(root, vsix)}${stale ? ' (rebuilt)' : ''}`;
  });

  const { source, target: workspace } = prepareWorkspace();
  let report;
  let diagnostic;
  let tool;
  await step('targets read from `check --format json`', () => {
    report = check(workspace);
    diagnostic = report.diagnostics.find((d) => d.code === 'collision-widened' && d.tool);
    assert(diagnostic, `no collision-widened finding in ${relative(root, source)}; the CLI found: ${JSON.stringify(report.diagnostics.map((d) => d.code))}`);
    tool = report.tools.find((t) => t.name === diagnostic.tool) ?? report.tools[0];
    return `${relative(root, source)}: ${diagnostic.file}:${diagnostic.line}:${diagnostic.column} (${diagnostic.tool}.${diagnostic.path})`;
  });

  profileDir = join(results, 'profile');
  // Trust is on: the folder opens in Restricted Mode, and the test grants trust in the UI, which must start
  // the analysis without a reload (the client restarts its server with isTrusted: true).
  const profile = createProfile(profileDir, {
    'security.workspace.trust.enabled': true,
    'security.workspace.trust.startupPrompt': 'never',
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'chat.disableAIFeatures': true,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'editor.minimap.enabled': false,
    'editor.fontSize': 14,
    'git.enabled': false,
    'toolSchemaLens.trace.server': 'messages',
    'toolSchemaLens.flattenUnionInput': true,
  });
  await step('vsix installed with --install-extension', () => installExtension(profile, vsix));

  await step('code-server listening', async () => {
    server = await startCodeServer(profile, workspace, join(results, 'code-server.log'), { workspaceTrust: true });
    return server.url;
  });

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  const shot = (name) => page.screenshot({ path: join(results, `${name}.png`) });
  const bench = new Workbench(page);

  await step('workbench loaded', async () => {
    await page.goto(server.url, { waitUntil: 'domcontentloaded' });
    await bench.waitReady();
  });

  await step(`opened ${diagnostic.file}`, () => bench.openFile(diagnostic.file));

  await step('untrusted: nothing runs, and a notice and the status bar say so', async () => {
    await page.locator('.statusbar-item', { hasText: 'not trusted' }).waitFor({ timeout: 60_000 });
    const notice = page.locator('.notification-toast', { hasText: 'not trusted' }).first();
    await notice.waitFor({ timeout: 30_000 });
    await shot('untrusted');
    return `${(await bench.statusBarText()).trim()}; notice: ${(await notice.innerText()).split('\n')[0].slice(0, 70)}…`;
  });

  const registered = report.tools.filter((t) => t.kind !== 'exported').length;
  await step(`trust granted: analysis starts without a reload and finds the ${registered} tools check finds`, async () => {
    assert(
      report.tools.some((t) => t.name === 'whoami'),
      `check did not find the tool that needs .env: ${JSON.stringify(report.tools.map((t) => t.name))}`,
    );
    await bench.grantWorkspaceTrust();
    // The untrusted notice has served its purpose; keep it out of the screenshots.
    await bench.runCommand('Notifications: Clear All Notifications');
    await page.waitForFunction(
      () => [...document.querySelectorAll('.statusbar-item')].some((i) => /\d+ tools?\b/.test(i.textContent) && !/not trusted/.test(i.textContent)),
      null,
      { timeout: 90_000 },
    );
    const status = await bench.statusBarText();
    assert(toolCount(status) === registered, `the status bar says "${status}", check found ${registered} tools`);
    return status;
  });

  await step('warning squiggle under the colliding key', async () => {
    await bench.focusEditor();
    await bench.goTo(diagnostic.line, diagnostic.column);
    const deadline = Date.now() + 60_000;
    while (!(await bench.squiggleOnCursorLine('warning'))) {
      assert(Date.now() < deadline, `no warning squiggle on line ${diagnostic.line}`);
      await page.waitForTimeout(250);
    }
    await shot('squiggle');
    return `line ${diagnostic.line}; status bar: ${await bench.statusBarText()}`;
  });

  await step('Problems panel lists the finding', async () => {
    const rows = await bench.problems();
    const row = rows.find((r) => r.includes(diagnostic.code) || r.includes(diagnostic.message.slice(0, 40)));
    assert(row, `no Problems row for ${diagnostic.code}; rows: ${JSON.stringify(rows)}`);
    await shot('problems');
    return row.replace(/\s+/g, ' ').slice(0, 100);
  });

  await step('hover on the colliding key shows the advertised schema', async () => {
    await bench.focusEditor();
    await bench.goTo(diagnostic.line, diagnostic.column);
    const key = diagnostic.path.split('.').pop();
    const text = await bench.hoverAtCursor(/"type"/);
    assert(text.includes(key), `the hover does not mention ${key}:\n${text}`);
    await shot('hover-key');
    await bench.closeWidgets();
    return text.replace(/\s+/g, ' ').slice(0, 100);
  });

  if (tool) {
    await step(`hover on tool ${tool.name} (${tool.file}:${tool.line}) shows its advertised schema`, async () => {
      if (tool.file !== diagnostic.file) await bench.openFile(tool.file);
      await bench.goTo(tool.line, tool.column);
      await bench.hoverAtCursor(/"properties"/);
      await shot('hover');
      await bench.closeWidgets();
      if (tool.file !== diagnostic.file) await bench.openFile(diagnostic.file);
    });
  }

  await step('"Show Advertised Schema" opens the JSON beside the source', async () => {
    await bench.goTo(diagnostic.line, diagnostic.column);
    await bench.runCommand('Tool Schema Lens: Show Advertised Schema');
    // With a tool at the cursor no pick is needed; otherwise choose the diagnostic's tool.
    const pick = page.locator('.quick-input-list .monaco-list-row', { hasText: diagnostic.tool }).first();
    const tab = page.locator('.tabs-container .tab', { hasText: '.json' }).first();
    await Promise.race([tab.waitFor({ timeout: 20_000 }), pick.waitFor({ timeout: 20_000 }).then(() => pick.click())]);
    await tab.waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => document.querySelector('.editor-group-container.active .view-lines')?.textContent.includes('"type"'), null, {
      timeout: 10_000,
    });
    const json = await bench.visibleText();
    assert(json.includes('"properties"'), `the schema document shows:\n${json}`);
    await shot('advertised-schema');
    const title = (await tab.innerText()).trim();
    await page.keyboard.press('Control+1'); // back to the source; the preview stays open beside it
    return title;
  });

  let renamedTo;
  await step('rename quick fix removes the collision', async () => {
    const file = join(workspace, diagnostic.file);
    const before = readFileSync(file, 'utf8');
    await bench.focusEditor();
    await bench.goTo(diagnostic.line, diagnostic.column);
    const title = await bench.applyQuickFix(/rename/i);
    renamedTo = /`([^`]+)`\s*$/.exec(title)?.[1];
    // The unsaved text is what gets analysed: the squiggle goes before the file is saved.
    await bench.goTo(diagnostic.line, diagnostic.column);
    const deadline = Date.now() + 30_000;
    while (await bench.squiggleOnCursorLine('warning')) {
      assert(Date.now() < deadline, `the warning squiggle on line ${diagnostic.line} stayed after "${title}"`);
      await page.waitForTimeout(250);
    }
    await shot('quick-fix');
    await page.keyboard.press('Control+S');
    while (readFileSync(file, 'utf8') === before && Date.now() < deadline) await page.waitForTimeout(200);
    assert(readFileSync(file, 'utf8') !== before, `the quick fix "${title}" did not change ${diagnostic.file} on disk`);
    const same = (d) => d.code === diagnostic.code && d.tool === diagnostic.tool && d.path === diagnostic.path;
    const left = check(workspace).diagnostics.filter(same).length;
    const had = report.diagnostics.filter(same).length;
    assert(left < had, `after "${title}" check still reports ${left} of ${had} ${diagnostic.code} findings on ${diagnostic.path}`);
    return `${title}: ${had} → ${left} ${diagnostic.code} on ${diagnostic.path}`;
  });

  if (renamedTo) {
    await step(`the open schema preview follows the edit (shows "${renamedTo}")`, async () => {
      await page.keyboard.press('Control+2');
      const deadline = Date.now() + 30_000;
      for (;;) {
        await bench.findInEditor(`"${renamedTo}"`);
        if ((await bench.visibleText()).includes(`"${renamedTo}"`)) break;
        assert(Date.now() < deadline, `the schema preview never showed "${renamedTo}"`);
        await page.waitForTimeout(500);
      }
      await shot('preview-refreshed');
    });
  }

  const waitForSquiggle = async (kind, line) => {
    const deadline = Date.now() + 60_000;
    while (!(await bench.squiggleOnCursorLine(kind))) {
      assert(Date.now() < deadline, `no ${kind} squiggle on line ${line}`);
      await page.waitForTimeout(250);
    }
  };
  // The quick fixes any finding has: suppress it on its line, or turn its code off for the project (in the project file
  // the CLI reads too, so CI agrees with the editor).
  const kept = report.diagnostics.find((d) => d.code === 'union-kept');
  if (kept) {
    await step(`"Suppress \`union-kept\` on this line" at ${kept.file}:${kept.line}`, async () => {
      const file = join(workspace, kept.file);
      await bench.openFile(kept.file);
      await bench.goTo(kept.line, kept.column);
      // The file was just opened: its own analysis answers before its quick fixes do.
      await waitForSquiggle('warning', kept.line);
      const title = await bench.applyQuickFix(/^Suppress `union-kept` on this line/);
      await page.keyboard.press('Control+S');
      const deadline = Date.now() + 30_000;
      const comment = '// tool-schema-lens-disable-next-line union-kept';
      while (!readFileSync(file, 'utf8').includes(comment)) {
        assert(Date.now() < deadline, `"${title}" did not write the comment into ${kept.file}`);
        await page.waitForTimeout(200);
      }
      const above = readFileSync(file, 'utf8').split('\n')[kept.line - 1];
      assert(above.trim() === comment, `the line above the finding reads ${JSON.stringify(above)}`);
      const left = check(workspace).diagnostics.filter((d) => d.code === 'union-kept' && d.file === kept.file).length;
      assert(left === 0, `check still reports ${left} union-kept in ${kept.file} after the comment`);
      return `${title}; indented as its line: ${JSON.stringify(above.slice(0, above.indexOf('//')))}`;
    });
  }
  const dropped = report.diagnostics.find((d) => d.code === 'strictness-dropped');
  if (dropped) {
    await step(`"Turn off \`strictness-dropped\` for this project" writes toolschemalens.config.json, and check reads it`, async () => {
      const config = join(workspace, 'toolschemalens.config.json');
      assert(!existsSync(config), 'the workspace already has a project file');
      await bench.openFile(dropped.file);
      await bench.goTo(dropped.line, dropped.column);
      await waitForSquiggle('info', dropped.line);
      const title = await bench.applyQuickFix(/^Turn off `strictness-dropped` for this project/);
      const deadline = Date.now() + 30_000;
      const written = () => existsSync(config) && readFileSync(config, 'utf8').includes('"strictness-dropped": "off"');
      while (!written()) {
        assert(Date.now() < deadline, `"${title}" did not write ${relative(workspace, config)} (exists: ${existsSync(config)})`);
        await page.waitForTimeout(200);
      }
      // A file the edit created may still be open unsaved: save all, as a person would.
      await bench.runCommand('File: Save All Files');
      const left = check(workspace).diagnostics.filter((d) => d.code === 'strictness-dropped').length;
      assert(left === 0, `check still reports ${left} strictness-dropped with the project file`);
      return `${title}: ${readFileSync(config, 'utf8').replace(/\s+/g, ' ')}`;
    });
  }

  if (tool) {
    await step(`code lens above ${tool.name}: its tokens and problems; clicking it opens the schema`, async () => {
      await bench.runCommand('View: Close All Editor Groups');
      await bench.openFile(tool.file);
      // The quick fix above renamed a key (and saved): what check says now is what the lens must say. VS Code shows
      // the lenses it cached for the file at once; the server's answer for the reopened buffer replaces them.
      const now = check(workspace).tools.find((t) => t.name === tool.name) ?? tool;
      const expected = `${now.tokens.total.toLocaleString('en-US')} tokens`;
      const lens = page.locator('.editor-group-container.active .codelens-decoration', { hasText: /tokens/ }).first();
      await lens.waitFor({ timeout: 60_000 });
      const deadline = Date.now() + 30_000;
      let title = (await lens.innerText()).trim();
      while (!title.includes(expected)) {
        assert(Date.now() < deadline, `the lens says "${title}", check says ${expected}`);
        await page.waitForTimeout(250);
        title = (await lens.innerText()).trim();
      }
      await shot('code-lens');
      await lens
        .locator('a', { hasText: /Show schema/ })
        .first()
        .click();
      const tab = page.locator('.tabs-container .tab', { hasText: `${tool.name}.json` }).first();
      await tab.waitFor({ timeout: 20_000 });
      await bench.runCommand('View: Close All Editor Groups');
      await bench.openFile(tool.file);
      return title;
    });

    await step('the Tool Schemas view lists the server and its tools with their tokens', async () => {
      await bench.runCommand('View: Show Explorer');
      const header = page.locator('.pane-header', { hasText: 'Tool Schemas' }).first();
      await header.waitFor({ timeout: 20_000 });
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      const row = page
        .locator('.monaco-list-row', { hasText: tool.name })
        .filter({ hasText: /tokens/ })
        .first();
      await row.waitFor({ timeout: 30_000 });
      const server = page.locator('.monaco-list-row', { hasText: /tools? · .*problems? · .* tokens/ }).first();
      await server.waitFor({ timeout: 10_000 });
      await shot('tools-view');
      return `${(await server.innerText()).replace(/\s+/g, ' ')} / ${(await row.innerText()).replace(/\s+/g, ' ')}`;
    });

    await step(`"Compare Shipped and Flattened" opens the diff editor for ${tool.name}`, async () => {
      await bench.focusEditor();
      await bench.goTo(tool.line, tool.column);
      await bench.runCommand('Tool Schema Lens: Compare Shipped and Flattened');
      const diff = page.locator('.editor-group-container.active .monaco-diff-editor').first();
      await diff.waitFor({ timeout: 20_000 });
      const tab = page.locator('.tabs-container .tab.active').first();
      const title = (await tab.innerText()).trim();
      assert(/as written ↔ flattened/.test(title), `the diff tab says "${title}"`);
      await page.waitForFunction(() => document.querySelector('.monaco-diff-editor .view-lines')?.textContent.includes('"type"'), null, { timeout: 10_000 });
      await page.waitForTimeout(500);
      await shot('compare');
      return title;
    });
  }

  await step('"Restart Server" starts a new server that analyses again', async () => {
    const initializeCount = () =>
      logsOf(profileDir)
        .filter((f) => f.includes('Tool Schema Lens'))
        .reduce((n, f) => n + (readFileSync(f, 'utf8').match(/Sending request 'initialize/g) ?? []).length, 0);
    const before = initializeCount();
    await bench.runCommand('Tool Schema Lens: Restart Server');
    const deadline = Date.now() + 60_000;
    while (initializeCount() <= before) {
      assert(Date.now() < deadline, `no new initialize after the restart (${before} before)`);
      await page.waitForTimeout(250);
    }
    await page.waitForFunction(() => [...document.querySelectorAll('.statusbar-item')].some((i) => /\d+ tools?\b/.test(i.textContent)), null, {
      timeout: 60_000,
    });
    // The same tools after a restart, once it has analysed: the count does not jump with how warm the workers are.
    let restarted = await bench.statusBarText();
    const settled = Date.now() + 90_000;
    while (toolCount(restarted) !== registered) {
      assert(Date.now() < settled, `after the restart the status bar says "${restarted}", check found ${registered} tools`);
      await page.waitForTimeout(250);
      restarted = await bench.statusBarText();
    }
    // A clean exit of the old server is not an error in the output channel (the library logs every exit as one).
    const falseErrors = logsOf(profileDir)
      .filter((f) => f.includes('Tool Schema Lens'))
      .flatMap((f) => readFileSync(f, 'utf8').split('\n'))
      .filter((line) => /\[?error\]?.*exited with code 0/i.test(line));
    assert(falseErrors.length === 0, `the output channel reports a clean exit as an error:\n${falseErrors.join('\n')}`);
    return `initialize requests: ${before} → ${initializeCount()}; status bar: ${restarted}`;
  });

  await step('the status bar item opens the output channel', async () => {
    await page
      .locator('.statusbar-item', { hasText: /\d+ tools?\b/ })
      .first()
      .click();
    const output = page.locator('.panel .output-view, .panel [id="workbench.panel.output"]').first();
    await output.waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => /\[(Trace|Info)/.test(document.querySelector('.panel')?.textContent ?? ''), null, { timeout: 15_000 });
    await shot('output');
  });

  await layoutSteps({ step, page, bench, shot, server });

  // Only on request (`npm run e2e:vscode -- --update-docs`): a CI or routine run leaves the checkout clean.
  const updateDocs = process.argv.includes('--update-docs');
  if (updateDocs) {
    mkdirSync(join(root, 'docs'), { recursive: true });
    // The docs show the tool hover (the whole advertised schema) where there is one, else the key's.
    copyFileSync(join(results, existsSync(join(results, 'hover.png')) ? 'hover.png' : 'hover-key.png'), join(root, 'docs', 'hover.png'));
    copyFileSync(join(results, 'problems.png'), join(root, 'docs', 'problems.png'));
    for (const name of ['code-lens', 'tools-view', 'compare', 'tool-file-hover', 'tool-file-lens', 'loop-lens']) {
      if (existsSync(join(results, `${name}.png`))) copyFileSync(join(results, `${name}.png`), join(root, 'docs', `${name}.png`));
    }
  }
  console.log(
    `\nPASS: ${steps.length} steps; screenshots in ${relative(root, results)}/${updateDocs ? ' (hover, problems, code lens, tools view and compare copied to docs/)' : ''}`,
  );
} catch (error) {
  process.exitCode = 1;
  console.error(`\nFAIL: ${error instanceof Error ? error.stack : error}`);
  if (page) await page.screenshot({ path: join(results, 'failure.png') }).catch(() => {});
  if (server) writeFileSync(join(results, 'code-server.log'), server.output());
  for (const log of profileDir ? logsOf(profileDir) : []) {
    const text = readFileSync(log, 'utf8');
    console.error(`\n--- ${relative(root, log)} (last 40 lines)\n${text.split('\n').slice(-40).join('\n')}`);
  }
} finally {
  await browser?.close().catch(() => {});
  await server?.stop();
  console.log(`e2e:vscode total run time: ${seconds(Date.now() - started)}`);
}
